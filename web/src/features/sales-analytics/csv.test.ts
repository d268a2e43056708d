import type { SalesAnalytics, SalesFigures, WineFigures } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { type CsvHeadings, decimalMarkOf, majorUnits, periodCsvRows, toCsv, wineCsvRows } from './csv';

const BOM = '\uFEFF';

describe('toCsv', () => {
  it('separates cells with semicolons and rows with CRLF, byte order mark first', () => {
    expect(
      toCsv([
        ['Wine', 'Bottles'],
        ['Chablis', 12],
      ]),
    ).toBe(`${BOM}Wine;Bottles\r\nChablis;12\r\n`);
  });

  it('quotes text holding a separator, a quote or a line break', () => {
    expect(toCsv([['Barolo; Cannubi', 'Say "cheers"', 'two\nlines']])).toBe(
      `${BOM}"Barolo; Cannubi";"Say ""cheers""";"two\nlines"\r\n`,
    );
  });

  it('writes numbers with the decimal mark asked for and leaves missing ones empty', () => {
    expect(toCsv([[1234.5, undefined, -2]], ',')).toBe(`${BOM}1234,5;;-2\r\n`);
  });

  it('keeps a name a spreadsheet would run as a formula as text', () => {
    expect(toCsv([['=SUM(A1)', '+47', '@x']])).toBe(`${BOM}'=SUM(A1);'+47;'@x\r\n`);
  });

  it('knows each language’s decimal mark', () => {
    expect(decimalMarkOf('nb')).toBe(',');
    expect(decimalMarkOf('en')).toBe('.');
  });

  it('turns minor units into whole units with the currency’s decimals', () => {
    expect(majorUnits(12550, 'NOK')).toBe(125.5);
    expect(majorUnits(1200, 'JPY')).toBe(1200);
  });
});

const HEADINGS: CsvHeadings = {
  period: 'Month',
  wine: 'Wine',
  category: 'Category',
  country: 'Country',
  revenue: 'Revenue',
  revenueWithVat: 'Incl. VAT',
  cost: 'Cost',
  margin: 'Margin',
  marginPercentage: 'Margin %',
  units: 'Bottles',
  glassUnits: 'By the glass',
  sales: 'Sales',
  stock: 'In stock',
  turnover: 'Turnover',
  daysOfStockLeft: 'Days of stock',
};

const FIGURES: SalesFigures = {
  revenue: 100_000,
  revenueWithVat: 125_000,
  cost: 40_000,
  margin: 60_000,
  marginPercentage: 60,
  units: 10,
  glassUnits: 2,
  sales: 4,
  unitsWithoutCost: 0,
};

const WINE: WineFigures = {
  ...FIGURES,
  ownWineId: 'w1',
  wineDisplayName: 'Chablis; Premier Cru 2021',
  mainCategoryId: 'white',
  country: 'Frankrike',
  stock: 30,
  turnover: 1 / 3,
  daysOfStockLeft: 91.25,
};

const DATA: SalesAnalytics = {
  from: '2025-01-01',
  to: '2025-02-28',
  groupBy: 'month',
  currency: 'NOK',
  totals: FIGURES,
  series: [
    { ...FIGURES, period: '2025-01-01' },
    { ...FIGURES, period: '2025-02-01', marginPercentage: undefined, revenue: 0 },
  ],
  byCategory: [],
  byCountry: [],
  byWine: [WINE],
  topSellers: [WINE],
  bottomSellers: [],
  shrinkage: { bottles: 0, value: 0, counts: [] },
};

describe('the exported tables', () => {
  it('hold one row per period, money in whole units', () => {
    expect(toCsv(periodCsvRows(DATA, HEADINGS), ',')).toBe(
      `${BOM}Month;Revenue;Incl. VAT;Cost;Margin;Margin %;Bottles;By the glass;Sales\r\n` +
        '2025-01-01;1000;1250;400;600;60;10;2;4\r\n' +
        '2025-02-01;0;1250;400;600;;10;2;4\r\n',
    );
  });

  it('hold one row per wine, with names translated and turnover rounded', () => {
    const rows = wineCsvRows(
      DATA,
      HEADINGS,
      (id) => (id === 'white' ? 'Hvit' : ''),
      (name) => (name === 'Frankrike' ? 'France' : ''),
    );
    expect(rows[1]).toEqual([
      'Chablis; Premier Cru 2021',
      'Hvit',
      'France',
      1000,
      1250,
      400,
      600,
      60,
      10,
      2,
      4,
      30,
      0.33,
      91,
    ]);
    expect(toCsv(rows, '.').split('\r\n')[1]).toBe(
      '"Chablis; Premier Cru 2021";Hvit;France;1000;1250;400;600;60;10;2;4;30;0.33;91',
    );
  });
});
