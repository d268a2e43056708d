import { describe, expect, it } from 'vitest';
import {
  type PricedWine,
  type PriceRules,
  previewPrices,
  priceImpact,
  priceScopeOf,
  priceWine,
  soldByGlass,
} from './price-rule-math';
import { PRICE_RULE_LIMITS, PriceRuleSetInput, PriceRuleSetUpdate } from './price-rules';

const kr = (n: number) => n * 100;

function wine(extra: Partial<PricedWine> = {}): PricedWine {
  return {
    id: 'w1',
    wineDisplayName: 'Barolo 2019',
    mainCategoryId: 'red',
    quantity: 6,
    purchasePriceWovat: kr(80),
    purchasePriceWvat: kr(100),
    sellingPrice: kr(470),
    pricePerGlass: kr(95),
    placements: [{ locationId: 'L1', quantity: 6 }],
    ...extra,
  };
}

/** ×2.5 on the purchase price with VAT, a glass at a quarter of the bottle. */
const rules = (extra: Partial<PriceRules> = {}): PriceRules => ({
  basis: 'incVat',
  direction: 'increase',
  rounding: 'none',
  ranges: [
    {
      from: 0,
      to: null,
      sellingPrice: { kind: 'percentage', value: 150 },
      glassPrice: { kind: 'percentage', value: 25 },
    },
  ],
  ...extra,
});

const price = (w: PricedWine, r: PriceRules) => priceWine(w, r, priceScopeOf(r), 25);

describe('the house white: "increase" is the mark-up on the purchase price, not on the current price', () => {
  it('a selling price above the rule falls to the rule; raise only keeps it', () => {
    // 85 kr ex VAT = 106.25 kr with VAT; +150 % = 265.63 kr, rounded up to end in 9: 269 kr.
    const houseWhite = wine({ purchasePriceWovat: 8_500, purchasePriceWvat: 10_625, sellingPrice: 47_000 });
    expect(price(houseWhite, rules({ rounding: 'endsIn9' }))).toMatchObject({ sellingPrice: 26_900 });
    expect(price(houseWhite, rules({ rounding: 'endsIn9', raiseOnly: true }))).toMatchObject({
      sellingPrice: 47_000,
      glassPrice: kr(95) + 2_400, // a quarter of 470 kr is 117.50, rounded up to 119 kr: a rise
    });
  });
});

describe('raise only', () => {
  it('never lowers the selling or the glass price, and still raises them', () => {
    const high = wine({ sellingPrice: kr(900), pricePerGlass: kr(400) });
    expect(price(high, rules({ raiseOnly: true }))).toMatchObject({
      sellingPrice: kr(900),
      glassPrice: kr(400),
    });
    const low = wine({ sellingPrice: kr(100), pricePerGlass: kr(20) });
    expect(price(low, rules({ raiseOnly: true }))).toMatchObject({
      sellingPrice: kr(250),
      glassPrice: 6_250,
    });
  });

  it('gives a price to a wine without one', () => {
    expect(price(wine({ sellingPrice: null }), rules({ raiseOnly: true }))).toMatchObject({
      sellingPrice: kr(250),
    });
  });

  it('over a preview: nothing falls', () => {
    const wines = [100, 200, 250, 300, 900].map((selling, i) =>
      wine({ id: `w${i}`, sellingPrice: kr(selling) }),
    );
    expect(previewPrices(wines, rules(), {}, () => 25, 'NOK').impact).toMatchObject({
      up: 2,
      down: 2,
      same: 1,
    });
    const raiseOnly = rules({ raiseOnly: true });
    const preview = previewPrices(wines, raiseOnly, priceScopeOf(raiseOnly), () => 25, 'NOK');
    expect(preview.impact).toMatchObject({ up: 2, down: 0, same: 3 });
    for (const row of preview.rows)
      expect(row.newSellingPrice).toBeGreaterThanOrEqual(row.oldSellingPrice ?? 0);
  });
});

