import type { CellarWine } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { orderQuantity } from './reorder-suggestions';

const paced = (bottles: number, soldInPeriod: number) => ({
  wine: { quantity: bottles } as CellarWine,
  soldInPeriod,
  daysLeft: null,
});

describe('orderQuantity', () => {
  it('orders about 30 days of sales less what is left, in whole cases', () => {
    // 90 sold in 90 days: 1 a day, 30 wanted, 2 left → 28 → five cases of 6.
    expect(orderQuantity(paced(2, 90), 6, 500)).toBe(30);
    // 3 a day → 90 wanted, 0 left → 15 cases of 6.
    expect(orderQuantity(paced(0, 270), 6, 500)).toBe(90);
  });

  it('orders one case of a wine that has not sold, and never more than the supplier has', () => {
    expect(orderQuantity(paced(1, 0), 6, 500)).toBe(6);
    expect(orderQuantity(paced(0, 270), 6, 20)).toBe(20);
    expect(orderQuantity(paced(0, 0), 12, 4)).toBe(4);
  });
});
