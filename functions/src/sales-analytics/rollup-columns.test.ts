import { dayNumber } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { type RollupColumns, rollupColumnsOf, rollupRowsFromColumns } from './rollup-columns';
import type { RollupRow } from './rollup-figures';

const first = dayNumber('2026-03-01');

function row(day: number, ownWineId: string, extra: Partial<RollupRow> = {}): RollupRow {
  return {
    day,
    ownWineId,
    wineDisplayName: `Vin ${ownWineId}`,
    mainCategoryId: 'red',
    country: 'Italia',
    units: 1,
    glassUnits: 0,
    unitsWithoutCost: 0,
    revenue: 40_000,
    revenueWithVat: 50_000,
    cost: 10_000,
    sales: 1,
    daySales: 1,
    categorySales: 1,
    countrySales: 1,
    ...extra,
  };
}

const rows = [
  row(first, 'A'),
  row(first, 'B', { country: 'Frankrike', units: 3, glassUnits: 2, daySales: 0, categorySales: 0 }),
  row(first + 2, 'A', { units: -1, revenue: -40_000, revenueWithVat: -50_000, cost: -10_000 }),
  // A wine's name as a later sale gave it: another group of names.
  row(first + 9, 'A', { wineDisplayName: 'Vin A (omdøpt)', unitsWithoutCost: 1, cost: 0 }),
  row(first + 9, 'recipe:r1', { wineDisplayName: 'Sangria', mainCategoryId: '', country: '' }),
];

describe('rollup rows by column', () => {
  it('gives the rows back as they were, in their order, with the days they cover', () => {
    const columns = rollupColumnsOf(rows, first - 1, first + 10);
    const back = JSON.parse(JSON.stringify(columns)) as RollupColumns;
    expect(rollupRowsFromColumns(back)).toEqual({ rows, from: first - 1, to: first + 10 });
  });

  it('names each group once', () => {
    const columns = rollupColumnsOf(rows, first, first + 9);
    expect(columns.groups).toHaveLength(4);
    expect(columns.group).toEqual([0, 1, 0, 2, 3]);
    expect(columns.day).toEqual([first, 0, 2, 7, 0]);
  });

  it('holds no rows for days without sales', () => {
    expect(rollupRowsFromColumns(rollupColumnsOf([], first, first + 30))).toEqual({
      rows: [],
      from: first,
      to: first + 30,
    });
  });

  it('reads columns of another layout, or that do not fit together, as none', () => {
    const columns = rollupColumnsOf(rows, first, first + 9);
    const broken: unknown[] = [
      { ...columns, layout: 2 },
      { ...columns, from: first + 10 },
      { ...columns, to: first + 8 },
      { ...columns, group: columns.group.slice(1) },
      { ...columns, group: [...columns.group.slice(0, 4), 9] },
      { ...columns, sums: { ...columns.sums, cost: [1] } },
      { ...columns, sums: undefined },
      { ...columns, day: 'x' },
      null,
      'not columns',
    ];
    for (const value of broken) expect(rollupRowsFromColumns(value as RollupColumns)).toBeUndefined();
  });
});
