import { type CellarWine, defaultVats, POS_NAME_MAX } from '@kork/shared';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { cutName, type FeedRecipe, feedAnswer, feedCsv, feedOf } from './pos-feed';

const cellar = {
  baseCurrency: 'NOK' as const,
  defaultGlassSize: 12.5,
  vats: { ...defaultVats(), sparkling: 15 },
};

function wine(id: string, fields: Partial<CellarWine> = {}): CellarWine {
  return {
    id,
    cellarId: 'c1',
    ownerId: 'o1',
    source: 'CUSTOM',
    wineName: `Wine ${id}`,
    vintage: 2020,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    grapes: [],
    wineDisplayName: `Producer Wine ${id} 2020`,
    quantity: 3,
    placements: [],
    sellingPriceLocked: false,
    showBottleSizeInList: false,
    priceFormat: 'DECIMAL',
    currency: 'NOK',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  } as CellarWine;
}

const recipe = (id: string, fields: Partial<FeedRecipe> = {}): FeedRecipe => ({
  id,
  name: `Drink ${id}`,
  sellingPrice: 14900,
  vatPercentage: 25,
  includeInPos: true,
  ...fields,
});

describe('the product feed', () => {
  it('offers a bottle of each wine in stock or open, and a glass where it has a glass price', () => {
    const feed = feedOf(
      cellar,
      [
        wine('a', { sellingPrice: 24900, pricePerGlass: 6900 }),
        wine('b', { quantity: 0 }),
        wine('c', {
          quantity: 0,
          openBottleCl: 50,
          pricePerGlass: 8000,
          glassSize: 15,
          mainCategoryId: 'sparkling',
        }),
        wine('d', { productId: 'TILL-42' }),
      ],
      [],
      '2025-05-01T00:00:00.000Z',
    );
    expect(feed.currency).toBe('NOK');
    expect(feed.generatedAt).toBe('2025-05-01T00:00:00.000Z');
    expect(feed.products.map((p) => [p.productId, p.kind, p.price, p.stock, p.glassSizeCl])).toEqual([
      ['B-a', 'bottle', 24900, 3, undefined],
      ['G-a', 'glass', 6900, 3, 12.5],
      ['B-c', 'bottle', null, 0, undefined],
      ['G-c', 'glass', 8000, 0, 15],
      ['TILL-42', 'bottle', null, 3, undefined],
    ]);
    expect(feed.products.find((p) => p.productId === 'G-c')?.vatPercentage).toBe(15);
    expect(feed.products.find((p) => p.productId === 'B-a')?.ownWineId).toBe('a');
  });

  it('names a product by its POS name, else its display name; a glass by its POS glass name or with its size', () => {
    const feed = feedOf(
      cellar,
      [
        wine('a', { pricePerGlass: 6900 }),
        wine('b', { posName: 'Barolo', pricePerGlass: 9000 }),
        wine('c', { posName: 'Chablis', posGlassName: 'Chablis glass', pricePerGlass: 7000 }),
      ],
      [],
    );
    expect(feed.products.map((p) => p.name)).toEqual([
      'Producer Wine a 2020',
      'Producer Wine a 2020 12.5 cl',
      'Barolo',
      'Barolo 12.5 cl',
      'Chablis',
      'Chablis glass',
    ]);
  });

  it('cuts every name at the POS name limit, keeping a glass’s size', () => {
    const long = 'Domaine de la Romanée-Conti Romanée-Saint-Vivant Grand Cru';
    const feed = feedOf(
      cellar,
      [wine('a', { wineDisplayName: long, pricePerGlass: 100 })],
      [recipe('r', { name: 'x'.repeat(60) })],
    );
    for (const product of feed.products)
      expect(Array.from(product.name).length).toBeLessThanOrEqual(POS_NAME_MAX);
    expect(feed.products[0]?.name).toBe(long.slice(0, POS_NAME_MAX).trimEnd());
    expect(feed.products[1]?.name).toMatch(/ 12\.5 cl$/);
    expect(cutName('🍷'.repeat(50))).toBe('🍷'.repeat(POS_NAME_MAX));
  });

  it('offers the recipes included in the POS, by name, with their own VAT', () => {
    const feed = feedOf(
      cellar,
      [],
      [
        recipe('r2', { name: 'Spritz', posName: 'Aperol Spritz', vatPercentage: 25 }),
        recipe('r1', { name: 'Kir', sellingPrice: null, vatPercentage: 15 }),
        recipe('r3', { includeInPos: false }),
      ],
    );
    expect(feed.products).toEqual([
      { productId: 'R-r1', kind: 'recipe', name: 'Kir', price: null, vatPercentage: 15, recipeId: 'r1' },
      {
        productId: 'R-r2',
        kind: 'recipe',
        name: 'Aperol Spritz',
        price: 14900,
        vatPercentage: 25,
        recipeId: 'r2',
      },
    ]);
  });
});

describe('the feed as CSV', () => {
  it('has the header row, major units with a dot and quotes where RFC 4180 needs them', () => {
    const feed = feedOf(
      cellar,
      [wine('a', { posName: 'Barolo "Cannubi", 2019', sellingPrice: 24900, pricePerGlass: 6950 })],
      [recipe('r', { name: 'Kir', sellingPrice: null })],
    );
    const csv = feedCsv(feed);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('productId,kind,name,price,vatPercentage,stock,glassSizeCl');
    expect(lines[1]).toBe('B-a,bottle,"Barolo ""Cannubi"", 2019",249.00,25,3,');
    expect(lines[2]).toBe('G-a,glass,"Barolo ""Cannubi"", 2019 12.5 cl",69.50,25,3,12.5');
    expect(lines[3]).toBe('R-r,recipe,Kir,,25,,');
    expect(lines[4]).toBe('');
    const parsed = Papa.parse<string[]>(csv.trim());
    expect(parsed.data[1]?.[2]).toBe('Barolo "Cannubi", 2019');
  });

  it('starts a name a spreadsheet would run as a formula with an apostrophe', () => {
    const feed = feedOf(
      cellar,
      [wine('a', { posName: '=HYPERLINK("http://x.no","Klikk")' }), wine('b', { posName: '@SUM(A1)' })],
      [recipe('r', { name: '+cmd|/C calc!A0' }), recipe('s', { name: '-2+3' })],
    );
    const parsed = Papa.parse<string[]>(feedCsv(feed).trim()).data;
    const names = parsed.slice(1).map((row) => row[2]);
    expect(names.sort()).toEqual(
      [`'=HYPERLINK("http://x.no","Klikk")`, "'@SUM(A1)", "'+cmd|/C calc!A0", "'-2+3"].sort(),
    );
  });

  it('is a file to download when asked for; the JSON payload otherwise', () => {
    const feed = feedOf(cellar, [wine('a')], []);
    expect(feedAnswer(feed, undefined)).toEqual({ payload: feed });
    expect(feedAnswer(feed, 'json')).toEqual({ payload: feed });
    const answer = feedAnswer(feed, 'csv');
    expect(answer.file?.contentType).toBe('text/csv; charset=utf-8');
    expect(answer.headers?.['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(new TextDecoder().decode(answer.file?.bytes)).toBe(feedCsv(feed));
  });
});
