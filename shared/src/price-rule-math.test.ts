import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustedPrice,
  marginOf,
  type PricedWine,
  type PriceRules,
  previewPrices,
  priceScopeOf,
  priceWine,
  rangeIndexOf,
  roundPrice,
} from './price-rule-math';
import { overlappingRange, PRICE_ROUNDINGS, PriceRuleSetInput } from './price-rules';

const kr = (n: number) => n * 100;

function wine(extra: Partial<PricedWine> = {}): PricedWine {
  return {
    id: 'w1',
    wineDisplayName: 'Barolo 2019',
    mainCategoryId: 'red',
    quantity: 6,
    purchasePriceWovat: kr(160),
    purchasePriceWvat: kr(200),
    sellingPrice: kr(450),
    pricePerGlass: kr(120),
    placements: [{ locationId: 'L1', quantity: 6 }],
    ...extra,
  };
}

const rules = (extra: Partial<PriceRules> = {}): PriceRules => ({
  basis: 'incVat',
  direction: 'increase',
  rounding: 'none',
  ranges: [
    { from: 0, to: kr(200), sellingPrice: { kind: 'percentage', value: 150 } },
    { from: kr(200), to: kr(500), sellingPrice: { kind: 'percentage', value: 120 } },
    { from: kr(500), to: null, sellingPrice: { kind: 'fixed', value: kr(600) } },
  ],
  ...extra,
});

const price = (w: PricedWine, r: PriceRules, vat = 25) => priceWine(w, r, priceScopeOf(r), vat);

describe('ranges', () => {
  it('includes from and excludes to, the last open', () => {
    const { ranges } = rules();
    expect(rangeIndexOf(ranges, 0)).toBe(0);
    expect(rangeIndexOf(ranges, kr(200) - 1)).toBe(0);
    expect(rangeIndexOf(ranges, kr(200))).toBe(1);
    expect(rangeIndexOf(ranges, kr(500) - 1)).toBe(1);
    expect(rangeIndexOf(ranges, kr(500))).toBe(2);
    expect(rangeIndexOf(ranges, kr(1_000_000))).toBe(2);
    expect(rangeIndexOf([{ from: kr(100), to: kr(200) }], kr(99))).toBe(-1);
  });

  it('prices a wine by the range its purchase price is in', () => {
    expect(price(wine({ purchasePriceWvat: kr(200) }), rules())).toMatchObject({
      outcome: 'priced',
      rangeIndex: 1,
      basisPrice: kr(200),
      sellingPrice: kr(440),
    });
    expect(price(wine({ purchasePriceWvat: kr(199) }), rules())).toMatchObject({
      rangeIndex: 0,
      sellingPrice: 49_750,
    });
    expect(price(wine({ purchasePriceWvat: kr(500) }), rules())).toMatchObject({
      rangeIndex: 2,
      sellingPrice: kr(1100),
    });
  });

  it('leaves a wine outside every range, or without the basis price, alone', () => {
    const narrow = rules({
      ranges: [{ from: kr(300), to: kr(400), sellingPrice: { kind: 'fixed', value: 1 } }],
    });
    expect(price(wine(), narrow).outcome).toBe('outside');
    expect(price(wine({ purchasePriceWvat: null }), rules()).outcome).toBe('outside');
    expect(price(wine({ purchasePriceWovat: undefined }), rules({ basis: 'exVat' })).outcome).toBe('outside');
  });
});

