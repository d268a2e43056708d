/**
 * Reading valuations (the sync writes them: valuation-writes.ts): a wine's prices by year and the
 * community's price, for many valuation keys at once. Batch gets of 100 keys a call, several calls at a
 * time, asked again for what DynamoDB left unprocessed. A day's valuations change once a day (the sync), so
 * an instance keeps what it found: a past year's item, or this year's once it holds today, until the day
 * ends (nothing more is written to it today); this year's item without today for a short while
 * (`VALUATIONS_MAX_AGE_MS`, 2 minutes by default), the day's sync may be writing it. A key with nothing yet
 * is asked again on the next request, so a wine valued for the first time shows at once. A year's prices
 * are held as one array by day of the year (3 KB), not as the item's map.
 */
import { type CurrencyCode, dayNumber, type PriceType, todayIso, type ValuationKey } from '@kork/shared';
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
  /** yyyy → minor units by day of the year (0 is 1 January; NaN: no price that day). */
  years: Map<string, Float64Array>;
  /** yyyy → MMDD → `priceType|source` for days described otherwise than the newest item. */
  kinds: Map<string, Record<string, string>>;
}

const BATCH = 100;
const PARALLEL = 8;
const ROUNDS = 8;
/** Entries an instance keeps (keys × years for valuations, ~3 KB each; keys for community prices). */
const KEPT = 20_000;
const DAY_MS = 86_400_000;

/** How long an instance uses what it read of valuations that may still change today. */
export function maxAgeMs(): number {
  return Number(optionalEnv('VALUATIONS_MAX_AGE_MS', '120000'));
}

/** Reads items by key in batches of 100, `PARALLEL` batches at a time, retrying unprocessed keys. */
export async function batchGet<K, T>(
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

/** A small per-instance cache: each entry until its own expiry; the oldest go first past the bound. */
class Kept<T> {
  private readonly entries = new Map<string, { until: number; value: T }>();

  get(id: string, now: number): { value: T } | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (now >= entry.until) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  set(id: string, value: T, until: number): void {
    this.entries.delete(id);
    this.entries.set(id, { until, value });
    while (this.entries.size > KEPT) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** A year item as held: its prices by day of the year. */
interface HeldYear {
  item: Omit<ValuationYearRecord, 'days' | 'kinds'>;
  prices: Float64Array;
  kinds?: Record<string, string>;
}

function heldYear(item: ValuationYearRecord): HeldYear {
  const { days, kinds, ...rest } = item;
  const prices = new Float64Array(366).fill(Number.NaN);
  const start = dayNumber(`${item.year}-01-01`);
  for (const [mmdd, price] of Object.entries((days ?? {}) as Record<string, number>)) {
    const at = dayNumber(`${item.year}-${mmdd.slice(0, 2)}-${mmdd.slice(2, 4)}`) - start;
    if (at >= 0 && at < 366 && typeof price === 'number') prices[at] = price;
  }
  return { item: rest, prices, ...(kinds ? { kinds: kinds as Record<string, string> } : {}) };
}

/** Until when a year item read now may be used: the day's end when it can no longer change today. */
function keptUntil(item: ValuationYearRecord, now: number, today: string): number {
  const endOfDay = (dayNumber(today) + 1) * DAY_MS;
  const settled = item.year < today.slice(0, 4) || item.lastDay >= today;
  return settled ? endOfDay : Math.min(endOfDay, now + maxAgeMs());
}

const yearItems = new Kept<HeldYear>();
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
  const today = todayIso(new Date(now));
  const unique = [...new Set(keys)];
  const items = new Map<string, HeldYear>();
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
    for (const item of read) {
      const held = heldYear(item);
      yearItems.set(`${item.key}#${item.year}`, held, keptUntil(item, now, today));
      items.set(`${item.key}#${item.year}`, held);
    }
  }
  const answer = new Map<ValuationKey, KeyValuations>();
  for (const key of unique) {
    let newest: HeldYear['item'] | undefined;
    const byYear = new Map<string, Float64Array>();
    const kinds = new Map<string, Record<string, string>>();
    for (const year of years) {
      const held = items.get(`${key}#${year}`);
      if (!held) continue;
      byYear.set(year, held.prices);
      if (held.kinds) kinds.set(year, held.kinds);
      if (!newest || held.item.lastDay > newest.lastDay) newest = held.item;
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
      communityItems.set(key, item, now + maxAgeMs());
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

/** The day of the year of a yyyy-mm-dd (0 is 1 January). */
export function dayOfYear(day: string): number {
  return dayNumber(day) - dayNumber(`${day.slice(0, 4)}-01-01`);
}

/** The price on a day (yyyy-mm-dd) of a key's valuations, when that day has one. */
export function priceOn(valuations: KeyValuations, day: string): number | undefined {
  const price = valuations.years.get(day.slice(0, 4))?.[dayOfYear(day)];
  return price === undefined || Number.isNaN(price) ? undefined : price;
}

/** The price type and provider of a day: the day's own description when it differs from the item's. */
export function kindOn(valuations: KeyValuations, day: string): { priceType: PriceType; source: string } {
  const kind = valuations.kinds.get(day.slice(0, 4))?.[day.slice(5, 7) + day.slice(8, 10)];
  if (!kind) return { priceType: valuations.priceType, source: valuations.source };
  const [priceType, source] = kind.split('|');
  return { priceType: (priceType || valuations.priceType) as PriceType, source: source || valuations.source };
}
