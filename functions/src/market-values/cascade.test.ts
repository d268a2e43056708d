import { describe, expect, it } from 'vitest';
import { cascade, changeOverWindow, dailyValues, lwin7Of, percentOf, valuationKeyOf } from './cascade';

const own = { price: 90_000, currency: 'NOK' as const, asOf: '2026-03-02T10:11:12.000Z' };
const market = {
  price: 75_000,
  currency: 'NOK' as const,
  asOf: '2026-11-28',
  priceType: 'retailAverage' as const,
  provider: 'demo',
  demo: true,
  sampleSize: 7,
};
const community = { price: 60_000, currency: 'EUR' as const, asOf: '2026-11-27', owners: 2 };
const purchase = { price: 50_000, currency: 'NOK' as const, asOf: '2025-01-15T08:00:00.000Z' };

describe('the valuation cascade', () => {
  it('takes the owner’s own value first, dated when it was set', () => {
    expect(cascade({ own, market, community, purchase })).toEqual({
      price: 90_000,
      currency: 'NOK',
      asOf: '2026-03-02',
      source: 'own',
      demo: false,
    });
  });

  it('takes the provider’s market price next, with its type, provider, demo label and date', () => {
    expect(cascade({ market, community, purchase })).toEqual({
      price: 75_000,
      currency: 'NOK',
      asOf: '2026-11-28',
      source: 'market',
      priceType: 'retailAverage',
      provider: 'demo',
      demo: true,
      sampleSize: 7,
    });
  });

  it('takes the community’s average only with at least two owners, then the purchase price', () => {
    expect(cascade({ community, purchase })).toMatchObject({
      source: 'community',
      price: 60_000,
      currency: 'EUR',
    });
    expect(cascade({ community: { ...community, owners: 1 }, purchase })).toMatchObject({
      source: 'purchase',
      price: 50_000,
      asOf: '2025-01-15',
    });
  });

  it('gives no value (never 0) to a wine with none of the four', () => {
    expect(cascade({})).toBeUndefined();
    expect(cascade({ community: { ...community, owners: 1 } })).toBeUndefined();
  });

  it('takes an own value of 0 as set (the owner said so), but not a broken figure', () => {
    expect(cascade({ own: { ...own, price: 0 }, purchase })).toMatchObject({ source: 'own', price: 0 });
    expect(cascade({ own: { ...own, price: Number.NaN }, purchase })).toMatchObject({ source: 'purchase' });
  });
});

describe('valuation keys of a cellar wine', () => {
  it('uses an LWIN when the wine carries one, else the Vinmonopolet number, else the catalogue wine', () => {
    const wine = { vinmonopoletNumber: '1234', wineId: 'W1', vintage: 2015, bottleSize: 0.75 };
    expect(valuationKeyOf({ ...wine, externalIds: [{ kind: 'LWIN', value: '1012361' }] })).toBe(
      'lwin:10123612015',
    );
    expect(valuationKeyOf(wine)).toBe('vmp:1234:2015:750');
    expect(valuationKeyOf({ ...wine, vinmonopoletNumber: undefined, vintage: null })).toBe('wine:W1:NV:750');
    expect(valuationKeyOf({ vintage: 2015, bottleSize: 0.75 })).toBeUndefined();
  });

  it('reads the LWIN-7 out of a longer LWIN and ignores a malformed one', () => {
    expect(lwin7Of([{ kind: 'LWIN', value: '10123612015' }])).toBe('1012361');
    expect(lwin7Of([{ kind: 'LWIN', value: '1012361201500600750' }])).toBe('1012361');
    expect(lwin7Of([{ kind: 'LWIN', value: '2012361' }])).toBeUndefined();
    expect(lwin7Of([{ kind: 'VinmonopoletID', value: '1012361' }])).toBeUndefined();
  });
});

describe('values over days with missing days', () => {
  it('carries the last known value forward over days without a figure', () => {
    const points = [
      { date: '2026-11-01', value: 100 },
      { date: '2026-11-04', value: 130 },
    ];
    expect(dailyValues(points, '2026-11-01', '2026-11-06')).toEqual([100, 100, 100, 130, 130, 130]);
  });

  it('opens the span with the last figure before it, else the first figure inside it', () => {
    const points = [
      { date: '2026-10-20', value: 90 },
      { date: '2026-11-03', value: 120 },
    ];
    expect(dailyValues(points, '2026-11-01', '2026-11-04')).toEqual([90, 90, 120, 120]);
    expect(dailyValues(points.slice(1), '2026-11-01', '2026-11-04')).toEqual([120, 120, 120, 120]);
    expect(dailyValues([{ date: '2026-12-01', value: 5 }], '2026-11-01', '2026-11-04')).toBeUndefined();
  });

  it('measures a 30-day change against the last figure on or before the window’s start', () => {
    const series = [
      { date: '2026-10-01', value: 1_000 },
      // Nothing from 10-02 to 10-29: 10-29 (30 days before 11-28) carries 10-01's figure.
      { date: '2026-10-30', value: 1_100 },
      { date: '2026-11-28', value: 1_250 },
    ];
    expect(changeOverWindow(series, 30)).toEqual({
      amount: 250,
      percent: 25,
      from: '2026-10-29',
      to: '2026-11-28',
      before: 1_000,
      after: 1_250,
    });
  });

  it('starts a wine first valued inside the window from its first figure (it adds no change it did not have)', () => {
    const series = [
      { date: '2026-11-20', value: 800 },
      { date: '2026-11-28', value: 880 },
    ];
    expect(changeOverWindow(series, 30)).toMatchObject({ before: 800, after: 880, amount: 80, percent: 10 });
  });

  it('ends on the last known figure when the newest days are missing, and has no percent without a base', () => {
    const series = [
      { date: '2026-10-01', value: 0 },
      { date: '2026-11-10', value: 300 },
    ];
    expect(changeOverWindow(series, 30, '2026-11-28')).toEqual({
      amount: 300,
      from: '2026-10-29',
      to: '2026-11-28',
      before: 0,
      after: 300,
    });
    expect(changeOverWindow([], 30)).toBeUndefined();
  });

  it('rounds a percent to one decimal', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(-2, 3)).toBe(-66.7);
    expect(percentOf(5, 0)).toBeUndefined();
  });
});
