import type { SaleLine } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import type { CellarWineRecord } from '../cellar/kernel/wine-records';
import { linesOf, type TillLine, type WineState } from './till-sale-lines';

const A = 'loc-a';
const B = 'loc-b';

function wine(placements: Record<string, number>, open?: number): Map<string, WineState> {
  const quantity = Object.values(placements).reduce((sum, n) => sum + n, 0);
  const before = {
    id: 'w1',
    wineName: 'Kasse',
    producerName: 'Vin',
    vintage: 2020,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    quantity,
    placements,
    own: { purchasePriceWovat: 12_000, ...(open === undefined ? {} : { openBottleCl: open / 100 }) },
  } as unknown as CellarWineRecord;
  return new Map([
    [
      'w1',
      {
        before,
        stock: open === undefined ? { quantity } : { quantity, openCentiCl: open },
        placements: { ...placements },
        bottle: 7500,
        glass: 1250,
      },
    ],
  ]);
}

const bottles = (quantity: number, unitPrice = 333): TillLine => ({
  productId: 'B-w1',
  product: { kind: 'bottle', ownWineId: 'w1' },
  quantity,
  unitPrice,
});

const glasses = (quantity: number): TillLine => ({
  productId: 'G-w1',
  product: { kind: 'glass', ownWineId: 'w1' },
  quantity,
  unitPrice: 15_000,
});

const sum = (lines: SaleLine[], field: 'units' | 'total') => lines.reduce((s, l) => s + l[field], 0);

describe('a till line taking bottles from several locations', () => {
  it('takes from the fullest location only while it holds them all', () => {
    const wines = wine({ [A]: 1, [B]: 3 });
    const lines = linesOf(bottles(3), wines, { red: 25 });
    expect(lines.map((l) => [l.locationId, l.units, l.total])).toEqual([[B, 3, 999]]);
    expect(wines.get('w1')?.placements).toEqual({ [A]: 1, [B]: 0 });
  });

  it('splits a bottle line into one line per location, the totals summing to the line', () => {
    const wines = wine({ [A]: 2, [B]: 3 });
    const lines = linesOf(bottles(4), wines, { red: 25 });
    expect(lines.map((l) => [l.locationId, l.units, l.total])).toEqual([
      [B, 3, 999],
      [A, 1, 333],
    ]);
    expect([sum(lines, 'units'), sum(lines, 'total')]).toEqual([4, 4 * 333]);
    expect(lines.every((l) => l.placements === undefined && l.unitCost === 12_000)).toBe(true);
    expect(wines.get('w1')?.placements).toEqual({ [A]: 1, [B]: 0 });
    expect(wines.get('w1')?.stock.quantity).toBe(1);
  });

  it('counts the bottles the stock lacked on the last location', () => {
    const wines = wine({ [A]: 1, _: 2 });
    const lines = linesOf(bottles(5), wines, {});
    expect(lines.map((l) => [l.locationId, l.units, l.shortfall])).toEqual([
      [null, 2, undefined],
      [A, 3, 2],
    ]);
    expect(sum(lines, 'total')).toBe(5 * 333);
  });

  it('records a sale of an empty wine as one line of Uncategorized', () => {
    const lines = linesOf(bottles(2), wine({}), {});
    expect(lines).toEqual([
      expect.objectContaining({ locationId: null, units: 2, shortfall: 2, total: 666 }),
    ]);
  });

  it('lists the locations of a pour that empties bottles from more than one', () => {
    const wines = wine({ [A]: 1, [B]: 2 });
    const [line] = linesOf(glasses(18), wines, {});
    expect(line).toMatchObject({
      kind: 'glass',
      servings: 18,
      units: 3,
      total: 18 * 15_000,
      locationId: B,
      placements: [
        { locationId: B, bottles: 2 },
        { locationId: A, bottles: 1 },
      ],
    });
    expect(wines.get('w1')?.placements).toEqual({ [A]: 0, [B]: 0 });
  });

  it('leaves a pour from one location without a list', () => {
    const [line] = linesOf(glasses(6), wine({ [A]: 1, [B]: 2 }), {});
    expect(line).toMatchObject({ units: 1, locationId: B });
    expect(line?.placements).toBeUndefined();
  });
});