describe('exclusions', () => {
  const wines = [
    wine({ id: 'a', wineListCategoryId: 'red' }),
    wine({ id: 'b', wineListCategoryId: 'burgundy' }),
    wine({ id: 'c', wineListCategoryId: 'white' }),
    wine({ id: 'd', wineListCategoryId: null }),
  ];
  const priced = (r: PriceRules) => {
    const scope = priceScopeOf(r, undefined, (id) => (id === 'red' ? ['red', 'burgundy'] : [id]));
    return wines.filter((w) => priceWine(w, r, scope, 25).outcome === 'priced').map((w) => w.id);
  };

  it('leaves out a category and the ones below it', () => {
    expect(priced(rules({ excludeCategoryIds: ['red'] }))).toEqual(['c', 'd']);
    expect(priced(rules({ excludeCategoryIds: ['uncategorized'] }))).toEqual(['a', 'b', 'c']);
  });

  it('leaves out named wines, together with the category filter', () => {
    expect(priced(rules({ excludeWineIds: ['c'] }))).toEqual(['a', 'b', 'd']);
    expect(priced(rules({ categoryIds: ['red'], excludeWineIds: ['b'] }))).toEqual(['a']);
  });

  it('are bounded lists of ids in the schema', () => {
    const base = {
      name: 'S',
      basis: 'incVat',
      direction: 'increase',
      rounding: 'none',
      ranges: rules().ranges,
    };
    expect(PriceRuleSetInput.safeParse({ ...base, raiseOnly: true, excludeWineIds: ['w1'] }).success).toBe(
      true,
    );
    const tooMany = Array.from({ length: PRICE_RULE_LIMITS.excludedWinesMax + 1 }, (_, i) => `w${i}`);
    expect(PriceRuleSetInput.safeParse({ ...base, excludeWineIds: tooMany }).success).toBe(false);
    expect(PriceRuleSetInput.safeParse({ ...base, raiseOnly: 'yes' }).success).toBe(false);
    expect(PriceRuleSetUpdate.safeParse({ excludeCategoryIds: null }).success).toBe(true);
  });
});

describe('glass prices only for wines sold by the glass', () => {
  it('a gin bottle with no glass price or glass size gets none', () => {
    const gin = wine({ mainCategoryId: 'spirits', pricePerGlass: null, glassSize: null });
    expect(soldByGlass(gin)).toBe(false);
    expect(price(gin, rules())).toMatchObject({ outcome: 'priced', sellingPrice: kr(250), glassPrice: null });
  });

  it("a wine with a glass price or a glass size of its own gets the rule's", () => {
    expect(price(wine(), rules())).toMatchObject({ glassPrice: 6_250 });
    const bySize = wine({ pricePerGlass: null, glassSize: 12 });
    expect(price(bySize, rules())).toMatchObject({ glassPrice: 6_250 });
    const spiritByGlass = wine({ mainCategoryId: 'spirits', pricePerGlass: null, glassSize: 4 });
    expect(price(spiritByGlass, rules())).toMatchObject({ glassPrice: 6_250 });
  });
});

describe('impact summary', () => {
  it('counts rises, falls and stays; the largest five each way; stock value over the whole cellar', () => {
    const decisions = [
      ...[10, 20, 30, 40, 50, 60].map((by, i) => ({
        wine: { id: `up${i}`, wineDisplayName: `Up ${i}`, quantity: 1, sellingPrice: kr(100) },
        newSellingPrice: kr(100 + by),
      })),
      {
        wine: { id: 'down', wineDisplayName: 'Down', quantity: 2, sellingPrice: kr(470) },
        newSellingPrice: kr(269),
      },
      {
        wine: { id: 'same', wineDisplayName: 'Same', quantity: 3, sellingPrice: kr(200) },
        newSellingPrice: kr(200),
      },
      {
        wine: { id: 'new', wineDisplayName: 'New', quantity: 1, sellingPrice: null },
        newSellingPrice: kr(5),
      },
      // Left as it is by the set: counted in the stock value only.
      { wine: { id: 'left', wineDisplayName: 'Left', quantity: 10, sellingPrice: kr(1000) } },
    ];
    const impact = priceImpact(decisions);
    expect(impact).toMatchObject({ up: 7, down: 1, same: 1 });
    expect(impact.stockValueBefore).toBe(kr(600 + 940 + 600 + 10_000));
    expect(impact.stockValueAfter).toBe(kr(600 + 210 + 538 + 600 + 5 + 10_000));
    expect(impact.largestRises.map((c) => c.ownWineId)).toEqual(['up5', 'up4', 'up3', 'up2', 'up1']);
    expect(impact.largestFalls).toEqual([
      { ownWineId: 'down', wineDisplayName: 'Down', oldSellingPrice: kr(470), newSellingPrice: kr(269) },
    ]);
  });

  it('a preview carries it: the stock value counts wines outside the set too', () => {
    const inside = wine({ id: 'in', quantity: 2, sellingPrice: kr(470) });
    const outside = wine({ id: 'out', quantity: 4, sellingPrice: kr(300), purchasePriceWvat: null });
    const { impact, totals } = previewPrices([inside, outside], rules(), {}, () => 25, 'NOK');
    expect(impact).toMatchObject({ up: 0, down: 1, same: 0 });
    expect(impact.stockValueBefore).toBe(kr(940 + 1200));
    expect(impact.stockValueAfter).toBe(kr(500 + 1200));
    expect(totals.oldStockValue).toBe(kr(940));
  });
});
