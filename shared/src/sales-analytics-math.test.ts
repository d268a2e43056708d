import { describe, expect, it } from 'vitest';
import {
  aggregateSales,
  dayNumber,
  daysOfStockLeft,
  isoOfDay,
  marginPercentage,
  mondayOf,
  periodStarts,
  revenueWithoutVat,
  type SaleLineInput,
  SalesLinesBuilder,
  shrinkageIn,
  shrinkageOf,
  turnover,
} from './sales-analytics-math';
import type { AnalyticsWine } from './sales-analytics-order';

const d = dayNumber;

const WINES: AnalyticsWine[] = [
  { ownWineId: 'w0', wineDisplayName: 'Barolo 2019', mainCategoryId: 'red', country: 'Italia', stock: 10 },
  {
    ownWineId: 'w1',
    wineDisplayName: 'Chablis 2022',
    mainCategoryId: 'white',
    country: 'Frankrike',
    stock: 4,
  },
  { ownWineId: 'w2', wineDisplayName: 'Cava Brut', mainCategoryId: 'sparkling', country: 'Spania', stock: 0 },
  {
    ownWineId: 'w3',
    wineDisplayName: 'Riesling 2021',
    mainCategoryId: 'white',
    country: 'Tyskland',
    stock: 6,
  },
  // Sold once, since deleted from the cellar.
  { ownWineId: 'w4', wineDisplayName: 'Gone 2015', mainCategoryId: 'red' },
];

function line(
  wine: number,
  day: string,
  units: number,
  unitPrice: number,
  extra: Partial<SaleLineInput> = {},
) {
  const known = WINES[wine] as AnalyticsWine;
  return {
    day: d(day),
    wine,
    mainCategoryId: known.mainCategoryId,
    country: known.country,
    units,
    unitPrice,
    vatPercentage: 25,
    unitCost: 10_000,
    byGlass: false,
    ...extra,
  } satisfies SaleLineInput;
}

function lines(sales: SaleLineInput[][]) {
  const builder = new SalesLinesBuilder(16);
  for (const sale of sales) builder.addSale(sale);
  return builder.build();
}

