import { describe, expect, it } from 'vitest';
import { deliveryDateOf } from './checkout-orders';

// 2026-11-26 is a Thursday.
describe('deliveryDateOf', () => {
  it('counts the lead time in working days', () => {
    expect(deliveryDateOf('2026-11-26', { leadTimeDays: 2, deliveryDays: [] })).toBe('2026-11-30');
    expect(deliveryDateOf('2026-11-26', { leadTimeDays: 1, deliveryDays: [] })).toBe('2026-11-27');
    expect(deliveryDateOf('2026-11-27', { leadTimeDays: 1, deliveryDays: [] })).toBe('2026-11-30');
  });

  it("waits for the supplier's next delivery day", () => {
    expect(deliveryDateOf('2026-11-26', { leadTimeDays: 2, deliveryDays: ['wed', 'fri'] })).toBe(
      '2026-12-02',
    );
    expect(deliveryDateOf('2026-11-26', { leadTimeDays: 1, deliveryDays: ['fri'] })).toBe('2026-11-27');
    expect(deliveryDateOf('2026-11-27', { leadTimeDays: 5, deliveryDays: ['mon'] })).toBe('2026-12-07');
  });

  it('never delivers on the day of the order, nor on a weekend', () => {
    expect(deliveryDateOf('2026-11-26', { leadTimeDays: 0, deliveryDays: [] })).toBe('2026-11-27');
    expect(deliveryDateOf('2026-11-28', { leadTimeDays: 0, deliveryDays: [] })).toBe('2026-11-30');
  });
});