describe('selling price', () => {
  it('adds a percentage or a fixed amount, or takes it off, never below 0', () => {
    expect(adjustedPrice(kr(200), { kind: 'percentage', value: 150 }, 'increase')).toBe(kr(500));
    expect(adjustedPrice(kr(200), { kind: 'fixed', value: kr(50) }, 'increase')).toBe(kr(250));
    expect(adjustedPrice(kr(200), { kind: 'percentage', value: 10 }, 'decrease')).toBe(kr(180));
    expect(adjustedPrice(kr(200), { kind: 'fixed', value: kr(50) }, 'decrease')).toBe(kr(150));
    expect(adjustedPrice(kr(200), { kind: 'fixed', value: kr(500) }, 'decrease')).toBe(0);
    expect(adjustedPrice(kr(200), { kind: 'percentage', value: 1000 }, 'decrease')).toBe(0);
    expect(adjustedPrice(10_000, { kind: 'percentage', value: 10 }, 'increase')).toBe(11_000);
  });

  it('adds the style VAT to an ex VAT basis, and takes an inc VAT basis as the price', () => {
    const exVat = rules({
      basis: 'exVat',
      ranges: [{ from: 0, to: null, sellingPrice: { kind: 'percentage', value: 100 } }],
    });
    // 160 ex VAT × 2 = 320 ex VAT, + 25 % = 400.
    expect(price(wine(), exVat, 25)).toMatchObject({ basisPrice: kr(160), sellingPrice: kr(400) });
    expect(price(wine(), exVat, 15)).toMatchObject({ sellingPrice: kr(368) });
    const incVat = { ...exVat, basis: 'incVat' as const };
    expect(price(wine(), incVat, 25)).toMatchObject({ basisPrice: kr(200), sellingPrice: kr(400) });
  });

  it('decreases by the set', () => {
    const down = rules({
      direction: 'decrease',
      ranges: [{ from: 0, to: null, sellingPrice: { kind: 'percentage', value: 10 } }],
    });
    expect(price(wine(), down)).toMatchObject({ sellingPrice: kr(180) });
  });
});

describe('glass price', () => {
  const withGlass = (glassPrice: PriceRules['ranges'][number]['glassPrice']) =>
    rules({ ranges: [{ from: 0, to: null, sellingPrice: { kind: 'percentage', value: 100 }, glassPrice }] });

  it('takes a share of the new bottle price, a fixed value, or stays', () => {
    expect(price(wine(), withGlass({ kind: 'percentage', value: 25 }))).toMatchObject({
      sellingPrice: kr(400),
      glassPrice: kr(100),
    });
    expect(price(wine(), withGlass({ kind: 'fixed', value: kr(95) }))).toMatchObject({ glassPrice: kr(95) });
    expect(price(wine(), withGlass(undefined))).toMatchObject({ glassPrice: kr(120) });
    expect(price(wine({ pricePerGlass: null }), withGlass(undefined))).toMatchObject({ glassPrice: null });
  });

  it('rounds the glass price as the bottle price', () => {
    const set = { ...withGlass({ kind: 'percentage', value: 22 }), rounding: 'endsIn9' as const };
    // 400 → 409; 22 % of 409 = 89.98 → 99.
    expect(price(wine(), set)).toMatchObject({ sellingPrice: kr(409), glassPrice: kr(99) });
  });
});

