import { SALE_LIMITS, type SaleLine } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { deleteItemsOf, locationsOf } from './sale-transaction-size';

const line = (ownWineId: string, locationId: string | null, extra: Partial<SaleLine> = {}): SaleLine => ({
  ownWineId,
  wineDisplayName: ownWineId,
  mainCategoryId: 'red',
  country: 'Italia',
  units: 1,
  unitPrice: 100,
  byGlass: false,
  locationId,
  vatPercentage: 25,
  total: 100,
  ...extra,
});

describe('the transaction deleting a sale', () => {
  it('counts 2 items a wine, a rollup item a wine, a check a location, the sale, the change item and the version', () => {
    const lines = [line('a', 'L1'), line('a', 'L2'), line('b', null), line('b', 'L1', { byGlass: true })];
    expect(locationsOf(lines)).toEqual(new Set(['L1', 'L2']));
    expect(deleteItemsOf(lines)).toBe(2 * 2 + 2 + 1 + 2 + 2);
  });

  it("counts a till recipe's revenue line as a rollup item only, and a pour's locations", () => {
    const lines = [
      line('recipe:r1', null, { kind: 'recipe', units: 0 }),
      line('a', 'L1', {
        kind: 'recipe',
        placements: [
          { locationId: 'L1', bottles: 1 },
          { locationId: 'L3', bottles: 1 },
        ],
      }),
    ];
    expect(deleteItemsOf(lines)).toBe(2 + 2 + 1 + 2 + 2);
  });

  it('fits in 100 items for the largest sale the limits allow', () => {
    const lines: SaleLine[] = [];
    for (let i = 0; i < SALE_LIMITS.productsMax; i++)
      lines.push(line(`w${i % SALE_LIMITS.winesMax}`, `L${i % SALE_LIMITS.locationsMax}`));
    expect(deleteItemsOf(lines)).toBe(98);
    expect(deleteItemsOf(lines)).toBeLessThanOrEqual(100);
  });
});
