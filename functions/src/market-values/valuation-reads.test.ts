import { describe, expect, it } from 'vitest';
import { batchGet, dayOfYear } from './valuation-reads';

describe('batched valuation reads', () => {
  it('asks at most 100 keys a call and asks again for what was left unprocessed, losing none', async () => {
    const keys = Array.from({ length: 250 }, (_, i) => ({ key: `k${i}` }));
    const calls: number[] = [];
    const skipped = new Set<string>();
    const found = await batchGet(keys, async (batch) => {
      calls.push(batch.length);
      // The first time a key is asked, every third one is left unprocessed (throttled).
      const unprocessed = batch.filter((k, i) => i % 3 === 0 && !skipped.has(k.key));
      for (const k of unprocessed) skipped.add(k.key);
      const data = batch.filter((k) => !unprocessed.includes(k)).map((k) => ({ ...k, found: true }));
      return { data, unprocessed };
    });
    expect(Math.max(...calls)).toBeLessThanOrEqual(100);
    expect(found.map((item) => item.key).sort()).toEqual(keys.map((k) => k.key).sort());
    expect(found).toHaveLength(250);
    expect(calls.length).toBeGreaterThan(3);
  });

  it('gives up with an error, not a silent gap, when keys stay unprocessed', async () => {
    await expect(
      batchGet([{ key: 'a' }], async (batch) => ({ data: [], unprocessed: batch })),
    ).rejects.toThrow(/unprocessed/);
  });

  it('numbers the days of a year from 1 January, 31 December of a leap year being 365', () => {
    expect(dayOfYear('2026-01-01')).toBe(0);
    expect(dayOfYear('2024-12-31')).toBe(365);
  });
});
