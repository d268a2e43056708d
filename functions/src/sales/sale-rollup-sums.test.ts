import type { SaleLine } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { negated, rollupOf } from './sale-rollup-sums';

const line = (ownWineId: string, extra: Partial<SaleLine> = {}): SaleLine => ({
  ownWineId,
  wineDisplayName: `Vin ${ownWineId}`,
  mainCategoryId: 'red',
  country: 'Italia',
  units: 2,
  unitPrice: 50_000,
  byGlass: false,
  locationId: null,
  unitCost: 10_000,
  vatPercentage: 25,
  total: 100_000,
  ...extra,
});

describe('a sale summed into its day rollups', () => {
  it('gives a wine’s lines one group with bottles, glasses, revenue with and without VAT and cost', () => {
    const [a, ...rest] = rollupOf([
      line('A'),
      line('A', { units: 1, byGlass: true, locationId: 'cellar', total: 50_000 }),
      line('A', { units: 1, unitCost: undefined, total: 50_000 }),
    ]);
    expect(rest).toEqual([]);
    expect(a).toMatchObject({
      group: 'A|red|Italia',
      units: 4,
      glassUnits: 1,
      unitsWithoutCost: 1,
      revenue: 160_000,
      revenueWithVat: 200_000,
      cost: 30_000,
      sales: 1,
    });
  });

  it('counts the sale once for its day, each category and each country', () => {
    const groups = rollupOf([
      line('A'),
      line('B', { mainCategoryId: 'white' }),
      line('C', { mainCategoryId: 'white', country: 'Frankrike' }),
    ]);
    expect(groups.map((g) => [g.group, g.sales, g.daySales, g.categorySales, g.countrySales])).toEqual([
      ['A|red|Italia', 1, 1, 1, 1],
      ['B|white|Italia', 1, 0, 1, 0],
      ['C|white|Frankrike', 1, 0, 0, 1],
    ]);
  });

  it('counts a till pour by what was paid and poured, and a recipe’s revenue as its own group', () => {
    const [glass, recipe] = rollupOf([
      line('A', { kind: 'glass', servings: 3, units: 0, unitPrice: 15_000, total: 45_000, lineCost: 5_000 }),
      line('recipe:r1', {
        kind: 'recipe',
        units: 0,
        unitPrice: 12_500,
        total: 25_000,
        lineCost: 1_000,
        unitCost: undefined,
        mainCategoryId: undefined,
        country: undefined,
      }),
    ]);
    expect(glass).toMatchObject({ units: 0, revenue: 36_000, revenueWithVat: 45_000, cost: 5_000 });
    expect(recipe).toMatchObject({ group: 'recipe:r1||', revenue: 20_000, cost: 1_000, categorySales: 1 });
  });

  it('subtracts exactly what it added when the sale is deleted', () => {
    const [added] = rollupOf([line('A', { units: 3, total: 150_000 })]);
    const taken = negated(added as NonNullable<typeof added>);
    expect(taken).toMatchObject({ units: -3, revenue: -120_000, revenueWithVat: -150_000, cost: -30_000 });
    expect(taken.sales + (added?.sales ?? 0)).toBe(0);
  });
});
