import * as z from 'zod/mini';
import { intParam } from './catalog';
import { exactCount, hasAtMostOneDecimal } from './count-tenths';
import type { CurrencyCode } from './currencies';
import { withBounds } from './messages';
import { EARLIEST_DATE, idField, isoDateField, listField, numberField, textField } from './schema-primitives';

/**
 * Stock counts (SPEC §3 Stock count: date, counted, uncounted, extra, new count; §4 the latest count
 * updates inventory, an older one only its report; §5 a wine not in the cellar at the count's date cannot
 * be selected).
 *
 * A count is taken **as of** a moment: for a count dated today, the moment it was started; for an
 * earlier date, the end of that day (UTC). Its sheet lists what the cellar held then, per wine and
 * location (the "expected" bottles, rebuilt from the history). Counters enter what they find; the
 * entries merge per wine and location, the latest entry of each pair winning, each with who and when.
 *
 * Finishing the latest count applies its differences (counted − expected) to the stock as it is when the
 * count is finished, so a sale recorded after the count's moment is not undone; when nothing moved since
 * that moment, the stock becomes exactly the counted figures. Pairs nobody counted keep their stock.
 */

export const STOCK_COUNT_STATUSES = ['open', 'finished'] as const;
export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number];

/** What a finished count did to the inventory: set it (the latest count), or only made its report (§4). */
export const STOCK_COUNT_OUTCOMES = ['applied', 'reportOnly'] as const;
export type StockCountOutcome = (typeof STOCK_COUNT_OUTCOMES)[number];

/** The id a count sheet uses for Uncategorized (bottles with no location). */
export const COUNT_NO_LOCATION = 'uncategorized';

export const STOCK_COUNT_LIMITS = {
  nameMax: 100,
  noteMax: 1000,
  /** Locations a count may be limited to. */
  locationsMax: 200,
  /** Entries one `PUT …/entries` takes; the device's queue sends more in several batches. */
  entriesPerBatch: 90,
  /** Bottles counted of one wine in one location. */
  countedMax: 100_000,
  /** Open counts of one cellar at once. */
  openMax: 20,
} as const;

/** One counted wine in one location: who counted it and when. */
export interface StockCountEntry {
  ownWineId: string;
  /** A location id, or `uncategorized`. */
  locationId: string;
  counted: number;
  countedBy: string;
  countedByName: string;
  countedAt: string;
}

/** One row of the count sheet: a wine in a location, what was expected there and what was counted. */
export interface StockCountLine {
  ownWineId: string;
  wineDisplayName: string;
  vintage: number | null;
  /** Litres (0.75); absent on a finished count's report. */
  bottleSize?: number;
  /** Barcode lookups: the Vinmonopolet number, and the owner's product id (an EAN as printed on the label). */
  vinmonopoletNumber?: string;
  productId?: string;
  locationId: string;
  /**
   * Bottles the cellar held here at the count's moment (0 for an extra wine). Absent while a blind
   * count is open: counters count without knowing what to expect.
   */
  expected?: number;
  /** Absent while uncounted. */
  counted?: number;
  /** Not on the sheet's expected lines: found where it was not expected. */
  extra: boolean;
  /** counted − expected; absent while uncounted. */
  difference?: number;
  /** Purchase price without VAT at the count, minor units; the value of a difference. */
  unitCost?: number;
  /** difference × unitCost; absent while uncounted or without a purchase price. */
  differenceValue?: number;
  countedBy?: string;
  countedByName?: string;
  countedAt?: string;
}

/** Counted / uncounted / extra / difference at a glance (SPEC §3). */
export interface StockCountSummary {
  lines: number;
  counted: number;
  uncounted: number;
  extra: number;
  /** Absent while a blind count is open (as are the differences). */
  expectedBottles?: number;
  countedBottles: number;
  /** Σ difference over counted lines (negative: bottles missing). */
  difference?: number;
  /** Σ differenceValue, minor units of `currency`. */
  differenceValue?: number;
}

/** A count as lists show it (`GET …/stock-counts`). */
export interface StockCount {
  id: string;
  name?: string;
  /** The count's day, YYYY-MM-DD. */
  date: string;
  /** The moment the expected bottles are taken at (ISO). */
  asOf: string;
  /** Null: the whole cellar. */
  locationIds: string[] | null;
  note?: string;
  status: StockCountStatus;
  /** Blind: "Expected" and the differences are kept from the counters until the count is finished. */
  blind: boolean;
  outcome?: StockCountOutcome;
  createdBy: string;
  createdByName: string;
  createdAt: string;
  finishedAt?: string;
  finishedBy?: string;
  finishedByName?: string;
  /** Everyone who entered a figure. */
  counters: { userId: string; name: string }[];
  summary: StockCountSummary;
  currency: CurrencyCode;
  version: number;
}

