import { dayNumber } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { aggregateRollups, type RollupRow, wineTable } from './rollup-figures';

const day = dayNumber('2026-05-04');

function row(ownWineId: string, extra: Partial<RollupRow>): RollupRow {
  return {
    day,
    ownWineId,
    wineDisplayName: `Vin ${ownWineId}`,
    mainCategoryId: 'red',
    country: 'Italia',
    units: 0,
    glassUnits: 0,
    unitsWithoutCost: 0,
    revenue: 0,
    revenueWithVat: 0,
    cost: 0,
    sales: 0,
    daySales: 0,
    categorySales: 0,
    countrySales: 0,
    ...extra,
  };
}

describe('sales analytics from rollup rows', () => {
  // Two sales on one day: A + B (both red, Italia), then B alone; one sale of A the next week.
  const rows = [
    row('A', {
      units: 2,
      revenue: 80_000,
      revenueWithVat: 100_000,
      cost: 20_000,
      sales: 1,
      daySales: 1,
      categorySales: 1,
      countrySales: 1,
    }),
    row('B', {
      units: 3,
      revenue: 60_000,
      revenueWithVat: 75_000,
      cost: 30_000,
      sales: 2,
      daySales: 1,
      categorySales: 1,
      countrySales: 1,
    }),
    row('A', {
      day: day + 7,
      units: 1,
      revenue: 40_000,
      revenueWithVat: 50_000,
      cost: 10_000,
      sales: 1,
      daySales: 1,
      categorySales: 1,
      countrySales: 1,
    }),
  ];
  const wines = wineTable(
    [{ ownWineId: 'B', wineDisplayName: 'Vin B', mainCategoryId: 'red', stock: 6 }],
    rows,
  );

  it('counts distinct sales by period, category and wine from the placed counts', () => {
    const figures = aggregateRollups(rows, wines, { from: day, to: day + 13, groupBy: 'week', top: 10 });
    expect(figures.totals).toMatchObject({ sales: 3, units: 6, revenue: 180_000, margin: 120_000 });
    expect(figures.series.map((p) => [p.period, p.sales, p.units])).toEqual([
      ['2026-05-04', 2, 5],
      ['2026-05-11', 1, 1],
    ]);
    expect(figures.byCategory).toMatchObject([{ key: 'red', sales: 3 }]);
    expect(figures.byWine.map((w) => [w.ownWineId, w.sales, w.units, w.stock])).toEqual([
      ['A', 2, 3, undefined],
      ['B', 2, 3, 6],
    ]);
    // B: 3 bottles in 14 days with 6 in stock: turnover 3 ÷ 6, 6 ÷ (3 ÷ 14) = 28 days left.
    expect(figures.byWine[1]).toMatchObject({ turnover: 0.5, daysOfStockLeft: 28 });
  });

  it('leaves out the days outside the period', () => {
    const figures = aggregateRollups(rows, wines, { from: day + 1, to: day + 7, groupBy: 'day', top: 10 });
    expect(figures.totals).toMatchObject({ sales: 1, units: 1 });
    expect(figures.byWine.map((w) => w.ownWineId)).toEqual(['A']);
    expect(figures.bottomSellers.map((w) => [w.ownWineId, w.units])).toEqual([['B', 0]]);
  });
});
