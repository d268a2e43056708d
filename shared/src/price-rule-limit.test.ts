import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { followPurchasePrice } from './cellar-pricing';
import { type PricedWine, type PriceRules, previewPrices, priceScopeOf, priceWine } from './price-rule-math';
import { PRICE_ROUNDINGS } from './price-rules';
import { MONEY_MAX_MINOR } from './schema-primitives';

/** No price the automator or a price review proposes is above the largest sum of money. */

const wine = (extra: Partial<PricedWine> = {}): PricedWine => ({
  id: 'w1',
  wineDisplayName: 'Romanée-Conti 1945',
  mainCategoryId: 'red',
  quantity: 1,
  purchasePriceWovat: MONEY_MAX_MINOR * 0.8,
  purchasePriceWvat: MONEY_MAX_MINOR,
  sellingPrice: MONEY_MAX_MINOR,
  pricePerGlass: null,
  placements: [{ locationId: null, quantity: 1 }],
  ...extra,
});

const thousandPercent: PriceRules = {
  basis: 'incVat',
  direction: 'increase',
  rounding: 'none',
  ranges: [{ from: 0, to: null, sellingPrice: { kind: 'percentage', value: 1000 } }],
};

describe('prices at the money limit', () => {
  it('leaves a wine +1000 % would price at 110 000 000 kr as it is, and says why', () => {
    const priced = priceWine(wine(), thousandPercent, priceScopeOf(thousandPercent), 25);
    expect(priced.outcome).toBe('tooHigh');
    const preview = previewPrices([wine()], thousandPercent, {}, () => 25, 'NOK');
    expect(preview.rows).toEqual([]);
    expect(preview.skipped).toEqual([
      {
        ownWineId: 'w1',
        wineDisplayName: 'Romanée-Conti 1945',
        reason: 'tooHigh',
        sellingPrice: MONEY_MAX_MINOR,
      },
    ]);
  });

  it('never prices above the limit, whatever the rule, rounding and basis', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MONEY_MAX_MINOR }),
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom(...PRICE_ROUNDINGS),
        fc.constantFrom('incVat' as const, 'exVat' as const),
        fc.integer({ min: 0, max: 1000 }),
        (basis, percent, rounding, basisKind, glassPercent) => {
          const rules: PriceRules = {
            basis: basisKind,
            direction: 'increase',
            rounding,
            ranges: [
              {
                from: 0,
                to: null,
                sellingPrice: { kind: 'percentage', value: percent },
                glassPrice: { kind: 'percentage', value: glassPercent },
              },
            ],
          };
          const w = wine({ purchasePriceWvat: basis, purchasePriceWovat: basis });
          const priced = priceWine(w, rules, priceScopeOf(rules), 25);
          if (priced.outcome === 'priced') {
            expect(priced.sellingPrice).toBeLessThanOrEqual(MONEY_MAX_MINOR);
            expect(priced.glassPrice ?? 0).toBeLessThanOrEqual(MONEY_MAX_MINOR);
          }
        },
      ),
    );
  });

  it('keeps a mark-up that would pass the limit at the limit', () => {
    expect(
      followPurchasePrice({
        sellingPrice: MONEY_MAX_MINOR,
        locked: false,
        oldPurchaseWvat: 10_000,
        newPurchaseWvat: 20_000,
      }),
    ).toBe(MONEY_MAX_MINOR);
  });
});
