import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from './sort-order';

describe('isoTime', () => {
  it('reads times as Date.parse does', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00.000Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const text = date.toISOString();
          expect(isoTime(text)).toBe(Date.parse(text));
        },
      ),
    );
    for (const text of [
      '2024-02-30T00:00:00.000Z',
      '2024-01-31T23:59:59.999Z',
      '2024-01-01T00:00:00Z',
      '2024-01-01T01:00:00.000+01:00',
      '0050-01-01T00:00:00.000Z',
      '2024-13-01T00:00:00.000Z',
      '2024-1a-01T00:00:00.000Z',
      'not a time',
    ]) {
      expect(Object.is(isoTime(text), Date.parse(text))).toBe(true);
    }
  });
});
