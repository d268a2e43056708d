import { describe, expect, it } from 'vitest';
import {
  ORDER_LIMITS,
  OrderInput,
  OrdersQuery,
  OrderUpdate,
  ReceiveInput,
  weightedAverageCost,
} from './orders';

const fieldsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the weighted average purchase price after receiving', () => {
  it('weighs the bottles held and the bottles received by their counts', () => {
    // 4 at 100.00 and 2 at 150.00: 700.00 / 6 = 116.67.
    expect(weightedAverageCost(4, 10_000, 2, 15_000)).toBe(11_667);
    expect(weightedAverageCost(6, 11_667, 4, 15_000)).toBe(13_000);
  });

  it('takes the received cost when nothing is held or the stock had no price', () => {
    expect(weightedAverageCost(0, 10_000, 3, 20_000)).toBe(20_000);
    expect(weightedAverageCost(5, undefined, 3, 20_000)).toBe(20_000);
    expect(weightedAverageCost(-2, 10_000, 3, 20_000)).toBe(20_000);
  });

  it('keeps the stock price when nothing is received', () => {
    expect(weightedAverageCost(5, 10_000, 0, 20_000)).toBe(10_000);
    expect(weightedAverageCost(5, undefined, 0, 20_000)).toBe(20_000);
  });

  it('stays between the two prices and rounds to whole minor units', () => {
    for (const [held, cost, units, unitCost] of [
      [1, 1, 2, 2],
      [7, 12_345, 3, 99_999],
      [1_000_000, 1, 1, 100_000_000],
    ] as const) {
      const average = weightedAverageCost(held, cost, units, unitCost);
      expect(Number.isInteger(average)).toBe(true);
      expect(average).toBeGreaterThanOrEqual(Math.min(cost, unitCost));
      expect(average).toBeLessThanOrEqual(Math.max(cost, unitCost));
    }
  });
});

describe('an order as sent', () => {
  const line = { ownWineId: '01JWINE0000000000000000000', units: 6, unitCost: 12_000 };

  it('takes a line of a cellar wine or of a catalogue wine', () => {
    expect(OrderInput.safeParse({ type: 'purchase', products: [line] }).success).toBe(true);
    const catalogue = { wineId: '01JWINE0000000000000000001', units: 1, unitCost: 0 };
    expect(OrderInput.safeParse({ type: 'return', products: [catalogue] }).success).toBe(true);
  });

  it('refuses a line with both wines or neither', () => {
    const both = OrderInput.safeParse({ type: 'purchase', products: [{ ...line, wineId: 'x1' }] });
    expect(fieldsOf(both)['products.0.ownWineId']).toBe('orderLineWine');
    const neither = OrderInput.safeParse({ type: 'purchase', products: [{ units: 1, unitCost: 1 }] });
    expect(fieldsOf(neither)['products.0.ownWineId']).toBe('orderLineWine');
  });

  it('refuses no lines, too many, fractional or negative amounts and receiving statuses', () => {
    expect(OrderInput.safeParse({ type: 'purchase', products: [] }).success).toBe(false);
    const many = Array.from({ length: ORDER_LIMITS.productsMax + 1 }, () => line);
    expect(OrderInput.safeParse({ type: 'purchase', products: many }).success).toBe(false);
    expect(OrderInput.safeParse({ type: 'purchase', products: [{ ...line, units: 1.5 }] }).success).toBe(
      false,
    );
    expect(OrderInput.safeParse({ type: 'purchase', products: [{ ...line, units: 0 }] }).success).toBe(false);
    expect(OrderInput.safeParse({ type: 'purchase', products: [{ ...line, unitCost: -1 }] }).success).toBe(
      false,
    );
    expect(OrderInput.safeParse({ type: 'purchase', status: 'received', products: [line] }).success).toBe(
      false,
    );
    expect(OrderInput.safeParse({ type: 'gift', products: [line] }).success).toBe(false);
  });

  it('lets a change clear optional fields and name its version', () => {
    const change = OrderUpdate.safeParse({ orderId: null, deliveryDate: null, version: 3 });
    expect(change.success).toBe(true);
    expect(OrderUpdate.safeParse({ status: 'partlyReceived' }).success).toBe(false);
    expect(OrderUpdate.safeParse({ products: [] }).success).toBe(false);
  });
});

describe('a receipt as sent', () => {
  it('needs a location and takes lines of at least one bottle', () => {
    expect(ReceiveInput.safeParse({ locationId: 'uncategorized' }).success).toBe(true);
    expect(ReceiveInput.safeParse({}).success).toBe(false);
    expect(ReceiveInput.safeParse({ locationId: 'uncategorized', lines: [] }).success).toBe(false);
    expect(
      ReceiveInput.safeParse({ locationId: 'uncategorized', lines: [{ lineId: 'a1', units: 0 }] }).success,
    ).toBe(false);
    expect(ReceiveInput.safeParse({ locationId: 'uncategorized', version: -1 }).success).toBe(false);
  });
});

describe('the list of orders as asked for', () => {
  it('reads statuses as a comma list', () => {
    const query = OrdersQuery.safeParse({ status: 'placed, confirmed', page: '2' });
    expect(query.success && query.data).toMatchObject({ status: ['placed', 'confirmed'], page: 2 });
  });
});