describe('rounding', () => {
  const cases: [(typeof PRICE_ROUNDINGS)[number], number, number, number][] = [
    // rounding, price, up, down
    ['none', 34_012.4, 34_013, 34_012],
    ['whole', 34_012, kr(341), kr(340)],
    ['five', 34_012, kr(345), kr(340)],
    ['ten', 34_012, kr(350), kr(340)],
    ['endsIn9', 34_012, kr(349), kr(339)],
    ['endsIn90', 34_012, kr(390), kr(290)],
  ];
  it.each(cases)('%s rounds %d up to %d and down to %d', (rounding, value, up, down) => {
    expect(roundPrice(value, rounding, 'increase')).toBe(up);
    expect(roundPrice(value, rounding, 'decrease')).toBe(down);
  });

  it('keeps a price that is already rounded', () => {
    expect(roundPrice(kr(349), 'endsIn9', 'increase')).toBe(kr(349));
    expect(roundPrice(kr(349), 'endsIn9', 'decrease')).toBe(kr(349));
    expect(roundPrice(kr(390), 'endsIn90', 'decrease')).toBe(kr(390));
    expect(roundPrice(kr(350), 'ten', 'increase')).toBe(kr(350));
  });

  it('never goes below 0: a small price rounds up to the smallest allowed one', () => {
    expect(roundPrice(kr(5), 'endsIn9', 'decrease')).toBe(kr(9));
    expect(roundPrice(kr(50), 'endsIn90', 'decrease')).toBe(kr(90));
    expect(roundPrice(0, 'endsIn90', 'decrease')).toBe(kr(90));
    expect(roundPrice(kr(3), 'ten', 'decrease')).toBe(0);
    expect(roundPrice(-5, 'none', 'decrease')).toBe(0);
  });

  it('does not round float noise up', () => {
    expect(roundPrice(11_000.000000000002, 'none', 'increase')).toBe(11_000);
    expect(roundPrice(10_899.999999999998, 'whole', 'decrease')).toBe(10_900);
  });

  it('up never lowers and down never raises a price, and the result ends as promised', () => {
    const ends: Record<string, (p: number) => boolean> = {
      none: (p) => Number.isInteger(p),
      whole: (p) => p % 100 === 0,
      five: (p) => p % 500 === 0,
      ten: (p) => p % 1000 === 0,
      endsIn9: (p) => p % 1000 === 900,
      endsIn90: (p) => p % 10_000 === 9000,
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(...PRICE_ROUNDINGS),
        (value, rounding) => {
          const up = roundPrice(value, rounding, 'increase');
          const down = roundPrice(value, rounding, 'decrease');
          expect(up).toBeGreaterThanOrEqual(value);
          expect(ends[rounding]?.(up)).toBe(true);
          expect(ends[rounding]?.(down)).toBe(true);
          expect(down).toBeGreaterThanOrEqual(0);
          // Down is at most the value, unless no allowed price lies below it.
          if (down > value) expect(rounding === 'endsIn9' || rounding === 'endsIn90').toBe(true);
          // Up is the nearest: one step less would be below the value.
        },
      ),
    );
  });

  it('an increasing set never prices below the purchase price it started from', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom(...PRICE_ROUNDINGS),
        (purchase, percent, rounding) => {
          const set = rules({
            rounding,
            ranges: [{ from: 0, to: null, sellingPrice: { kind: 'percentage', value: percent } }],
          });
          const priced = price(wine({ purchasePriceWvat: purchase }), set);
          expect(priced.outcome).toBe('priced');
          if (priced.outcome === 'priced') expect(priced.sellingPrice).toBeGreaterThanOrEqual(purchase);
        },
      ),
    );
  });
});

describe('filters and locks', () => {
  it('prices only wines in the categories and with bottles in the locations', () => {
    const set = rules({ categoryIds: ['C1', 'uncategorized'], locationIds: ['L1'] });
    expect(price(wine({ wineListCategoryId: 'C1' }), set).outcome).toBe('priced');
    expect(price(wine({ wineListCategoryId: undefined }), set).outcome).toBe('priced');
    expect(price(wine({ wineListCategoryId: 'C2' }), set).outcome).toBe('outside');
    expect(price(wine({ placements: [{ locationId: 'L2', quantity: 6 }] }), set).outcome).toBe('outside');
    expect(price(wine({ placements: [] }), set).outcome).toBe('outside');
    const noLocation = rules({ locationIds: ['uncategorized'] });
    expect(price(wine({ placements: [{ locationId: null, quantity: 1 }] }), noLocation).outcome).toBe(
      'priced',
    );
    expect(price(wine(), noLocation).outcome).toBe('outside');
  });

  it('expands a location to those inside it', () => {
    const scope = priceScopeOf({ locationIds: ['L0'] }, (id) => [id, 'L1']);
    expect(priceWine(wine(), rules(), scope, 25).outcome).toBe('priced');
  });

  it('expands a category to its subcategories', () => {
    const tree: Record<string, string[]> = { red: ['red', 'burgundy', 'cote-de-nuits'], white: ['white'] };
    const scope = priceScopeOf(
      { categoryIds: ['red', 'uncategorized'] },
      undefined,
      (id) => tree[id] ?? [id],
    );
    const priced = (wineListCategoryId: string | undefined) =>
      priceWine(wine({ wineListCategoryId }), rules(), scope, 25).outcome;
    expect(priced('red')).toBe('priced');
    expect(priced('burgundy')).toBe('priced');
    expect(priced('cote-de-nuits')).toBe('priced');
    expect(priced(undefined)).toBe('priced');
    expect(priced('white')).toBe('outside');
    // Without an expansion only the listed ids match.
    const plain = priceScopeOf({ categoryIds: ['red'] });
    expect(priceWine(wine({ wineListCategoryId: 'burgundy' }), rules(), plain, 25).outcome).toBe('outside');
  });

  it('lists a locked wine in range as skipped and changes nothing', () => {
    const preview = previewPrices(
      [
        wine({ sellingPriceLocked: true }),
        wine({ id: 'w2', purchasePriceWvat: null, sellingPriceLocked: true }),
      ],
      rules(),
      {},
      () => 25,
      'NOK',
    );
    expect(preview.rows).toEqual([]);
    expect(preview.skipped).toEqual([
      { ownWineId: 'w1', wineDisplayName: 'Barolo 2019', reason: 'locked', sellingPrice: kr(450) },
    ]);
  });
});