describe('days, weeks and months', () => {
  it('counts days from 1970-01-01 and back', () => {
    expect(d('1970-01-01')).toBe(0);
    expect(isoOfDay(d('2024-02-29'))).toBe('2024-02-29');
    expect(d('2025-01-01') - d('2024-12-31')).toBe(1);
  });

  it('names an ISO week by its Monday, across the new year', () => {
    // 2025-01-01 is a Wednesday: its week began on Monday 2024-12-30.
    expect(isoOfDay(mondayOf(d('2025-01-01')))).toBe('2024-12-30');
    expect(isoOfDay(mondayOf(d('2024-12-30')))).toBe('2024-12-30');
    expect(isoOfDay(mondayOf(d('2025-01-05')))).toBe('2024-12-30');
    expect(isoOfDay(mondayOf(d('2025-01-06')))).toBe('2025-01-06');
    // Before the epoch too.
    expect(isoOfDay(mondayOf(d('1969-12-31')))).toBe('1969-12-29');
  });

  it('lists every period meeting the range', () => {
    expect(periodStarts(d('2024-12-28'), d('2025-01-07'), 'week').map(isoOfDay)).toEqual([
      '2024-12-23',
      '2024-12-30',
      '2025-01-06',
    ]);
    expect(periodStarts(d('2024-11-15'), d('2025-02-01'), 'month').map(isoOfDay)).toEqual([
      '2024-11-01',
      '2024-12-01',
      '2025-01-01',
      '2025-02-01',
    ]);
    expect(periodStarts(d('2024-02-28'), d('2024-03-01'), 'day').map(isoOfDay)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });
});

describe('money and stock figures', () => {
  it('takes the VAT out of a VAT-inclusive total, rounded to the unit', () => {
    expect(revenueWithoutVat(50_000, 25)).toBe(40_000);
    expect(revenueWithoutVat(49_900, 25)).toBe(39_920);
    expect(revenueWithoutVat(10_000, 15)).toBe(8_696);
  });

  it('gives the margin percentage with one decimal, none without revenue', () => {
    expect(marginPercentage(40_000, 30_000)).toBe(75);
    expect(marginPercentage(30_000, 10_000)).toBe(33.3);
    expect(marginPercentage(0, 0)).toBeUndefined();
  });

  it('turnover is sold ÷ in stock; nothing for no stock', () => {
    expect(turnover(12, 4)).toBe(3);
    expect(turnover(1, 3)).toBe(0.33);
    expect(turnover(5, 0)).toBeUndefined();
    expect(turnover(5, undefined)).toBeUndefined();
  });

  it('days of stock left at the period’s pace; nothing when nothing sold', () => {
    expect(daysOfStockLeft(10, 30, 90)).toBe(30);
    expect(daysOfStockLeft(0, 30, 90)).toBe(0);
    expect(daysOfStockLeft(10, 0, 90)).toBeUndefined();
  });

  it('shrinkage is the negative differences at their purchase price', () => {
    expect(
      shrinkageOf([
        { expected: 6, counted: 4, unitCost: 10_000 },
        { expected: 3, counted: 5, unitCost: 9_000 },
        { expected: 2, counted: 1 },
        { counted: 7 },
      ]),
    ).toEqual({ bottles: 3, value: 20_000 });
    const counts = [
      { id: 'b', date: '2025-03-01', entries: [{ expected: 2, counted: 1, unitCost: 100 }] },
      { id: 'a', date: '2025-01-15', name: 'Januar', entries: [{ expected: 5, counted: 5, unitCost: 100 }] },
      { id: 'c', date: '2024-12-31', entries: [{ expected: 9, counted: 0, unitCost: 100 }] },
    ];
    expect(shrinkageIn(counts, '2025-01-01', '2025-12-31')).toEqual({
      bottles: 1,
      value: 100,
      counts: [
        { id: 'a', date: '2025-01-15', name: 'Januar', bottles: 0, value: 0 },
        { id: 'b', date: '2025-03-01', bottles: 1, value: 100 },
      ],
    });
  });
});

describe('aggregation over a period', () => {
  const data = lines([
    // Sale 0: two wines, one by the glass.
    [line(0, '2024-12-30', 2, 50_000), line(1, '2024-12-30', 1, 40_000, { byGlass: true })],
    // Sale 1: a wine without a purchase price.
    [line(2, '2025-01-02', 3, 25_000, { unitCost: undefined })],
    // Sale 2: outside the period.
    [line(0, '2025-03-01', 5, 50_000)],
    // Sale 3: a wine no longer in the cellar, at 15 % VAT.
    [line(4, '2025-01-20', 1, 11_500, { vatPercentage: 15 })],
  ]);
  const result = aggregateSales(data, WINES, {
    from: d('2024-12-29'),
    to: d('2025-01-31'),
    groupBy: 'week',
    top: 2,
  });

  it('totals revenue without VAT, cost, margin and units', () => {
    expect(result.totals).toEqual({
      revenue: 80_000 + 32_000 + 60_000 + 10_000,
      revenueWithVat: 100_000 + 40_000 + 75_000 + 11_500,
      cost: 20_000 + 10_000 + 10_000,
      margin: 182_000 - 40_000,
      marginPercentage: 78,
      units: 7,
      glassUnits: 1,
      sales: 3,
      unitsWithoutCost: 3,
    });
  });

  it('groups by ISO week across the new year, empty weeks included', () => {
    expect(result.series.map((p) => [p.period, p.units, p.sales])).toEqual([
      ['2024-12-23', 0, 0],
      ['2024-12-30', 6, 2],
      ['2025-01-06', 0, 0],
      ['2025-01-13', 0, 0],
      ['2025-01-20', 1, 1],
      ['2025-01-27', 0, 0],
    ]);
    expect(result.series[0]?.marginPercentage).toBeUndefined();
    expect(result.from).toBe('2024-12-29');
    expect(result.to).toBe('2025-01-31');
  });

  it('groups by month', () => {
    const months = aggregateSales(data, WINES, {
      from: d('2024-12-01'),
      to: d('2025-03-31'),
      groupBy: 'month',
      top: 10,
    });
    expect(months.series.map((p) => [p.period, p.units])).toEqual([
      ['2024-12-01', 3],
      ['2025-01-01', 4],
      ['2025-02-01', 0],
      ['2025-03-01', 5],
    ]);
  });

  it('by category and country, most revenue first, a sale counted once per group', () => {
    expect(result.byCategory.map((g) => [g.key, g.units, g.sales, g.revenue])).toEqual([
      ['red', 3, 2, 90_000],
      ['sparkling', 3, 1, 60_000],
      ['white', 1, 1, 32_000],
    ]);
    expect(result.byCountry.map((g) => g.key)).toEqual(['Italia', 'Spania', 'Frankrike', '']);
  });

  it('by wine with stock, turnover and days left; top and bottom sellers', () => {
    expect(result.byWine.map((w) => w.ownWineId)).toEqual(['w0', 'w2', 'w1', 'w4']);
    const barolo = result.byWine[0];
    expect(barolo).toMatchObject({
      units: 2,
      stock: 10,
      turnover: 0.2,
      daysOfStockLeft: 170,
      margin: 60_000,
    });
    const gone = result.byWine[3];
    expect(gone?.stock).toBeUndefined();
    expect(gone?.turnover).toBeUndefined();
    expect(result.byWine[1]).toMatchObject({ ownWineId: 'w2', stock: 0, daysOfStockLeft: 0 });
    expect(result.byWine[1]?.turnover).toBeUndefined();
    expect(result.topSellers.map((w) => w.ownWineId)).toEqual(['w2', 'w0']);
    // In stock, fewest sold first: Riesling (0), Chablis (1), then Barolo.
    expect(result.bottomSellers.map((w) => [w.ownWineId, w.units])).toEqual([
      ['w3', 0],
      ['w1', 1],
    ]);
  });

  it('an empty period answers zeros and an empty series of its days', () => {
    const empty = aggregateSales(data, WINES, {
      from: d('2023-06-01'),
      to: d('2023-06-03'),
      groupBy: 'day',
      top: 5,
    });
    expect(empty.totals).toMatchObject({ revenue: 0, units: 0, sales: 0, margin: 0 });
    expect(empty.totals.marginPercentage).toBeUndefined();
    expect(empty.series).toHaveLength(3);
    expect(empty.byWine).toEqual([]);
    expect(empty.byCategory).toEqual([]);
    expect(empty.bottomSellers.map((w) => w.ownWineId)).toEqual(['w0', 'w1', 'w3']);
  });

  it('grows its columns past their first capacity', () => {
    const builder = new SalesLinesBuilder(16);
    for (let i = 0; i < 100; i++)
      builder.addSale([line(0, '2025-01-01', 1, 1_250), line(1, '2025-01-01', 1, 1_250)]);
    const many = builder.build();
    expect(many.length).toBe(200);
    const sum = aggregateSales(many, WINES, {
      from: d('2025-01-01'),
      to: d('2025-01-01'),
      groupBy: 'day',
      top: 1,
    });
    expect(sum.totals).toMatchObject({ units: 200, sales: 100, revenue: 200_000 });
  });
});

describe("a till's glasses and recipes", () => {
  const wines: AnalyticsWine[] = [...WINES, { ownWineId: 'recipe:r1', wineDisplayName: 'Spritz' }];
  const recipe = wines.length - 1;
  const data = lines([
    // Four glasses at 150.00 pouring 50 cl (no bottle out), and one that took a bottle out.
    [line(0, '2025-01-10', 0, 15_000, { byGlass: true, total: 60_000, lineCost: 8000, unitCost: undefined })],
    [line(0, '2025-01-11', 1, 15_000, { byGlass: true, total: 15_000, lineCost: 2000, unitCost: undefined })],
    // Two Spritz: the revenue line (other ingredients' cost) and its wine's pour.
    [
      {
        day: d('2025-01-12'),
        wine: recipe,
        units: 0,
        unitPrice: 14_000,
        total: 28_000,
        lineCost: 3600,
        vatPercentage: 25,
        byGlass: false,
      },
      line(2, '2025-01-12', 0, 0, { total: 0, lineCost: 3200, unitCost: undefined }),
    ],
  ]);
  const result = aggregateSales(data, wines, {
    from: d('2025-01-01'),
    to: d('2025-01-31'),
    groupBy: 'month',
    top: 5,
  });

  it('count what was paid and what was poured, bottles by those that left stock', () => {
    expect(result.totals).toMatchObject({
      revenueWithVat: 60_000 + 15_000 + 28_000,
      revenue: 48_000 + 12_000 + 22_400,
      cost: 8000 + 2000 + 3600 + 3200,
      units: 1,
      glassUnits: 1,
      sales: 3,
      unitsWithoutCost: 0,
    });
  });

  it('list a recipe as its own row named by the recipe, and a wine only poured by its cost', () => {
    const byId = new Map(result.byWine.map((w) => [w.ownWineId, w]));
    expect(byId.get('recipe:r1')).toMatchObject({
      wineDisplayName: 'Spritz',
      revenueWithVat: 28_000,
      units: 0,
    });
    expect(byId.get('w0')).toMatchObject({ revenueWithVat: 75_000, cost: 10_000, units: 1 });
    expect(byId.get('w2')).toMatchObject({ revenueWithVat: 0, cost: 3200 });
    expect(result.byCategory.map((c) => c.key)).toContain('');
  });
});
