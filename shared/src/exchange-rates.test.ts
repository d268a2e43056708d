import { describe, expect, it } from 'vitest';
import { convertMinor, isStaleRate, RATE_STALE_AFTER_DAYS, rateAgeDays, rateBetween } from './exchange-rates';

const RATES = { NOK: 1, GBP: 13.4, EUR: 11.7, JPY: 0.067 };

describe('exchange rates', () => {
  it('converts minor units between currencies through NOK, rounding only to the smallest unit shown', () => {
    // kr 1 340,00 is £100.00 at 13.4 NOK per pound.
    expect(convertMinor(134_000, 'NOK', 'GBP', RATES)).toBe(10_000);
    // kr 125,50 → £9.3656… shown as £9.37.
    expect(convertMinor(12_550, 'NOK', 'GBP', RATES)).toBe(937);
    // Yen have no minor units: kr 100,00 → ¥1,492.5… → ¥1,493.
    expect(convertMinor(10_000, 'NOK', 'JPY', RATES)).toBe(1_493);
    expect(convertMinor(12_345, 'NOK', 'NOK', RATES)).toBe(12_345);
  });

  it('gives the rate between two currencies as units of the second per unit of the first', () => {
    expect(rateBetween('NOK', 'GBP', RATES)).toBeCloseTo(1 / 13.4, 10);
    expect(rateBetween('EUR', 'NOK', RATES)).toBe(11.7);
    expect(rateBetween('GBP', 'GBP', RATES)).toBe(1);
  });

  it('says a rate is old once it is more than a week old', () => {
    const now = new Date('2026-11-28T21:00:00Z');
    expect(rateAgeDays('2026-11-28', now)).toBe(0);
    expect(rateAgeDays('2026-11-21', now)).toBe(RATE_STALE_AFTER_DAYS);
    expect(isStaleRate('2026-11-21', now)).toBe(false);
    expect(isStaleRate('2026-11-20', now)).toBe(true);
    expect(rateAgeDays('2025-10-01', now)).toBe(423);
    expect(isStaleRate('2025-10-01', now)).toBe(true);
    // A date in the future (a clock behind) is today's, never negative.
    expect(rateAgeDays('2026-12-01', now)).toBe(0);
  });
});
