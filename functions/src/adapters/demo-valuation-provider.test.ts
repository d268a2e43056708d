import { describe, expect, it } from 'vitest';
import { demoValuationProvider } from './demo-valuation-provider';
import type { ValuationRequest } from './valuation-provider';

function request(key: string, over: Partial<ValuationRequest> = {}, hints: ValuationRequest['hints'] = {}) {
  return {
    key,
    wineName: 'Demo wine',
    vintage: 2010,
    bottleSize: 0.75,
    ...over,
    hints: { referenceYear: 2014, referenceCurrency: 'NOK', ...hints },
  } satisfies ValuationRequest;
}

const margaux = request(
  'vmp:1234501:2010:750',
  { vintage: 2010 },
  { referencePrice: 89_990, categoryId: 'red', country: 'Frankrike', region: 'Bordeaux' },
);
const everyday = request(
  'vmp:7777701:2013:750',
  { vintage: 2013 },
  { referencePrice: 14_990, categoryId: 'red', country: 'Chile', region: 'Central Valley' },
);
const spirit = request(
  'vmp:5555501:NV:700',
  { vintage: null, bottleSize: 0.7 },
  { referencePrice: 49_990, categoryId: 'spirits', country: 'Skottland' },
);

describe('the demo valuation provider', () => {
  it('labels every figure as demo data of the mid type', async () => {
    const { quotes } = await demoValuationProvider.quote([margaux], '2026-11-29');
    expect(quotes).toEqual([
      expect.objectContaining({
        key: margaux.key,
        asOf: '2026-11-29',
        currency: 'NOK',
        priceType: 'mid',
        source: 'demo',
        demo: true,
      }),
    ]);
    expect(demoValuationProvider.name).toBe('demo');
    expect(demoValuationProvider.demo).toBe(true);
  });

  it('gives the same figure for the same wine and day, however often it is asked', async () => {
    const first = await demoValuationProvider.quote([margaux, everyday, spirit], '2026-05-01');
    const again = await demoValuationProvider.quote([spirit, margaux, everyday], '2026-05-01');
    const byKey = (q: typeof first.quotes) => Object.fromEntries(q.map((x) => [x.key, x]));
    expect(byKey(again.quotes)).toEqual(byKey(first.quotes));
    const [history] = (await demoValuationProvider.history?.(margaux, '2026-05-01', '2026-05-01')) ?? [];
    expect(history?.price).toBe(byKey(first.quotes)[margaux.key]?.price);
  });

  it('prices ex-tax, below the shelf price, within a plausible range of it', async () => {
    const { quotes } = await demoValuationProvider.quote([margaux, everyday, spirit], '2014-07-01');
    const price = Object.fromEntries(quotes.map((q) => [q.key, q.price]));
    // The shelf price holds 25 % VAT and the alcohol duty: ex-tax is well below, never absurdly so.
    expect(price[margaux.key]).toBeGreaterThan(89_990 * 0.6);
    expect(price[margaux.key]).toBeLessThan(89_990 / 1.25);
    expect(price[everyday.key]).toBeGreaterThan(14_990 * 0.3);
    expect(price[everyday.key]).toBeLessThan(14_990 / 1.25);
    expect(price[spirit.key]).toBeGreaterThan(49_990 * 0.3);
    expect(price[spirit.key]).toBeLessThan(49_990 / 1.25);
  });

  it('lets an old Bordeaux gain over the years, an everyday wine not, a spirit stay level', async () => {
    const at = async (r: ValuationRequest, day: string) =>
      (await demoValuationProvider.quote([r], day)).quotes[0]?.price ?? 0;
    const gain = async (r: ValuationRequest) => (await at(r, '2026-07-01')) / (await at(r, '2014-07-01'));
    expect(await gain(margaux)).toBeGreaterThan(1.2);
    expect(await gain(everyday)).toBeLessThan(1.15);
    expect(await gain(spirit)).toBeGreaterThan(0.9);
    expect(await gain(spirit)).toBeLessThan(1.1);
  });

  it('fills every day of a span, and the 30-day change is not always zero', async () => {
    const path = (await demoValuationProvider.history?.(margaux, '2025-11-29', '2026-11-29')) ?? [];
    expect(path).toHaveLength(366);
    expect(path[0]?.asOf).toBe('2025-11-29');
    expect(path.at(-1)?.asOf).toBe('2026-11-29');
    const changes = path.slice(30).map((q, i) => q.price - (path[i]?.price ?? 0));
    expect(changes.filter((c) => c !== 0).length).toBeGreaterThan(300);
    // Smooth: no day jumps by more than a few per cent from the one before.
    for (let i = 1; i < path.length; i++) {
      const step = Math.abs((path[i]?.price ?? 0) / (path[i - 1]?.price ?? 1) - 1);
      expect(step).toBeLessThan(0.03);
    }
  });

  it('estimates some wines without a reference price and does not know the others', async () => {
    const requests = Array.from({ length: 200 }, (_, i) =>
      request(`wine:custom-${i}:2015:750`, { vintage: 2015 }, { categoryId: 'red' }),
    );
    const { quotes, misses } = await demoValuationProvider.quote(requests, '2026-11-29');
    expect(quotes.length + misses.length).toBe(200);
    expect(misses.length).toBeGreaterThan(30);
    expect(quotes.length).toBeGreaterThan(80);
    expect(misses.every((m) => m.reason === 'unknown')).toBe(true);
    for (const q of quotes) {
      expect(q.price).toBeGreaterThan(3_000);
      expect(q.price).toBeLessThan(100_000);
      expect(q.confidence).toBeLessThan(0.5);
    }
    const unknown = requests.find((r) => misses.some((m) => m.key === r.key)) as ValuationRequest;
    expect(await demoValuationProvider.history?.(unknown, '2026-01-01', '2026-01-31')).toEqual([]);
  });
});
