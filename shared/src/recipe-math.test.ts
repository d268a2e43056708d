import { describe, expect, it } from 'vitest';
import { defaultVats } from './cellar';
import {
  costPerCl,
  costPercentage,
  exactIngredientCost,
  recipeCost,
  recipeFigures,
  recipeVatPercentage,
  sellBuyRatio,
  sellingPriceExVat,
} from './recipe-math';
import type { RecipeIngredientInput } from './recipes';

const gin = { purchasePriceWovat: 30_000, bottleSize: 0.7 };
const vermouth = { purchasePriceWovat: 15_000, bottleSize: 0.75 };
const wines: Record<string, { purchasePriceWovat?: number; bottleSize: number }> = { gin, vermouth };
const wineOf = (id: string) => wines[id];

describe('ingredient cost', () => {
  it('prices a wine by the centilitre from its bottle size in litres', () => {
    // 300 kr for 70 cl: 4.2857… kr per cl.
    expect(costPerCl(gin)).toBeCloseTo(30_000 / 70, 10);
    expect(exactIngredientCost({ kind: 'wine', ownWineId: 'gin', amountCl: 4 }, gin)).toBeCloseTo(
      (30_000 / 70) * 4,
      10,
    );
    // 150 kr for a 1.5 l magnum is 1 kr per cl.
    expect(costPerCl({ purchasePriceWovat: 15_000, bottleSize: 1.5 })).toBe(100);
  });

  it('prices an other ingredient at its cost per unit times the amount', () => {
    expect(
      exactIngredientCost(
        { kind: 'other', name: 'Tonic', amount: 20, unit: 'cl', costPerUnit: 15 },
        undefined,
      ),
    ).toBe(300);
    expect(
      exactIngredientCost(
        { kind: 'other', name: 'Lime', amount: 0.5, unit: 'stk', costPerUnit: 301 },
        undefined,
      ),
    ).toBe(150.5);
  });

  it('is unknown for a wine without a purchase price, or a wine that is gone', () => {
    expect(costPerCl({ bottleSize: 0.75 })).toBeNull();
    expect(costPerCl({ purchasePriceWovat: null, bottleSize: 0.75 })).toBeNull();
    expect(
      exactIngredientCost({ kind: 'wine', ownWineId: 'x', amountCl: 4 }, { bottleSize: 0.75 }),
    ).toBeNull();
    expect(exactIngredientCost({ kind: 'wine', ownWineId: 'x', amountCl: 4 }, undefined)).toBeNull();
  });
});

describe('recipe cost', () => {
  it('sums the unrounded costs and rounds once', () => {
    // Three pours of 1.4 øre each: rounded one by one they would make 3, summed first 4.2 → 4.
    expect(recipeCost([1.4, 1.4, 1.4])).toBe(4);
    // 0.5 + 0.5 + 0.5 = 1.5 → 2, where rounding each first would make 3.
    expect(recipeCost([0.5, 0.5, 0.5])).toBe(2);
    expect(recipeCost([])).toBe(0);
  });

  it('is null while any ingredient cost is unknown', () => {
    expect(recipeCost([100, null, 50])).toBeNull();
  });
});

describe('selling price, ratio and cost percentage', () => {
  it('takes the VAT out of the selling price', () => {
    expect(sellingPriceExVat(12_500, 25)).toBe(10_000);
    expect(sellingPriceExVat(undefined, 25)).toBeNull();
    expect(sellingPriceExVat(null, 25)).toBeNull();
  });

  it('works out the sell/buy ratio with two decimals and the cost percentage with one', () => {
    expect(sellBuyRatio(10_000, 3_000)).toBe(3.33);
    expect(costPercentage(3_000, 10_000)).toBe(30);
    expect(costPercentage(2_345, 10_000)).toBe(23.5);
    expect(sellBuyRatio(10_000, 2_345)).toBe(4.26);
  });

  it('is null where a part is missing or zero', () => {
    expect(sellBuyRatio(null, 3_000)).toBeNull();
    expect(sellBuyRatio(10_000, null)).toBeNull();
    expect(sellBuyRatio(10_000, 0)).toBeNull();
    expect(sellBuyRatio(0, 3_000)).toBeNull();
    expect(costPercentage(3_000, 0)).toBeNull();
    expect(costPercentage(0, 10_000)).toBeNull();
    expect(costPercentage(null, 10_000)).toBeNull();
    expect(costPercentage(3_000, null)).toBeNull();
  });
});

