import {
  type CurrencyCode,
  type HistoryAction,
  type HistoryEntry,
  type HistoryState,
  isCurrencyCode,
  type Placement,
} from '@kork/shared';
import { formatMoney } from '../../../lib/money';

/** An amount in integer minor units of its currency, the way the viewer's language writes money. */
export function formatMinor(amountMinor: number, code: CurrencyCode, locale: string | undefined): string {
  return formatMoney(amountMinor, code, locale);
}

/** A moment as date and time in the viewer's language (and their own time zone). */
export function formatDateTime(iso: string, locale: string | undefined): string {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(value);
}

/** Each action's badge colour: additions green, removals red, money yellow, stock work in blues. */
export const ACTION_COLORS: Record<HistoryAction, string> = {
  ADDED: 'green',
  QUANTITY: 'blue',
  MOVED: 'violet',
  PRICES: 'yellow',
  UPDATED: 'gray',
  DELETED: 'red',
  SOLD: 'wine',
  SALE_DELETED: 'orange',
  COUNTED: 'cyan',
  RECEIVED: 'teal',
  PRICE_CHANGED: 'yellow',
};

export const MONEY_FIELDS = [
  'purchasePriceWovat',
  'purchasePriceWvat',
  'sellingPrice',
  'marketValue',
  'pricePerGlass',
] as const;

/** The fields of a history state the page knows how to word, in the order they are listed. */
export const CHANGE_FIELDS = ['quantity', 'placements', ...MONEY_FIELDS, 'sellingPriceLocked'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];
export type MoneyField = (typeof MONEY_FIELDS)[number];

export function isMoneyField(field: ChangeField): field is MoneyField {
  return (MONEY_FIELDS as readonly string[]).includes(field);
}

/** One field of an entry: `before` is absent for an added wine, `after` for a deleted one. */
export interface FieldChange {
  field: ChangeField;
  before?: unknown;
  after?: unknown;
}

function has(state: HistoryState | null, field: string): state is HistoryState {
  return state !== null && state[field] !== undefined;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields an entry changed. An entry may carry unchanged fields for context (a move keeps the total
 * quantity), so only the ones that differ are listed; an added or deleted wine lists what it had.
 */
export function fieldChanges(entry: HistoryEntry): FieldChange[] {
  const { before, after } = entry;
  const oneSided = before === null || after === null;
  const changes: FieldChange[] = [];
  for (const field of CHANGE_FIELDS) {
    if (!has(before, field) && !has(after, field)) continue;
    const change: FieldChange = { field };
    if (has(before, field)) change.before = before[field];
    if (has(after, field)) change.after = after[field];
    if (oneSided || !same(change.before, change.after)) changes.push(change);
  }
  return changes;
}

/** The currency an entry's prices are in: its own when it names one, else the cellar's base currency. */
export function entryCurrency(entry: HistoryEntry, base: CurrencyCode | undefined): CurrencyCode | undefined {
  const own = entry.after?.currency ?? entry.before?.currency;
  return isCurrencyCode(own) ? own : base;
}

export function isPlacements(value: unknown): value is Placement[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'quantity' in item)
  );
}

/** Bottles a stock event moved at each location: positive where bottles arrived, negative where they left. */
export function placementDeltas(entry: HistoryEntry): { locationId: string | null; delta: number }[] {
  const before = isPlacements(entry.before?.placements) ? entry.before.placements : [];
  const after = isPlacements(entry.after?.placements) ? entry.after.placements : [];
  const deltas = new Map<string | null, number>();
  for (const placement of before)
    deltas.set(placement.locationId, (deltas.get(placement.locationId) ?? 0) - placement.quantity);
  for (const placement of after)
    deltas.set(placement.locationId, (deltas.get(placement.locationId) ?? 0) + placement.quantity);
  return [...deltas].filter(([, delta]) => delta !== 0).map(([locationId, delta]) => ({ locationId, delta }));
}

/** A price before and after (`null`: none was set). */
export interface PriceStep {
  before: number | null;
  after: number | null;
}

/** What a sale, a deleted sale, a count, a receipt or a price rule did, in the numbers its sentence needs. */
export type StockEvent =
  | { action: 'SOLD' | 'SALE_DELETED'; units: number; locations: (string | null)[] }
  | { action: 'COUNTED'; before: number; after: number; difference: number; differenceValue?: number }
  | { action: 'RECEIVED'; units: number; unitCost?: number; locations: (string | null)[] }
  | { action: 'PRICE_CHANGED'; selling?: PriceStep; glass?: PriceStep };

/** The fields a price change's sentence says, so the list under it does not repeat them. */
export const PRICE_EVENT_FIELDS: readonly ChangeField[] = ['sellingPrice', 'pricePerGlass'];

function priceStep(entry: HistoryEntry, field: 'sellingPrice' | 'pricePerGlass'): PriceStep | undefined {
  const before = numberIn(entry.before, field) ?? null;
  const after = numberIn(entry.after, field) ?? null;
  return before === after ? undefined : { before, after };
}

function numberIn(state: HistoryState | null, field: string): number | undefined {
  const value = state?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * The stock event an entry records, from its before/after and the extra fields the event stores with
 * it (`difference`, `differenceValue` of a count; `units`, `unitCost` of a receipt). Undefined for the
 * other actions.
 */
export function stockEvent(entry: HistoryEntry): StockEvent | undefined {
  const quantityBefore = numberIn(entry.before, 'quantity') ?? 0;
  const quantityAfter = numberIn(entry.after, 'quantity') ?? 0;
  const deltas = placementDeltas(entry);
  if (entry.action === 'SOLD' || entry.action === 'SALE_DELETED') {
    const sold = entry.action === 'SOLD';
    return {
      action: entry.action,
      units: Math.abs(quantityAfter - quantityBefore),
      locations: deltas.filter((d) => (sold ? d.delta < 0 : d.delta > 0)).map((d) => d.locationId),
    };
  }
  if (entry.action === 'COUNTED') {
    const extra = entry.after ?? entry.before;
    const differenceValue = numberIn(extra, 'differenceValue');
    return {
      action: 'COUNTED',
      before: quantityBefore,
      after: quantityAfter,
      difference: numberIn(extra, 'difference') ?? quantityAfter - quantityBefore,
      ...(differenceValue !== undefined ? { differenceValue } : {}),
    };
  }
  if (entry.action === 'RECEIVED') {
    const unitCost = numberIn(entry.after, 'unitCost');
    return {
      action: 'RECEIVED',
      units: numberIn(entry.after, 'units') ?? quantityAfter - quantityBefore,
      ...(unitCost !== undefined ? { unitCost } : {}),
      locations: deltas.filter((d) => d.delta > 0).map((d) => d.locationId),
    };
  }
  if (entry.action === 'PRICE_CHANGED') {
    const selling = priceStep(entry, 'sellingPrice');
    const glass = priceStep(entry, 'pricePerGlass');
    return { action: 'PRICE_CHANGED', ...(selling ? { selling } : {}), ...(glass ? { glass } : {}) };
  }
  return undefined;
}
