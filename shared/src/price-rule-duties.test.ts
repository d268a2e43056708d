import { describe, expect, it } from 'vitest';
import { bottleDuties, type DutiesResult, datedRateRows, dutiesTotal } from './duties';
import {
  type BasisDuties,
  type PricedWine,
  type PriceRules,
  previewPrices,
  priceScopeOf,
  priceWine,
} from './price-rule-math';
import { PRICE_BASES, PriceRuleSetInput } from './price-rules';

const kr = (n: number) => n * 100;

/** The 2024 packaging rates and the 2025 excise for wine, as the shipped file has them. */
const rows = datedRateRows({
  rows: [
    {
      kind: 'excise',
      group: 'upTo22',
      rate: 529,
      unit: 'perVolPctLitre',
      validFrom: '2025-01-01',
      source: 'x',
    },
    {
      kind: 'environmental',
      material: 'glass',
      rate: 671,
      unit: 'perContainer',
      validFrom: '2024-01-01',
      source: 'x',
    },
    { kind: 'basic', rate: 138, unit: 'perContainer', validFrom: '2024-01-01', source: 'x' },
  ],
});

/** A 0.75 l glass bottle at 13 % on a 2025 day. */
const dutiesOf13 = bottleDuties(
  { bottleSize: 0.75, alcohol: 13, category: 'red', container: 'glass', date: '2025-06-01' },
  rows,
);

const basisOf = (result: DutiesResult): BasisDuties =>
  result.ok ? { total: dutiesTotal(result.duties) } : { missing: result.missing };

function wine(extra: Partial<PricedWine> = {}): PricedWine {
  return {
    id: 'w1',
    wineDisplayName: 'Barbera 2022',
    mainCategoryId: 'red',
    quantity: 6,
    // 100.00 net + 59.67 duties, as the importer quotes it without VAT.
    purchasePriceWovat: 15_967,
    purchasePriceWvat: 19_959,
    sellingPrice: kr(300),
    placements: [{ locationId: null, quantity: 6 }],
    ...extra,
  };
}

const net = (extra: Partial<PriceRules> = {}): PriceRules => ({
  basis: 'exVatNet',
  direction: 'increase',
  rounding: 'none',
  ranges: [
    { from: 0, to: kr(200), sellingPrice: { kind: 'percentage', value: 100 } },
    { from: kr(200), to: null, sellingPrice: { kind: 'percentage', value: 50 } },
  ],
  ...extra,
});

describe('the net basis (ex VAT, without duties)', () => {
  it('is a basis a rule set can be saved with', () => {
    expect(PRICE_BASES).toContain('exVatNet');
    const input = {
      name: 'Net',
      basis: 'exVatNet',
      direction: 'increase',
      rounding: 'none',
      ranges: net().ranges,
    };
    expect(PriceRuleSetInput.safeParse(input).success).toBe(true);
  });

  it('marks up the net price and adds the duties back before VAT (a worked example)', () => {
    // Excise 13 % × 0.75 l × 5.29 kr = 51.5775 → 51.58 kr; packaging 6.71 + 1.38 = 8.09 kr; no deposit.
    expect(dutiesOf13).toMatchObject({ ok: true, duties: { excise: 5158, packagingTax: 809, deposit: 0 } });
    const duties = basisOf(dutiesOf13);
    expect(duties).toEqual({ total: 5967 });
    // Net 159.67 − 59.67 = 100.00 (the first range); +100 % = 200.00; + 59.67 duties = 259.67;
    // + 25 % VAT = 324.5875 → 324.59 (no rounding rounds up to the øre).
    expect(priceWine(wine(), net(), {}, 25, duties)).toEqual({
      outcome: 'priced',
      rangeIndex: 0,
      basisPrice: kr(100),
      sellingPrice: 32_459,
      glassPrice: null,
      duties: 5967,
    });
    // Whole kroner: 325.
    expect(priceWine(wine(), net({ rounding: 'whole' }), {}, 25, duties)).toMatchObject({
      sellingPrice: kr(325),
    });
    // The ex VAT basis marks up the duties too: 159.67 × 2 × 1.25 = 399.175 → 399.18.
    expect(priceWine(wine(), { ...net(), basis: 'exVat' }, {}, 25)).toMatchObject({
      basisPrice: 15_967,
      sellingPrice: 39_918,
    });
  });

  it('chooses the range by the net price', () => {
    // 259.67 with duties is 200.00 net: the second range (+50 %): 300 + 59.67 = 359.67 × 1.25 = 449.5875.
    const dear = wine({ purchasePriceWovat: 25_967 });
    expect(priceWine(dear, net(), {}, 25, { total: 5967 })).toMatchObject({
      rangeIndex: 1,
      basisPrice: kr(200),
      sellingPrice: 44_959,
    });
  });

  it('leaves a wine whose duties are not known as it is, never priced from 0 duties', () => {
    const noAlcohol = bottleDuties(
      { bottleSize: 0.75, category: 'red', container: 'glass', date: '2025-06-01' },
      rows,
    );
    expect(priceWine(wine(), net(), {}, 25, basisOf(noAlcohol))).toEqual({
      outcome: 'dutiesMissing',
      missing: 'alcohol',
    });
    const beforeRates = bottleDuties(
      { bottleSize: 0.75, alcohol: 13, category: 'red', container: 'glass', date: '2020-06-01' },
      rows,
    );
    expect(priceWine(wine(), net(), {}, 25, basisOf(beforeRates))).toEqual({
      outcome: 'dutiesMissing',
      missing: 'rates',
    });
    expect(priceWine(wine(), net(), {}, 25)).toMatchObject({ outcome: 'dutiesMissing' });
    // Out of the set's filters, or without a purchase price: outside, not listed.
    expect(priceWine(wine({ purchasePriceWovat: null }), net(), {}, 25)).toEqual({ outcome: 'outside' });
    const scope = priceScopeOf({ categoryIds: ['bubbles'] });
    expect(priceWine(wine(), net(), scope, 25)).toEqual({ outcome: 'outside' });
  });

  it('lists the wines without duties in the preview and prices the others', () => {
    const preview = previewPrices(
      [wine(), wine({ id: 'w2', wineDisplayName: 'Unknown strength' })],
      net(),
      {},
      () => 25,
      'NOK',
      (id) => (id === 'w1' ? { total: 5967 } : { missing: 'alcohol' }),
    );
    expect(preview.rows).toHaveLength(1);
    expect(preview.rows[0]).toMatchObject({
      ownWineId: 'w1',
      basisPrice: kr(100),
      costWithDuties: 15_967,
      duties: 5967,
      newSellingPrice: 32_459,
    });
    expect(preview.skipped).toEqual([
      {
        ownWineId: 'w2',
        wineDisplayName: 'Unknown strength',
        reason: 'dutiesMissing',
        missing: 'alcohol',
        sellingPrice: kr(300),
      },
    ]);
    // Its price stays in the impact: unchanged.
    expect(preview.impact.stockValueAfter).toBe(32_459 * 6 + kr(300) * 6);
  });

  it('shows the cost with duties on the rows of the other bases', () => {
    const preview = previewPrices([wine()], { ...net(), basis: 'exVat' }, {}, () => 25, 'NOK');
    expect(preview.rows[0]).toMatchObject({ basisPrice: 15_967, costWithDuties: 15_967 });
    expect(preview.rows[0]).not.toHaveProperty('duties');
  });
});
