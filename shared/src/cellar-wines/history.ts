import * as z from 'zod/mini';
import { intParam, listParam } from '../catalog';
import { idField, isoDateField, textField } from '../schema-primitives';
import type { CellarWine } from './wines';

/** The history of a cellar wine: every change, written with the change. */

/**
 * What happened to a cellar wine. SOLD: a sale took bottles out; SALE_DELETED: a deleted sale put them
 * back; COUNTED: a finished stock count set the stock to what was counted (before, after, difference and
 * its value); RECEIVED: an order's bottles arrived (and the purchase price became the weighted average);
 * PRICE_CHANGED: a price rule or an approved price review set the selling and glass price.
 */
export const HISTORY_ACTIONS = [
  'ADDED',
  'QUANTITY',
  'MOVED',
  'PRICES',
  'UPDATED',
  'DELETED',
  'SOLD',
  'SALE_DELETED',
  'COUNTED',
  'RECEIVED',
  'PRICE_CHANGED',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The fields a history entry's `before` and `after` hold. */
export type HistoryState = Partial<
  Pick<
    CellarWine,
    | 'quantity'
    | 'placements'
    | 'purchasePriceWovat'
    | 'purchasePriceWvat'
    | 'sellingPrice'
    | 'sellingPriceLocked'
    | 'marketValue'
    | 'pricePerGlass'
  >
> &
  Record<string, unknown>;

/** One change to a cellar wine, written in the same transaction as the change. */
export interface HistoryEntry {
  id: string;
  at: string;
  action: HistoryAction;
  ownWineId: string;
  wineDisplayName: string;
  actorId: string;
  actorName: string;
  /** null for ADDED. */
  before: HistoryState | null;
  /** null for DELETED. */
  after: HistoryState | null;
}

/** A day the history is filtered from or to: 1900-01-01 to the end of next year. */
const historyDay = isoDateField({ max: () => `${new Date().getUTCFullYear() + 1}-12-31` });

/** `GET …/history`. */
export const HistoryQuery = z.object({
  page: intParam(1, 100_000),
  resultsPerPage: intParam(1, 200),
  action: listParam,
  ownWineId: z.optional(idField),
  search: z.optional(textField(200)),
  /** ISO dates (inclusive). */
  from: z.optional(historyDay),
  to: z.optional(historyDay),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/**
 * A page of `GET …/history`, newest first. `count` is exact without `more`; with `more`, at least that
 * many entries match and more follow. `searchedBackTo` (the time of the oldest entry read) says a search
 * stopped at the request's read limit before it filled the page: older entries were not searched.
 */
export interface HistoryPage {
  rows: HistoryEntry[];
  count: number;
  more?: true;
  searchedBackTo?: string;
}
