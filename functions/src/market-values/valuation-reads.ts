/**
 * Reading valuations (the sync writes them: valuation-writes.ts): a wine's prices by year and the
 * community's price, for many valuation keys at once. Batch gets of 100 keys a call, several calls at a
 * time, asked again for what DynamoDB left unprocessed. A day's valuations change once a day (the sync), so
 * an instance keeps what it found for a short while (`VALUATIONS_MAX_AGE_MS`, 2 minutes by default); a key
 * with nothing yet is asked again on the next request, so a wine valued for the first time shows at once.
 */
import type { CurrencyCode, PriceType, ValuationKey } from '@kork/shared';
import { type EntityRecord, tables } from '../data/tables';
import { backoffMs } from '../data/transactions';
import { optionalEnv } from '../platform/env';

export type ValuationYearRecord = EntityRecord<'valuationYear'>;
export type CommunityPriceRecord = EntityRecord<'communityPrice'>;

/** A key's prices over the years read, with the provider's description of them. */
export interface KeyValuations {
  key: ValuationKey;
  currency: CurrencyCode;
  priceType: PriceType;
  source: string;
  demo: boolean;
  sampleSize?: number;
  confidence?: number;
  /** The newest day held and its price. */
  lastDay: string;
  lastPrice: number;
  /** yyyy → MMDD → minor units. */
  years: Map<string, Record<string, number>>;
  /** yyyy → MMDD → `priceType|source` for days described otherwise than the newest item. */
  kinds: Map<string, Record<string, string>>;
}

const BATCH = 100;
const PARALLEL = 8;
const ROUNDS = 8;
/** Entries an instance keeps (keys × years for valuations; keys for community prices). */
const KEPT = 60_000;

function maxAgeMs(): number {
  return Number(optionalEnv('VALUATIONS_MAX_AGE_MS', '120000'));
}

/** Reads items by key in batches of 100, `PARALLEL` batches at a time, retrying unprocessed keys. */
async function batchGet<K, T>(
  keys: readonly K[],
  get: (batch: K[]) => Promise<{ data: T[]; unprocessed: unknown[] }>,
) {
  const found: T[] = [];
  const batches: K[][] = [];
  for (let i = 0; i < keys.length; i += BATCH) batches.push(keys.slice(i, i + BATCH));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending = batches[next++] as K[];
      for (let round = 0; pending.length > 0; round++) {
        if (round >= ROUNDS) throw new Error(`Valuations left unprocessed after ${ROUNDS} rounds`);
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, backoffMs(round)));
        const { data, unprocessed } = await get(pending);
        found.push(...data);
        pending = (unprocessed ?? []) as K[];
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, batches.length) }, worker));
  return found;
}

/** A small per-instance cache: entries expire after the maximum age; the oldest go first past the bound. */
class Kept<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();

  get(id: string, now: number): { value: T } | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (now - entry.at >= maxAgeMs()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  set(id: string, value: T, now: number): void {
    this.entries.delete(id);
    this.entries.set(id, { at: now, value });
    while (this.entries.size > KEPT) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}

const yearItems = new Kept<ValuationYearRecord>();
const communityItems = new Kept<CommunityPriceRecord>();

/**
 * The valuations of each key in the given years (this year and last for a 366-day history). Keys with no
 * item in any of the years are absent.
 */
export async function valuationsOf(
  keys: Iterable<ValuationKey>,
  years: readonly string[],
): Promise<Map<ValuationKey, KeyValuations>> {
  const now = Date.now();
  const unique = [...new Set(keys)];
  const items = new Map<string, ValuationYearRecord>();
  const missing: { key: string; year: string }[] = [];
  for (const key of unique) {
    for (const year of years) {
      const kept = yearItems.get(`${key}#${year}`, now);
      if (!kept) missing.push({ key, year });
      else items.set(`${key}#${year}`, kept.value);
    }
  }
  if (missing.length > 0) {
    const read = await batchGet(missing, (batch) => tables('market-values').valuationYear.get(batch).go());
    const got = new Map(read.map((item) => [`${item.key}#${item.year}`, item]));
    for (const { key, year } of missing) {
      const item = got.get(`${key}#${year}`);
      if (!item) continue;
      yearItems.set(`${key}#${year}`, item, now);
      items.set(`${key}#${year}`, item);
    }
  }
  const answer = new Map<ValuationKey, KeyValuations>();
  for (const key of unique) {
    let newest: ValuationYearRecord | undefined;
    const byYear = new Map<string, Record<string, number>>();
    const kinds = new Map<string, Record<string, string>>();
    for (const year of years) {
      const item = items.get(`${key}#${year}`);
      if (!item) continue;
      byYear.set(year, (item.days ?? {}) as Record<string, number>);
      if (item.kinds) kinds.set(year, item.kinds as Record<string, string>);
      if (!newest || item.lastDay > newest.lastDay) newest = item;
    }
    if (!newest) continue;
    answer.set(key, {
      key,
      currency: newest.currency as CurrencyCode,
      priceType: newest.priceType as PriceType,
      source: newest.source,
      demo: newest.demo,
      ...(newest.sampleSize !== undefined ? { sampleSize: newest.sampleSize } : {}),
      ...(newest.confidence !== undefined ? { confidence: newest.confidence } : {}),
      lastDay: newest.lastDay,
      lastPrice: newest.lastPrice,
      years: byYear,
      kinds,
    });
  }
  return answer;
}

/** The community's price of each key that has one. */
export async function communityPricesOf(
  keys: Iterable<ValuationKey>,
): Promise<Map<ValuationKey, CommunityPriceRecord>> {
  const now = Date.now();
  const answer = new Map<ValuationKey, CommunityPriceRecord>();
  const missing: { key: string }[] = [];
  for (const key of new Set(keys)) {
    const kept = communityItems.get(key, now);
    if (!kept) missing.push({ key });
    else answer.set(key, kept.value);
  }
  if (missing.length > 0) {
    const read = await batchGet(missing, (batch) => tables('market-values').communityPrice.get(batch).go());
    const got = new Map(read.map((item) => [item.key, item]));
    for (const { key } of missing) {
      const item = got.get(key);
      if (!item) continue;
      communityItems.set(key, item, now);
      answer.set(key, item);
    }
  }
  return answer;
}

/** Forgets what the instance read (tests and the benchmark's cold runs; the sync after it writes). */
export function resetValuationReads(): void {
  yearItems.clear();
  communityItems.clear();
}

/** The price on a day (yyyy-mm-dd) of a key's valuations, when that day has one. */
export function priceOn(valuations: KeyValuations, day: string): number | undefined {
  return valuations.years.get(day.slice(0, 4))?.[day.slice(5, 7) + day.slice(8, 10)];
}

/** The price type and provider of a day: the day's own description when it differs from the item's. */
export function kindOn(valuations: KeyValuations, day: string): { priceType: PriceType; source: string } {
  const kind = valuations.kinds.get(day.slice(0, 4))?.[day.slice(5, 7) + day.slice(8, 10)];
  if (!kind) return { priceType: valuations.priceType, source: valuations.source };
  const [priceType, source] = kind.split('|');
  return { priceType: (priceType || valuations.priceType) as PriceType, source: source || valuations.source };
}
