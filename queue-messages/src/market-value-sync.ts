import { MARKET_VALUE_SYNC_BATCH, type MarketValueSyncMessage } from '@kork/shared';
import * as z from 'zod/mini';

/**
 * `market-values.sync` v1: valuation keys of wines held in paying cellars, to be valued for `day`
 * (yyyy-mm-dd). The consumer values each key at most once a day, however often the message arrives.
 * Its fields are shared/src/market-values.ts `MarketValueSyncMessage`'s, with the wine's name for a
 * provider that matches by name.
 */
const SyncKey = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(200)),
  wineId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  lwin11: z.optional(z.string().check(z.regex(/^\d{11}$/))),
  vinmonopoletNumber: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
  vintage: z.nullable(z.number().check(z.int(), z.gte(1000), z.lte(9999))),
  bottleSize: z.number().check(z.gt(0), z.lte(30)),
  wineName: z.optional(z.string().check(z.maxLength(300))),
  producerName: z.optional(z.string().check(z.maxLength(300))),
});

export const MarketValueSync = z.object({
  name: z.literal('market-values.sync'),
  version: z.literal(1),
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  keys: z.array(SyncKey).check(z.minLength(1), z.maxLength(MARKET_VALUE_SYNC_BATCH)),
});

export type MarketValueSync = z.infer<typeof MarketValueSync> & MarketValueSyncMessage;

export const marketValueSyncExample: MarketValueSync = {
  name: 'market-values.sync',
  version: 1,
  day: '2026-11-29',
  keys: [
    {
      key: 'vmp:1234501:2010:750',
      wineId: '01JEXAMPLE0000000000000000',
      vinmonopoletNumber: '1234501',
      vintage: 2010,
      bottleSize: 0.75,
      wineName: 'Château Example',
    },
    { key: 'lwin:10122922010', lwin11: '10122922010', vintage: 2010, bottleSize: 0.75 },
  ],
};