/** `GET …/stock-counts/{countId}`: the count with its sheet. */
export interface StockCountSheet extends StockCount {
  lines: StockCountLine[];
  /** Locations of the sheet, for grouping and the location filter: id, name and path. */
  locations: { id: string; name: string; path: string[] }[];
  /** Whether the cellar counts open bottles in tenths (3.4): else whole bottles only. */
  countTenths: boolean;
  /** Wines in the cellar at the count's moment that may be added as extra (§5). */
  eligibleWines: {
    ownWineId: string;
    wineDisplayName: string;
    vintage: number | null;
    vinmonopoletNumber?: string;
    productId?: string;
  }[];
}

/** A count's day: from 1900 to today (a count is never of the future). */
const countDay = isoDateField({ min: EARLIEST_DATE });

/** `POST …/stock-counts`. */
export const StockCountInput = z.object({
  /** Today when absent. */
  date: z.optional(countDay),
  name: z.optional(textField(STOCK_COUNT_LIMITS.nameMax)),
  note: z.optional(textField(STOCK_COUNT_LIMITS.noteMax, { lines: true })),
  /** Limit the count to these locations (and their sub-locations); `uncategorized` for bottles with none. */
  locationIds: z.optional(z.nullable(listField(idField, STOCK_COUNT_LIMITS.locationsMax, { min: 1 }))),
  /** A blind count hides "Expected" until it is finished; false when absent. */
  blind: z.optional(z.boolean({ error: 'mustBeTrueOrFalse' })),
});
export type StockCountInput = z.infer<typeof StockCountInput>;

/** `PATCH …/stock-counts/{countId}`: name and note (the date and locations are fixed once counting starts). */
export const StockCountUpdate = z.object({
  name: z.optional(textField(STOCK_COUNT_LIMITS.nameMax)),
  note: z.optional(textField(STOCK_COUNT_LIMITS.noteMax, { lines: true })),
  /** The version the change was made on; a stale one answers 409. */
  version: z.optional(numberField(0, 1_000_000_000, { int: true })),
});
export type StockCountUpdate = z.infer<typeof StockCountUpdate>;

/**
 * Bottles counted of one wine in one location: from 0 to `countedMax` with at most one decimal, the tenths
 * of an open bottle (3.4); the sheet's field judges with it too. Whether the cellar takes tenths at all
 * is the server's to judge (`countTenths`); `StockCountWholeCounted` is the rule where it does not.
 */
export const StockCountCounted = numberField(0, STOCK_COUNT_LIMITS.countedMax).check(
  z.refine(hasAtMostOneDecimal, { error: 'atMostOneDecimal' }),
);

/** A figure where the cellar counts whole bottles only. */
export const StockCountWholeCounted = numberField(0, STOCK_COUNT_LIMITS.countedMax, { int: true });

/** A figure as stored: one decimal at most, without a float's noise (0.30000000000000004 → 0.3). */
export const canonicalCount = exactCount;

/** `PUT …/stock-counts/{countId}/entries`: figures as counted; a replayed batch changes nothing twice. */
export const StockCountEntriesInput = z.object({
  entries: listField(
    z.object({
      ownWineId: idField,
      locationId: idField,
      counted: StockCountCounted,
      /** When the figure was entered on the device (an offline entry keeps its moment); now when absent. */
      countedAt: z.optional(
        z.iso
          .datetime({ error: 'invalidDate', offset: true })
          .check(z.maxLength(40, { error: 'invalidDate' })),
      ),
    }),
    STOCK_COUNT_LIMITS.entriesPerBatch,
    { min: 1 },
  ),
});
export type StockCountEntriesInput = z.infer<typeof StockCountEntriesInput>;

/** What `PUT …/entries` answers: the entries as they stand now (a newer entry of a pair keeps winning). */
export interface StockCountEntriesResult {
  entries: StockCountEntry[];
  summary: StockCountSummary;
}

/** `GET …/stock-counts`. */
export const StockCountsQuery = z.object({
  page: intParam(1, 100_000),
  resultsPerPage: intParam(1, 200),
  status: z.optional(z.enum(STOCK_COUNT_STATUSES, { error: 'invalidValue' })),
});
export type StockCountsQuery = z.infer<typeof StockCountsQuery>;

/** The bound a batch may not pass, as its message (for clients that split queues). */
export const ENTRIES_BATCH_MESSAGE = withBounds('maxItems', { max: STOCK_COUNT_LIMITS.entriesPerBatch });
