import { describe, expect, it } from 'vitest';
import {
  followPurchasePrice,
  inDrinkingWindow,
  purchasePrices,
  stockCost,
  surcharge,
} from './cellar-pricing';
import { BulkCreateInput, CellarWineInput, CellarWineUpdate } from './cellar-wines';
import { convertMinor } from './exchange-rates';

describe('purchase prices with and without VAT', () => {
  it('derives the price with VAT from the one without at the style’s rate', () => {
    expect(purchasePrices({ purchasePriceWovat: 10_000 }, 25)).toEqual({
      purchasePriceWovat: 10_000,
      purchasePriceWvat: 12_500,
    });
    expect(purchasePrices({ purchasePriceWovat: 9_999 }, 15)).toEqual({
      purchasePriceWovat: 9_999,
      purchasePriceWvat: 11_499,
    });
  });

  it('derives the price without VAT from the one with it, rounded to the nearest øre', () => {
    expect(purchasePrices({ purchasePriceWvat: 19_990 }, 25)).toEqual({
      purchasePriceWovat: 15_992,
      purchasePriceWvat: 19_990,
    });
  });

  it('keeps the price without VAT when both are given, and clears both on null', () => {
    expect(purchasePrices({ purchasePriceWovat: 8_000, purchasePriceWvat: 1 }, 25).purchasePriceWvat).toBe(
      10_000,
    );
    expect(purchasePrices({ purchasePriceWovat: null }, 25)).toEqual({
      purchasePriceWovat: null,
      purchasePriceWvat: null,
    });
    expect(purchasePrices({}, 25)).toEqual({});
  });
});

describe('the selling price lock', () => {
  it('lets an unlocked selling price keep its mark-up when the purchase price changes', () => {
    expect(
      followPurchasePrice({
        sellingPrice: 50_000,
        locked: false,
        oldPurchaseWvat: 20_000,
        newPurchaseWvat: 24_000,
      }),
    ).toBe(60_000);
  });

  it('keeps a locked selling price as it is', () => {
    expect(
      followPurchasePrice({
        sellingPrice: 50_000,
        locked: true,
        oldPurchaseWvat: 20_000,
        newPurchaseWvat: 24_000,
      }),
    ).toBe(50_000);
  });

  it('leaves the selling price alone when there was no purchase price to keep a mark-up over', () => {
    expect(
      followPurchasePrice({
        sellingPrice: 50_000,
        locked: false,
        oldPurchaseWvat: undefined,
        newPurchaseWvat: 24_000,
      }),
    ).toBe(50_000);
  });
});

describe('derived columns', () => {
  it('gives the surcharge as the percent mark-up over the purchase price with VAT', () => {
    expect(surcharge(30_000, 12_000)).toBe(150);
    expect(surcharge(10_000, 12_000)).toBe(-16.7);
    expect(surcharge(30_000, 0)).toBeUndefined();
    expect(surcharge(undefined, 12_000)).toBeUndefined();
  });

  it('gives the cost of the stock without VAT', () => {
    expect(stockCost(6, 10_000)).toBe(60_000);
    expect(stockCost(0, 10_000)).toBe(0);
    expect(stockCost(6, undefined)).toBeUndefined();
  });

  it('counts a year inside a drinking window, open ends included', () => {
    expect(inDrinkingWindow(2026, 2024, 2030)).toBe(true);
    expect(inDrinkingWindow(2026, 2027, 2030)).toBe(false);
    expect(inDrinkingWindow(2026, undefined, 2026)).toBe(true);
    expect(inDrinkingWindow(2026, undefined, undefined)).toBe(false);
  });

  it('converts minor units between currencies with the given rates, honouring zero-decimal currencies', () => {
    expect(convertMinor(117_000, 'NOK', 'EUR', { NOK: 1, EUR: 11.7 })).toBe(10_000);
    expect(convertMinor(10_000, 'EUR', 'JPY', { EUR: 11.7, JPY: 0.067 })).toBe(17_463);
    expect(convertMinor(5_000, 'NOK', 'NOK', {})).toBe(5_000);
  });
});

describe('cellar wine bodies', () => {
  it('reads a body without source as a catalogue wine', () => {
    expect(CellarWineInput.parse({ wineId: 'w1', quantity: 2 })).toMatchObject({
      source: 'KORK',
      wineId: 'w1',
    });
  });

  it('turns down a bottle of 100 litres and a custom wine with a suggested window', () => {
    const big = CellarWineInput.safeParse({ source: 'CUSTOM', wineName: 'X', bottleSize: 100, quantity: 1 });
    expect(big.success ? [] : big.error.issues.map((i) => i.message)).toEqual(['bottleSizeTooLarge']);
    expect(
      CellarWineInput.safeParse({ source: 'CUSTOM', wineName: 'X', bottleSize: 99.9, quantity: 1 }).success,
    ).toBe(true);
    const windowed = CellarWineInput.safeParse({
      source: 'CUSTOM',
      wineName: 'X',
      bottleSize: 0.75,
      quantity: 1,
      suggestedDrinkingWindowFrom: 2025,
    });
    expect(windowed.success ? [] : windowed.error.issues.map((i) => i.message)).toEqual([
      'customWineNoSuggestedWindow',
    ]);
  });

  it('turns down a glass of 100 cl, a negative quantity and a window that ends before it starts', () => {
    expect(CellarWineUpdate.safeParse({ glassSize: 100 }).success).toBe(false);
    expect(CellarWineUpdate.safeParse({ glassSize: 99 }).success).toBe(true);
    expect(CellarWineUpdate.safeParse({ quantity: -1 }).success).toBe(false);
    expect(CellarWineUpdate.safeParse({ drinkingWindowFrom: 2030, drinkingWindowTo: 2020 }).success).toBe(
      false,
    );
  });

  it('takes at most 500 wines in one bulk_create and names the failing entry', () => {
    const one = { wineId: 'w', quantity: 1 };
    expect(BulkCreateInput.safeParse({ ownWines: Array(500).fill(one) }).success).toBe(true);
    expect(BulkCreateInput.safeParse({ ownWines: Array(501).fill(one) }).success).toBe(false);
    const bad = BulkCreateInput.safeParse({
      ownWines: [one, { source: 'CUSTOM', wineName: 'X', quantity: 1 }],
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual([
      'ownWines.1.bottleSize',
    ]);
  });
});
