import type { DutiesResult } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { lineDutiesOf, orderDutiesOf } from './order-duties';

const known = (excise: number, packagingTax: number, deposit: number, ratesAsOf: string, stale = false) =>
  ({
    ok: true,
    duties: { excise, packagingTax, deposit, group: 'upTo22', ratesAsOf, stale },
  }) satisfies DutiesResult;

describe('an order line’s duties', () => {
  it('adds excise, packaging taxes and deposit per bottle, and multiplies by the bottles', () => {
    expect(lineDutiesOf(known(5_012, 809, 0, '2024-01-01'), 6, (nok) => nok)).toEqual({
      known: true,
      perBottle: 5_821,
      total: 34_926,
      ratesAsOf: '2024-01-01',
      stale: false,
    });
  });

  it('converts the bottle’s duties into the order’s currency before multiplying', () => {
    // NOK 58.21 at 11.70 NOK per euro: € 4.98 a bottle.
    const toEur = (nok: number) => Math.round(nok / 11.7);
    expect(lineDutiesOf(known(5_012, 809, 0, '2024-01-01'), 6, toEur)).toMatchObject({
      perBottle: 498,
      total: 2_988,
    });
  });

  it('says why it has no figure, never 0', () => {
    expect(lineDutiesOf({ ok: false, missing: 'alcohol' }, 6, (nok) => nok)).toEqual({
      known: false,
      missing: 'alcohol',
    });
  });
});

describe('an order’s duties', () => {
  it('sums the known lines, counts the unknown ones, and keeps the latest rates and whether any are stale', () => {
    const lines = [
      lineDutiesOf(known(5_012, 809, 0, '2024-01-01'), 6, (nok) => nok),
      lineDutiesOf({ ok: false, missing: 'alcohol' }, 2, (nok) => nok),
      lineDutiesOf(known(24_556, 809, 0, '2025-01-01', true), 1, (nok) => nok),
    ];
    expect(orderDutiesOf(lines, '2026-03-01')).toEqual({
      total: 34_926 + 25_365,
      unknownLines: 1,
      date: '2026-03-01',
      ratesAsOf: '2025-01-01',
      stale: true,
    });
  });

  it('is 0 with nothing unknown only when every line is known and duty-free', () => {
    expect(orderDutiesOf([], '2025-06-01')).toEqual({
      total: 0,
      unknownLines: 0,
      date: '2025-06-01',
      ratesAsOf: null,
      stale: false,
    });
  });
});
