import type { Order, OrderLine } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import {
  allOutstanding,
  emptyOrder,
  outstanding,
  receivePreview,
  toOrderInput,
  toOrderUpdate,
} from './order-lines';

const line = (over: Partial<OrderLine>): OrderLine => ({
  lineId: 'l1',
  ownWineId: 'w1',
  wineDisplayName: 'Barolo 2019',
  units: 12,
  unitCost: 20_000,
  received: 0,
  total: 240_000,
  ...over,
});

describe('order lines', () => {
  it('counts the bottles still to come, never below none', () => {
    expect(outstanding({ units: 12, received: 5 })).toBe(7);
    expect(outstanding({ units: 12, received: 14 })).toBe(0);
    expect([...allOutstanding([line({ received: 4 })])]).toEqual([['l1', 8]]);
  });

  it('shows the weighted average purchase price after receiving', () => {
    // 6 in stock at 100 kr, 6 arriving at 200 kr: 150 kr.
    const preview = receivePreview(
      [line({})],
      new Map([['l1', 6]]),
      new Map([['w1', { quantity: 6, purchasePriceWovat: 10_000 }]]),
    );
    expect(preview).toEqual([{ lineId: 'l1', units: 6, averageCost: 15_000, quantityAfter: 12 }]);
  });

  it('takes the received cost for a wine with no bottles or no price, and a catalogue wine', () => {
    const preview = receivePreview(
      [line({}), line({ lineId: 'l2', ownWineId: undefined, wineId: 'cat', unitCost: 9_900 })],
      new Map([
        ['l1', 2],
        ['l2', 3],
      ]),
      new Map([['w1', { quantity: 4 }]]),
    );
    expect(preview.map((p) => p.averageCost)).toEqual([20_000, 9_900]);
  });

  it('receives two lines of one wine one after the other', () => {
    const preview = receivePreview(
      [line({}), line({ lineId: 'l2', unitCost: 40_000 })],
      new Map([
        ['l1', 2],
        ['l2', 4],
      ]),
      new Map([['w1', { quantity: 2, purchasePriceWovat: 20_000 }]]),
    );
    expect(preview[0]).toMatchObject({ averageCost: 20_000, quantityAfter: 4 });
    expect(preview[1]).toMatchObject({ averageCost: 30_000, quantityAfter: 8 });
  });

  it('leaves lines with nothing arriving as they are', () => {
    const preview = receivePreview([line({})], new Map(), new Map([['w1', { quantity: 3 }]]));
    expect(preview[0]).toMatchObject({ units: 0, averageCost: undefined, quantityAfter: 3 });
  });

  it('turns the form into the API input, typed numbers read in the page language', () => {
    const values = emptyOrder();
    values.supplier = '  Vinimport AS ';
    values.products = [{ key: 'a', ownWineId: 'w1', name: 'Barolo', units: '6', unitCost: '149,90' }];
    const input = toOrderInput(values, 'NOK', 'nb');
    expect(input).toMatchObject({
      type: 'purchase',
      status: 'draft',
      supplier: 'Vinimport AS',
      deliveryDate: null,
    });
    expect(input.products).toEqual([{ ownWineId: 'w1', units: 6, unitCost: 14_990 }]);
  });

  it('sends no products or status on an order that has bottles in', () => {
    const order = {
      status: 'partlyReceived',
      receivedUnits: 2,
      version: 3,
    } as Order;
    const values = emptyOrder();
    const update = toOrderUpdate(values, order, 'NOK', 'nb');
    expect(update).not.toHaveProperty('products');
    expect(update).not.toHaveProperty('status');
    expect(update).toMatchObject({ version: 3, supplier: null, orderId: null });
  });
});