describe('VAT', () => {
  it('defaults to the cellar’s VAT for spirits', () => {
    const vats = { ...defaultVats(), spirits: 25, red: 15 };
    expect(recipeVatPercentage(undefined, vats)).toBe(25);
    expect(recipeVatPercentage(null, { ...vats, spirits: 22 })).toBe(22);
    expect(recipeVatPercentage(15, vats)).toBe(15);
    expect(recipeVatPercentage(0, vats)).toBe(0);
  });
});

describe('every figure of a recipe', () => {
  const negroni: RecipeIngredientInput[] = [
    { kind: 'wine', ownWineId: 'gin', amountCl: 3 },
    { kind: 'wine', ownWineId: 'vermouth', amountCl: 3 },
    { kind: 'other', name: 'Orange peel', amount: 1, unit: 'stk', costPerUnit: 200 },
  ];

  it('answers the cost, the price without VAT, the ratio and the percentage', () => {
    const figures = recipeFigures(negroni, wineOf, 16_000, 25);
    // Gin 3 cl: 1285.714…; vermouth 3 cl: 600; peel 200. Sum 2085.714… → 2086.
    expect(figures.ingredientCosts).toEqual([1286, 600, 200]);
    expect(figures.missing).toEqual([false, false, false]);
    expect(figures.cost).toBe(2086);
    expect(figures.sellingPriceExVat).toBe(12_800);
    expect(figures.sellBuyRatio).toBe(6.14);
    expect(figures.costPercentage).toBe(16.3);
  });

  it('marks a wine that is gone as missing and leaves the cost and its ratios unknown', () => {
    const figures = recipeFigures(
      [...negroni, { kind: 'wine', ownWineId: 'gone', amountCl: 2 }],
      wineOf,
      16_000,
      25,
    );
    expect(figures.missing).toEqual([false, false, false, true]);
    expect(figures.ingredientCosts[3]).toBeNull();
    expect(figures.cost).toBeNull();
    expect(figures.sellingPriceExVat).toBe(12_800);
    expect(figures.sellBuyRatio).toBeNull();
    expect(figures.costPercentage).toBeNull();
  });

  it('follows a changed purchase price at once', () => {
    const before = recipeFigures(negroni, wineOf, null, 25);
    const after = recipeFigures(
      negroni,
      (id) => (id === 'gin' ? { ...gin, purchasePriceWovat: 35_000 } : wineOf(id)),
      null,
      25,
    );
    expect(after.cost).toBe(2300);
    expect(after.cost).not.toBe(before.cost);
    expect(after.sellBuyRatio).toBeNull();
  });
});

describe('duties in the cost', () => {
  // A 0.7 l gin at 40 % in 2025: excise 40 × 0.7 × 9.03 kr = 252.84 kr, packaging 6.71 + 1.38 kr:
  // 260.93 kr of duties in its 300 kr without VAT.
  const ginWithDuties = { ...gin, duties: { total: 26_093 } };
  const negroni: RecipeIngredientInput[] = [
    { kind: 'wine', ownWineId: 'gin', amountCl: 3 },
    { kind: 'wine', ownWineId: 'vermouth', amountCl: 3 },
    { kind: 'other', name: 'Orange peel', amount: 1, unit: 'stk', costPerUnit: 200 },
  ];

  it("shows each wine's share of its duties and the recipe's, inside the cost, not on top of it", () => {
    const figures = recipeFigures(
      negroni,
      (id) =>
        id === 'gin'
          ? ginWithDuties
          : id === 'vermouth'
            ? { ...vermouth, duties: { total: 4_000 } }
            : undefined,
      16_000,
      25,
    );
    // Gin 3 cl of 70: 26 093 × 3 / 70 = 1118.27… → 1118; vermouth 3 of 75: 160. Summed once: 1278.27 → 1278.
    expect(figures.ingredientDuties).toEqual([{ share: 1118 }, { share: 160 }, undefined]);
    expect(figures.duties).toBe(1278);
    // The cost is as it was: the purchase price already holds the duties.
    expect(figures.cost).toBe(2086);
  });

  it("says what a wine's duties lack and leaves the cost as it is", () => {
    const figures = recipeFigures(
      negroni,
      (id) =>
        id === 'gin'
          ? ginWithDuties
          : id === 'vermouth'
            ? { ...vermouth, duties: { missing: 'alcohol' as const } }
            : undefined,
      16_000,
      25,
    );
    expect(figures.ingredientDuties[1]).toEqual({ missing: 'alcohol' });
    expect(figures.duties).toBeNull();
    expect(figures.cost).toBe(2086);
  });
});
