import * as z from 'zod/mini';
import { listParam } from './catalog/search-query';
import type { CurrencyCode } from './currencies';
import { LIMITS } from './limits';

/**
 * Market value (SPEC §1, §2 /wine-cellar/analytics, §3 `marketValue`, §6, §9): what a cellar is worth,
 * from valuations a fine-wine data provider publishes, synced daily for paying cellars (plans Plus and
 * Pro, shared/src/billing.ts). docs/market-value.md states the rules; the shapes are here.
 *
 * Money is whole minor units. Valuations are stored in the provider's currency and converted into the
 * viewer's currency with the day's exchange rates when answered.
 */

/** How a provider's figure was made (Wine-Searcher: retail average and minimum; Liv-ex: mid; auctions). */
export const PRICE_TYPES = ['mid', 'auction', 'retailAverage', 'retailMin', 'user'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

/**
 * Where a wine's value comes from, in the order the cascade tries them (docs/market-value.md):
 * the owner's own `marketValue`; the provider's market price; the community's average of what people
 * paid (at least `COMMUNITY_MIN_OWNERS` owners); the wine's own purchase price. A wine with none of
 * these has no value: it is left out of totals and counted in `unvalued`, never taken as 0.
 */
export const VALUE_SOURCES = ['own', 'market', 'community', 'purchase'] as const;
export type ValueSource = (typeof VALUE_SOURCES)[number];

/** The fewest distinct owners whose purchase prices make a community value. */
export const COMMUNITY_MIN_OWNERS = 2;

/** The §9 market value change window, in days. */
export const MARKET_VALUE_WINDOW_DAYS = LIMITS.marketValueChangeWindowDays;

/** How far back the value-over-time series and a wine's valuation history reach. */
export const MARKET_VALUE_HISTORY_DAYS = 366;

/** How many wines the top movers (each way) and the most valuable list hold. */
export const MARKET_VALUE_TOP = 10;

/**
 * What a valuation is of. LWIN-11 (LWIN-7 + vintage) when the wine has one; else the Vinmonopolet
 * number with vintage and bottle size; else the catalogue wine with vintage and size.
 */
export type ValuationKey = string;

/** One valuation of a wine on a day (what the provider said, or the owner's own value). */
export interface Valuation {
  key: ValuationKey;
  /** yyyy-mm-dd the price is as of. */
  asOf: string;
  /** Minor units per bottle, excluding tax as the providers publish it. */
  price: number;
  currency: CurrencyCode;
  priceType: PriceType;
  /** The provider's name (`demo` for the local provider's labelled demo data). */
  source: string;
  /** How many offers or trades the figure is made of, when the provider says. */
  sampleSize?: number;
  /** 0–1, the provider's confidence (or ours for derived figures). */
  confidence?: number;
  /** True when the figure is demo data (the local provider), shown as such wherever it appears. */
  demo: boolean;
}

/** `GET …/market-value` filters: by location and category (comma-separated ids, as the inventory's). */
export const MarketValueQuery = z.object({
  locationIds: listParam,
  categoryIds: listParam,
});
export type MarketValueQuery = z.infer<typeof MarketValueQuery>;

/** A wine's value as the cascade found it. */
export interface WineValue {
  ownWineId: string;
  wineId?: string;
  wineDisplayName: string;
  vintage: number | null;
  bottles: number;
  /** Per bottle, viewer's currency, minor units. */
  unitValue: number;
  /** bottles × unitValue. */
  value: number;
  source: ValueSource;
  priceType?: PriceType;
  /** yyyy-mm-dd of the figure (the purchase price: when it was last set). */
  asOf: string;
  demo: boolean;
  /** bottles × purchase price without VAT, in the viewer's currency; absent without a purchase price. */
  purchaseValue?: number;
  region?: string;
  country?: string;
  categoryId: string;
}

export interface WineMove {
  ownWineId: string;
  wineDisplayName: string;
  /** Total value now and 30 days ago (same bottles), viewer's currency. */
  value: number;
  valueBefore: number;
  amount: number;
  /** One decimal; absent when valueBefore is 0. */
  percent?: number;
}

export interface ValueGroup {
  /** Region name, vintage year (as text, `NV` for non-vintage) or category id. */
  key: string;
  value: number;
  bottles: number;
  wines: number;
}

/** `GET /api/wine-cellars/users/{id}/market-value` (403 `planRequired` on a free plan). */
export interface MarketValueAnswer {
  currency: CurrencyCode;
  /** The newest as-of date among the figures. */
  asOf: string;
  /** Σ value of valued wines. */
  total: number;
  /** Against the total of the same bottles `MARKET_VALUE_WINDOW_DAYS` days ago; percent absent without a base. */
  change30d: { amount: number; percent?: number };
  /** Against Σ purchase value of the valued wines that have one. */
  sincePurchase: { amount: number; percent?: number; purchaseValue: number };
  /** Wines (rows) with a value, and without one. */
  valued: number;
  unvalued: number;
  /** How many valued wines take their value from each source. */
  bySource: Record<ValueSource, number>;
  /** Daily totals of today's bottles, oldest first, over `MARKET_VALUE_HISTORY_DAYS`. */
  series: { date: string; total: number }[];
  topMovers: { up: WineMove[]; down: WineMove[] };
  byRegion: ValueGroup[];
  byVintage: ValueGroup[];
  byCategory: ValueGroup[];
  mostValuable: WineValue[];
  /** Every valued wine (the table and its CSV), most valuable first. */
  wines: WineValue[];
  /** True when any figure is demo data: the page says so. */
  demo: boolean;
  /** True for the sample a free plan is shown (`GET /api/market-value/sample`), not the person's cellar. */
  sample: boolean;
}

/** One row of `GET …/own-wines/{ownWineId}/valuations`, newest first. */
export interface ValuationRow {
  asOf: string;
  /** Per bottle, viewer's currency. */
  price: number;
  currency: CurrencyCode;
  source: ValueSource;
  priceType?: PriceType;
  provider?: string;
  sampleSize?: number;
  confidence?: number;
  demo: boolean;
}

export interface ValuationsAnswer {
  rows: ValuationRow[];
  /** The value the cascade uses today, with its source. */
  current?: ValuationRow;
}

/** A queue message of the market-value sync: the valuation keys to refresh for one day. */
export interface MarketValueSyncMessage {
  day: string;
  keys: {
    key: ValuationKey;
    wineId?: string;
    lwin11?: string;
    vinmonopoletNumber?: string;
    vintage: number | null;
    bottleSize: number;
  }[];
}

/** How many valuation keys one sync message carries. */
export const MARKET_VALUE_SYNC_BATCH = 25;

// — LWIN (Liv-ex Wine Identification Number) —

/**
 * LWIN-7 identifies a wine (7 digits, the first is 1); LWIN-11 adds a 4-digit vintage (1000 for
 * non-vintage); LWIN-16 adds the bottle count and size (3 + 5 digits, size in millilitres), LWIN-18 the
 * same with a 7-digit size. LWIN carries no check digit, so a well-formed code is checked by its parts.
 */
export function isLwin7(value: string): boolean {
  return /^1\d{6}$/.test(value);
}

export function isLwin11(value: string, nextYear = new Date().getUTCFullYear() + 1): boolean {
  if (!/^\d{11}$/.test(value) || !isLwin7(value.slice(0, 7))) return false;
  const vintage = Number(value.slice(7));
  return vintage === 1000 || (vintage >= 1800 && vintage <= nextYear);
}

/** LWIN-11 of a wine's LWIN-7 and vintage (null: non-vintage, 1000). */
export function lwin11(lwin7: string, vintage: number | null): string | undefined {
  if (!isLwin7(lwin7)) return undefined;
  const year = vintage ?? 1000;
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return undefined;
  return `${lwin7}${year}`;
}

/** The valuation key of a wine: LWIN-11, else `vmp:<number>:<vintage|NV>:<ml>`, else `wine:<id>:…`. */
export function valuationKey(wine: {
  lwin7?: string;
  vinmonopoletNumber?: string;
  wineId?: string;
  vintage: number | null;
  bottleSize: number;
}): ValuationKey | undefined {
  const lwin = wine.lwin7 ? lwin11(wine.lwin7, wine.vintage) : undefined;
  if (lwin) return `lwin:${lwin}`;
  const rest = `${wine.vintage ?? 'NV'}:${Math.round(wine.bottleSize * 1000)}`;
  if (wine.vinmonopoletNumber) return `vmp:${wine.vinmonopoletNumber}:${rest}`;
  if (wine.wineId) return `wine:${wine.wineId}:${rest}`;
  return undefined;
}