describe('preview', () => {
  it('lists only wines whose price changes, with margins, mark-ups and totals', () => {
    const wines = [
      wine(),
      // Already at the price the rules give: left out.
      wine({ id: 'w2', sellingPrice: kr(440), pricePerGlass: kr(120) }),
      wine({
        id: 'w3',
        purchasePriceWovat: kr(80),
        purchasePriceWvat: kr(100),
        sellingPrice: null,
        quantity: 2,
      }),
    ];
    const preview = previewPrices(wines, rules(), {}, () => 25, 'NOK');
    expect(preview.count).toBe(2);
    expect(preview.rows.map((r) => r.ownWineId)).toEqual(['w1', 'w3']);
    expect(preview.rows[0]).toMatchObject({
      oldSellingPrice: kr(450),
      newSellingPrice: kr(440),
      oldGlassPrice: kr(120),
      newGlassPrice: kr(120),
      // 450 inc 25 % = 360 ex; (360 − 160) / 360 = 55.6 %. 440 → 352 ex: 54.5 %.
      oldMargin: 55.6,
      newMargin: 54.5,
      oldMarkup: 125,
      newMarkup: 120,
      rangeIndex: 1,
    });
    expect(preview.rows[1]).toMatchObject({
      oldSellingPrice: null,
      newSellingPrice: kr(250),
      oldMargin: null,
    });
    expect(preview.totals).toEqual({
      oldStockValue: kr(450) * 6,
      newStockValue: kr(440) * 6 + kr(250) * 2,
      oldAverageMargin: 55.6,
      newAverageMargin: 57.3,
    });
    expect(preview.currency).toBe('NOK');
  });

  it('finds a margin of nothing when there is no price', () => {
    expect(marginOf(null, 100, 25)).toBeNull();
    expect(marginOf(0, 100, 25)).toBeNull();
    expect(marginOf(kr(125), kr(50), 25)).toBe(50);
  });
});

describe('rule set validation', () => {
  const input = (ranges: unknown[]) => ({
    name: 'Hus',
    basis: 'incVat',
    direction: 'increase',
    rounding: 'endsIn9',
    ranges,
  });
  const pct = (value: number) => ({ kind: 'percentage', value });

  it('refuses overlapping ranges, an end not above its start and more than 1000 %', () => {
    expect(
      overlappingRange([
        { from: 0, to: 100 },
        { from: 100, to: null },
      ]),
    ).toBeUndefined();
    expect(
      overlappingRange([
        { from: 50, to: null },
        { from: 0, to: 100 },
      ]),
    ).toBe(0);
    const overlap = PriceRuleSetInput.safeParse(
      input([
        { from: 0, to: 200, sellingPrice: pct(10) },
        { from: 100, to: null, sellingPrice: pct(10) },
      ]),
    );
    expect(overlap.success).toBe(false);
    expect(overlap.error?.issues[0]).toMatchObject({ message: 'priceRangesOverlap' });
    const order = PriceRuleSetInput.safeParse(input([{ from: 200, to: 200, sellingPrice: pct(10) }]));
    expect(order.error?.issues[0]).toMatchObject({ message: 'priceRangeOrder' });
    const tooMuch = PriceRuleSetInput.safeParse(input([{ from: 0, to: null, sellingPrice: pct(1001) }]));
    expect(tooMuch.error?.issues[0]?.message).toBe('between|min=0|max=1000');
    expect(PriceRuleSetInput.safeParse(input([{ from: 0, to: null, sellingPrice: pct(1000) }])).success).toBe(
      true,
    );
  });
});
