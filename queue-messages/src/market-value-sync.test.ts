import { MARKET_VALUE_SYNC_BATCH } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { MarketValueSync, marketValueSyncExample } from './market-value-sync';

describe('the market-values queue message', () => {
  it('reads its example as itself', () => {
    expect(MarketValueSync.parse(marketValueSyncExample)).toEqual(marketValueSyncExample);
  });

  it('refuses a message without keys, with too many, or with a malformed day', () => {
    const one = marketValueSyncExample.keys[0];
    expect(MarketValueSync.safeParse({ ...marketValueSyncExample, keys: [] }).success).toBe(false);
    const many = Array.from({ length: MARKET_VALUE_SYNC_BATCH + 1 }, () => one);
    expect(MarketValueSync.safeParse({ ...marketValueSyncExample, keys: many }).success).toBe(false);
    expect(MarketValueSync.safeParse({ ...marketValueSyncExample, day: '29.11.2026' }).success).toBe(false);
  });
});
