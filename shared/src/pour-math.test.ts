import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bottleCentiCl,
  centiCl,
  type PourStock,
  pour,
  pourCost,
  shortfallBottles,
  takeBottles,
  unpour,
} from './pour-math';

const BOTTLE = bottleCentiCl(0.75);
const GLASS = centiCl(12.5);

function pourGlasses(stock: PourStock, glasses: number, glass = GLASS, bottle = BOTTLE) {
  let now = stock;
  let out = 0;
  for (let i = 0; i < glasses; i++) {
    const result = pour(now, glass, bottle);
    now = result.stock;
    out += result.bottlesOut;
  }
  return { stock: now, out };
}

describe('pouring glasses', () => {
  it('works in whole hundredths of a centilitre', () => {
    expect(BOTTLE).toBe(7500);
    expect(GLASS).toBe(1250);
    expect(bottleCentiCl(0.375)).toBe(3750);
    expect(centiCl(4.05)).toBe(405);
  });

  it('opens a bottle for the first glass; the open bottle still counts in stock', () => {
    const result = pour({ quantity: 3 }, GLASS, BOTTLE);
    expect(result).toEqual({
      stock: { quantity: 3, openCentiCl: 6250 },
      bottlesOut: 0,
      pouredCentiCl: 1250,
      shortCentiCl: 0,
    });
  });

  it('takes the bottle out of stock with the sixth 12.5 cl glass of a 0.75 l bottle', () => {
    const five = pourGlasses({ quantity: 2 }, 5);
    expect(five).toEqual({ stock: { quantity: 2, openCentiCl: 1250 }, out: 0 });
    const sixth = pour(five.stock, GLASS, BOTTLE);
    expect(sixth.stock).toEqual({ quantity: 1 });
    expect(sixth.bottlesOut).toBe(1);
  });

  it('pours seven glasses from two bottles: one out, the next one open', () => {
    expect(pourGlasses({ quantity: 2 }, 7)).toEqual({ stock: { quantity: 1, openCentiCl: 6250 }, out: 1 });
    // As one line of seven glasses.
    const line = pour({ quantity: 2 }, 7 * GLASS, BOTTLE);
    expect(line.stock).toEqual({ quantity: 1, openCentiCl: 6250 });
    expect(line.bottlesOut).toBe(1);
  });

  it('spans two bottles when the glass is bigger than what is left', () => {
    const result = pour({ quantity: 2, openCentiCl: 500 }, centiCl(15), BOTTLE);
    expect(result.stock).toEqual({ quantity: 1, openCentiCl: 6500 });
    expect(result.bottlesOut).toBe(1);
    expect(result.pouredCentiCl).toBe(1500);
  });

  it('empties a bottle in five 15 cl glasses and in six 12.5 cl ones', () => {
    expect(pourGlasses({ quantity: 1 }, 5, centiCl(15))).toEqual({ stock: { quantity: 0 }, out: 1 });
    expect(pourGlasses({ quantity: 1 }, 5, GLASS).stock).toEqual({ quantity: 1, openCentiCl: 1250 });
  });

  it('pours three 12.5 cl glasses from a 0.375 l bottle', () => {
    const half = bottleCentiCl(0.375);
    expect(pourGlasses({ quantity: 1 }, 2, GLASS, half).stock).toEqual({ quantity: 1, openCentiCl: 1250 });
    expect(pourGlasses({ quantity: 1 }, 3, GLASS, half)).toEqual({ stock: { quantity: 0 }, out: 1 });
  });

  it('pours a recipe amount times servings', () => {
    const result = pour({ quantity: 1 }, centiCl(4) * 3, BOTTLE);
    expect(result.stock).toEqual({ quantity: 1, openCentiCl: 6300 });
    expect(result.pouredCentiCl).toBe(1200);
  });

  it('never refuses for stock: what is missing is the shortfall and stock stays at 0', () => {
    const none = pour({ quantity: 0 }, GLASS, BOTTLE);
    expect(none).toEqual({ stock: { quantity: 0 }, bottlesOut: 0, pouredCentiCl: 0, shortCentiCl: 1250 });
    const last = pour({ quantity: 1, openCentiCl: 500 }, GLASS, BOTTLE);
    expect(last).toEqual({ stock: { quantity: 0 }, bottlesOut: 1, pouredCentiCl: 500, shortCentiCl: 750 });
    expect(shortfallBottles(750, BOTTLE)).toBe(0.1);
    // An open bottle with no bottle in stock (the stock was set to 0 since) is not poured from.
    expect(pour({ quantity: 0, openCentiCl: 4000 }, GLASS, BOTTLE).shortCentiCl).toBe(1250);
  });

  it('costs a pour by its share of the bottle', () => {
    expect(pourCost(12_000, GLASS, BOTTLE)).toBe(2000);
    expect(pourCost(10_000, centiCl(4), BOTTLE)).toBe(533);
  });
});

describe('selling bottles', () => {
  it('takes sealed bottles first and keeps the open one', () => {
    expect(takeBottles({ quantity: 3, openCentiCl: 2000 }, 2, BOTTLE)).toEqual({
      stock: { quantity: 1, openCentiCl: 2000 },
      taken: 2,
      short: 0,
    });
  });

  it('takes the open bottle last, and records what stock did not have', () => {
    expect(takeBottles({ quantity: 2, openCentiCl: 2000 }, 3, BOTTLE)).toEqual({
      stock: { quantity: 0 },
      taken: 2,
      short: 1,
    });
  });
});

describe('taking a pour back', () => {
  it('puts a glass back into the open bottle', () => {
    expect(unpour({ quantity: 2, openCentiCl: 5000 }, 0, GLASS, BOTTLE)).toEqual({
      quantity: 2,
      openCentiCl: 6250,
    });
  });

  it('undoes the sixth glass: the bottle is back with its last glass in it', () => {
    expect(unpour({ quantity: 1 }, 1, GLASS, BOTTLE)).toEqual({ quantity: 2, openCentiCl: 1250 });
    expect(unpour({ quantity: 0 }, 1, GLASS, BOTTLE)).toEqual({ quantity: 1, openCentiCl: 1250 });
  });

  it('a bottle filled up again is a sealed bottle', () => {
    expect(unpour({ quantity: 1, openCentiCl: 6250 }, 0, GLASS, BOTTLE)).toEqual({ quantity: 1 });
  });

  it('undoes any pour on an untouched stock', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.option(fc.integer({ min: 1, max: BOTTLE - 1 }), { nil: undefined }),
        fc.integer({ min: 1, max: 5 * BOTTLE }),
        (quantity, open, amount) => {
          const stock: PourStock =
            quantity > 0 && open !== undefined ? { quantity, openCentiCl: open } : { quantity };
          const result = pour(stock, amount, BOTTLE);
          expect(result.stock.quantity).toBeGreaterThanOrEqual(0);
          expect(result.pouredCentiCl + result.shortCentiCl).toBe(amount);
          expect(unpour(result.stock, result.bottlesOut, result.pouredCentiCl, BOTTLE)).toEqual(stock);
        },
      ),
    );
  });
});
