import { describe, expect, it } from 'vitest';
import type {
  CellarTotalsData,
  DrinkNowData,
  LowStockData,
  PairWithFoodData,
  ProposeCartData,
  ProposePriceData,
  SalesAndMarginsData,
  SearchCellarData,
} from '../../tools/outputs';
import { renderToolAnswer } from './index';

const nbsp = /\u00a0/g;
const plain = (text: string) => text.replace(nbsp, ' ');

const lowStock: LowStockData = {
  threshold: 2,
  periodDays: 90,
  count: 12,
  rows: [
    {
      cellarWineId: '01W1',
      name: 'Barolo Marenca 2016',
      vintage: 2016,
      bottles: 1,
      soldInPeriod: 45,
      daysLeft: 2,
    },
    {
      cellarWineId: '01W2',
      name: 'Chablis | Premier Cru 2020',
      vintage: 2020,
      bottles: 0,
      soldInPeriod: 0,
      daysLeft: null,
    },
  ],
};

describe('renderToolAnswer', () => {
  it('low stock: the count, the first rows as a table with links and days left, in English', () => {
    const text = renderToolAnswer('low_stock', { ...lowStock }, 'en');
    expect(text).toContain('12 wines are at or under 2 bottles. The first 2:');
    expect(text).toContain('| Wine | Bottles | Days left |');
    expect(text).toContain('| [Barolo Marenca 2016](kork:wine/01W1) | 1 | 2 |');
    // A name with a pipe does not break the table.
    expect(text).toContain('| [Chablis \\| Premier Cru 2020](kork:wine/01W2) | 0 | – |');
  });

  it('low stock in Norwegian, and an honest sentence when nothing is low', () => {
    const text = renderToolAnswer('low_stock', { ...lowStock }, 'nb');
    expect(text).toContain('12 viner har 2 flasker eller færre. De første 2:');
    expect(text).toContain('| Vin | Flasker | Dager igjen |');
    const empty = { ...lowStock, count: 0, rows: [] };
    expect(renderToolAnswer('low_stock', empty, 'en')).toBe('No wines are at or under 2 bottles.');
    expect(renderToolAnswer('low_stock', empty, 'nb')).toBe('Ingen viner har 2 flasker eller færre.');
  });

  it('totals: money in the cellar currency with each language’s separators', () => {
    const totals: CellarTotalsData = {
      currency: 'NOK',
      wines: 1234,
      winesInStock: 1100,
      bottles: 5678,
      purchaseValue: 123456750,
      sellingValue: 234567800,
      byCategory: [
        { category: 'red', wines: 1000, bottles: 5000, purchaseValue: 100000000, sellingValue: 200000000 },
        { category: 'white', wines: 234, bottles: 678, purchaseValue: 23456750, sellingValue: 34567800 },
      ],
    };
    const en = renderToolAnswer('cellar_totals', { ...totals }, 'en');
    expect(en).toContain('Your cellar holds 5,678 bottles of 1,234 wines (1,100 in stock).');
    expect(plain(en)).toContain(
      'Value at purchase price: NOK 1,234,567.50; at selling price: NOK 2,345,678.',
    );
    expect(en).toContain('| Red | 1,000 | 5,000 |');
    const nb = plain(renderToolAnswer('cellar_totals', { ...totals }, 'nb'));
    expect(nb).toContain('Kjelleren din har 5 678 flasker av 1 234 viner (1 100 på lager).');
    expect(nb).toContain('Verdi til innkjøpspris: kr 1 234 567,50; til salgspris: kr 2 345 678.');
    expect(nb).toContain('| Rødvin | 1 000 | 5 000 |');
  });

  it('search: all rows when they are all the matches, and none found said plainly', () => {
    const data: SearchCellarData = {
      currency: 'EUR',
      count: 1,
      bottles: 6,
      rows: [
        {
          cellarWineId: 'a',
          name: 'Krug Grande Cuvée NV',
          vintage: null,
          bottles: 6,
          category: 'sparkling',
          sellingPrice: 25000,
        },
      ],
    };
    const en = plain(renderToolAnswer('search_cellar', { ...data }, 'en'));
    expect(en).toContain('1 wine in your cellar matches (6 bottles):');
    expect(en).toContain('| [Krug Grande Cuvée NV](kork:wine/a) | 6 | €250 |');
    expect(renderToolAnswer('search_cellar', { ...data, count: 0, rows: [] }, 'nb')).toContain('Ingen viner');
    const placed: SearchCellarData = {
      currency: 'NOK',
      count: 2,
      bottles: 5,
      rows: [
        {
          cellarWineId: 'x',
          name: 'Barolo 2016',
          vintage: 2016,
          bottles: 3,
          category: 'red',
          locations: ['Vinskap', 'Bod'],
        },
        { cellarWineId: 'y', name: 'Barolo 2017', vintage: 2017, bottles: 2, category: 'red' },
      ],
    };
    const nb = renderToolAnswer('search_cellar', { ...placed }, 'nb');
    expect(nb).toContain('| Vin | Flasker | Plassering |');
    expect(nb).toContain('| [Barolo 2016](kork:wine/x) | 3 | Vinskap, Bod |');
    expect(nb).toContain('| [Barolo 2017](kork:wine/y) | 2 | – |');
  });

  it('drink now: the wines in their window, and when none is, what there is instead', () => {
    const data: DrinkNowData = {
      year: 2026,
      count: 2,
      bottles: 7,
      pastWindow: 1,
      withoutWindow: 0,
      rows: [
        {
          cellarWineId: 'p',
          name: 'Old Rioja 2001',
          vintage: 2001,
          bottles: 1,
          category: 'red',
          windowFrom: 2008,
          windowTo: 2020,
          pastWindow: true,
        },
        {
          cellarWineId: 'q',
          name: 'Chablis 2020',
          vintage: 2020,
          bottles: 6,
          category: 'white',
          windowFrom: 2023,
          pastWindow: false,
        },
      ],
    };
    const en = renderToolAnswer('drink_now', { ...data }, 'en');
    expect(en).toContain('2 wines (7 bottles) are ready to drink or past the window in 2026:');
    expect(en).toContain('| [Old Rioja 2001](kork:wine/p) | 1 | 2008–2020 (past) |');
    expect(en).toContain('| [Chablis 2020](kork:wine/q) | 6 | 2023– |');
    const none = { ...data, count: 0, bottles: 0, rows: [], pastWindow: 0, withoutWindow: 12 };
    expect(renderToolAnswer('drink_now', none, 'nb')).toBe(
      'Ingen av vinene du har på lager er i drikkevinduet sitt i 2026. 12 viner har ikke noe drikkevindu; du kan legge det inn på vinen.',
    );
  });

  it('pairing: the dish as the catalogue names it, in the language', () => {
    const data: PairWithFoodData = {
      food: 'lamb',
      matchedFoods: ['Lam og sau'],
      count: 1,
      rows: [
        {
          cellarWineId: 'b',
          name: 'Vietti Barolo 2019',
          vintage: 2019,
          bottles: 3,
          category: 'red',
          pairings: ['Lam og sau'],
        },
      ],
    };
    expect(renderToolAnswer('pair_with_food', { ...data }, 'en')).toContain(
      '1 wine in your cellar goes with lamb and mutton:',
    );
    expect(renderToolAnswer('pair_with_food', { ...data }, 'nb')).toContain(
      '1 vin i kjelleren din passer til lam og sau:',
    );
    const unknown = renderToolAnswer(
      'pair_with_food',
      { ...data, matchedFoods: [], count: 0, rows: [] },
      'en',
    );
    expect(unknown).toContain("I don't know which wines go with “lamb”");
  });

  it('sales: totals with margin percent, and the order of the rows said', () => {
    const data: SalesAndMarginsData = {
      currency: 'NOK',
      from: '2025-06-02',
      to: '2026-06-01',
      order: 'margin_asc',
      totals: { bottles: 1500, revenue: 45000000, cost: 20000000, margin: 25000000, marginPercent: 55.6 },
      count: 40,
      rows: [
        {
          cellarWineId: 'c',
          name: 'House Red 2022',
          vintage: 2022,
          bottles: 100,
          revenue: 1000000,
          cost: 900000,
          margin: 100000,
          marginPercent: 10,
        },
      ],
    };
    const en = plain(renderToolAnswer('sales_and_margins', { ...data }, 'en'));
    expect(en).toContain(
      'From 2 Jun 2025 to 1 Jun 2026 you sold 1,500 bottles for NOK 450,000 without VAT, a gross margin of NOK 250,000 (55.6%).',
    );
    expect(en).toContain('The wines that earned least, the first 1 of 40:');
    expect(en).toContain('| [House Red 2022](kork:wine/c) | 100 | NOK 10,000 | NOK 1,000 | 10% |');
    const nb = plain(renderToolAnswer('sales_and_margins', { ...data }, 'nb'));
    expect(nb).toContain('(55,6 %)');
    expect(nb).toContain('Vinene som tjente minst');
  });

  it('proposals say what will change and that nothing has yet', () => {
    const cart: ProposeCartData = {
      proposalId: 'p1',
      bottles: 12,
      totals: [{ currency: 'NOK', amount: 180000 }],
      items: [
        {
          supplierId: 's',
          supplierName: 'Nordvin Import AS',
          wineId: 'w',
          cellarWineId: 'c1',
          wineName: 'Barolo 2016',
          quantity: 12,
          unitPrice: 15000,
          currency: 'NOK',
        },
      ],
    };
    const en = plain(renderToolAnswer('propose_cart', { ...cart }, 'en'));
    expect(en).toContain('Proposed for your cart: 12 bottles for NOK 1,800 without VAT.');
    expect(en).toContain('| [Barolo 2016](kork:wine/c1) | Nordvin Import AS | 12 | NOK 150 |');
    expect(en).toContain('Nothing changes until you confirm it.');
    const price: ProposePriceData = {
      proposalId: 'p2',
      cellarWineId: 'c1',
      name: 'Barolo 2016',
      vintage: 2016,
      currency: 'NOK',
      currentPrice: 89000,
      newPrice: 95050,
      purchasePrice: 40000,
      newSurcharge: 137.6,
    };
    const nb = plain(renderToolAnswer('propose_price', { ...price }, 'nb'));
    expect(nb).toContain('Forslag til ny salgspris for [Barolo 2016](kork:wine/c1): kr 950,50 (nå kr 890).');
    expect(nb).toContain('137,6 % påslag');
    expect(nb).toContain('Ingenting endres før du bekrefter.');
  });
});
