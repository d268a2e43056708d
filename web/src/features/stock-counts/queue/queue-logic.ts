import {
  blindSummary,
  countDifference,
  STOCK_COUNT_LIMITS,
  type StockCountEntriesInput,
  type StockCountEntriesResult,
  type StockCountLine,
  type StockCountSheet,
  summarize,
} from '@kork/shared';

/**
 * The rules of the device's queue of counted figures, kept free of storage and network so they can be
 * tested alone (count-store.ts keeps them in IndexedDB, sync.ts sends them).
 *
 * A figure is queued per count, wine and location; a newer figure of the same pair replaces the older
 * one and gets the next version. Figures leave in batches of at most `entriesPerBatch`, each batch stored
 * with its Idempotency-Key before it is sent, so a retry after a lost answer is the same request. When a
 * batch is accepted, only the versions it carried are removed: a figure changed while it was on its way
 * stays queued and goes in the next batch.
 */

export interface QueuedEntry {
  /** `countId|ownWineId|locationId`. */
  key: string;
  ownerId: string;
  countId: string;
  ownWineId: string;
  locationId: string;
  counted: number;
  /** When the figure was entered on this device (ISO). */
  countedAt: string;
  /** Grows by one with every new figure for the pair. */
  version: number;
}

/** A batch on its way: what it carries (with versions) and the key it is sent with, every time. */
export interface PendingBatch {
  countId: string;
  ownerId: string;
  idempotencyKey: string;
  sent: { key: string; version: number }[];
  body: StockCountEntriesInput;
}

export function entryKey(countId: string, ownWineId: string, locationId: string): string {
  return `${countId}|${ownWineId}|${locationId}`;
}

/** The queued record for a new figure, replacing `existing` (the pair's previous figure) if any. */
export function coalesce(
  existing: QueuedEntry | undefined,
  figure: Omit<QueuedEntry, 'key' | 'version'>,
): QueuedEntry {
  return {
    ...figure,
    key: entryKey(figure.countId, figure.ownWineId, figure.locationId),
    version: (existing?.version ?? 0) + 1,
  };
}

/** The next batch of a count's queue: the oldest figures first, at most `max` of them; none when empty. */
export function nextBatch(
  queued: readonly QueuedEntry[],
  idempotencyKey: string,
  max: number = STOCK_COUNT_LIMITS.entriesPerBatch,
): PendingBatch | undefined {
  const first = queued[0];
  if (!first) return undefined;
  const picked = [...queued]
    .filter((entry) => entry.countId === first.countId)
    .sort((a, b) => a.countedAt.localeCompare(b.countedAt) || a.key.localeCompare(b.key))
    .slice(0, Math.max(1, Math.min(max, STOCK_COUNT_LIMITS.entriesPerBatch)));
  return {
    countId: first.countId,
    ownerId: first.ownerId,
    idempotencyKey,
    sent: picked.map(({ key, version }) => ({ key, version })),
    body: {
      entries: picked.map(({ ownWineId, locationId, counted, countedAt }) => ({
        ownWineId,
        locationId,
        counted,
        countedAt,
      })),
    },
  };
}

/** The keys a settled batch takes out of the queue: those whose figure is still the one it carried. */
export function settledKeys(
  batch: Pick<PendingBatch, 'sent'>,
  queued: ReadonlyMap<string, Pick<QueuedEntry, 'version'>>,
  only?: ReadonlySet<number>,
): string[] {
  return batch.sent
    .filter((_sent, index) => (only ? only.has(index) : true))
    .filter((sent) => queued.get(sent.key)?.version === sent.version)
    .map((sent) => sent.key);
}

/** What to do with a batch the server did not take. */
export type FailureOutcome =
  /** Keep it and send it again later, with the same key (no answer, a busy or failing server). */
  | { kind: 'retry' }
  /** The server refused these entries (by their index in the batch): drop them, send the rest again. */
  | { kind: 'dropSome'; indexes: Set<number> }
  /** The server refused the batch as a whole (the count was finished or deleted): drop what it carried. */
  | { kind: 'drop' };

export function failureOutcome(
  error: { status: number; fields?: Record<string, string> },
  size: number,
): FailureOutcome {
  const { status, fields = {} } = error;
  if (status === 0 || status >= 500 || status === 408 || status === 429 || status === 401)
    return { kind: 'retry' };
  // The same key still being handled (a retry that overtook the first try): its answer comes later.
  if (status === 409 && 'key' in fields) return { kind: 'retry' };
  const indexes = new Set<number>();
  for (const field of Object.keys(fields)) {
    const index = /^entries\.(\d+)\b/.exec(field)?.[1];
    if (index !== undefined && Number(index) < size) indexes.add(Number(index));
  }
  if (status === 400 && indexes.size > 0 && indexes.size < size) return { kind: 'dropSome', indexes };
  return { kind: 'drop' };
}

/**
 * The sheet as this device sees it: the server's sheet with the figures still queued here laid on top
 * (a queued figure is newer than what the server had when the sheet was fetched). A queued figure of a
 * wine and location the sheet does not have yet becomes an extra line.
 */
export function applyQueue(sheet: StockCountSheet, queued: readonly QueuedEntry[]): StockCountSheet {
  const mine = queued.filter((entry) => entry.countId === sheet.id);
  if (mine.length === 0) return sheet;
  const byPair = new Map(mine.map((entry) => [`${entry.ownWineId}|${entry.locationId}`, entry]));
  // A blind count's sheet has no expected bottles while it is open: a queued figure shows no difference.
  const blind = sheet.blind === true && sheet.status === 'open';
  const withFigure = (line: StockCountLine, entry: QueuedEntry): StockCountLine => {
    if (line.expected === undefined) return { ...line, counted: entry.counted, countedAt: entry.countedAt };
    const difference = countDifference(entry.counted, line.expected);
    const { differenceValue: _value, ...rest } = line;
    return {
      ...rest,
      counted: entry.counted,
      countedAt: entry.countedAt,
      difference,
      ...(line.unitCost !== undefined ? { differenceValue: Math.round(difference * line.unitCost) } : {}),
    };
  };
  const lines = sheet.lines.map((line) => {
    const pair = `${line.ownWineId}|${line.locationId}`;
    const entry = byPair.get(pair);
    if (!entry) return line;
    byPair.delete(pair);
    return withFigure(line, entry);
  });
  const eligible = new Map(sheet.eligibleWines.map((wine) => [wine.ownWineId, wine]));
  const known = new Map(sheet.lines.map((line) => [line.ownWineId, line]));
  for (const entry of byPair.values()) {
    const wine = eligible.get(entry.ownWineId) ?? known.get(entry.ownWineId);
    if (!wine) continue;
    const line: StockCountLine = {
      ownWineId: entry.ownWineId,
      wineDisplayName: wine.wineDisplayName,
      vintage: wine.vintage,
      ...(wine.vinmonopoletNumber ? { vinmonopoletNumber: wine.vinmonopoletNumber } : {}),
      ...(wine.productId ? { productId: wine.productId } : {}),
      locationId: entry.locationId,
      ...(blind ? {} : { expected: 0 }),
      extra: true,
      ...(known.get(entry.ownWineId)?.unitCost !== undefined
        ? { unitCost: known.get(entry.ownWineId)?.unitCost }
        : {}),
    };
    lines.push(withFigure(line, entry));
  }
  const summary = summarize(lines);
  return { ...sheet, lines, summary: blind ? blindSummary(summary) : summary };
}

/** Digits only: what a scanner or a person types for a barcode, without spaces or separators. */
export function barcodeDigits(text: string): string {
  return text.replace(/\D+/g, '');
}

/** Whether a wine's codes match a scanned or typed barcode (leading zeros of an EAN are optional). */
export function matchesBarcode(
  wine: { vinmonopoletNumber?: string; productId?: string },
  code: string,
): boolean {
  const wanted = barcodeDigits(code).replace(/^0+/, '');
  if (!wanted) return false;
  return [wine.vinmonopoletNumber, wine.productId].some(
    (value) => value !== undefined && barcodeDigits(value).replace(/^0+/, '') === wanted,
  );
}

/** The sheet with the entries the server answered a batch with (who counted what, as it stands there). */
export function mergeEntries(sheet: StockCountSheet, result: StockCountEntriesResult): StockCountSheet {
  const queued: QueuedEntry[] = result.entries.map((entry) => ({
    ...entry,
    key: entryKey(sheet.id, entry.ownWineId, entry.locationId),
    ownerId: '',
    countId: sheet.id,
    version: 0,
  }));
  const merged = applyQueue(sheet, queued);
  const byPair = new Map(result.entries.map((entry) => [`${entry.ownWineId}|${entry.locationId}`, entry]));
  const lines = merged.lines.map((line) => {
    const entry = byPair.get(`${line.ownWineId}|${line.locationId}`);
    return entry ? { ...line, countedBy: entry.countedBy, countedByName: entry.countedByName } : line;
  });
  return { ...merged, lines, summary: result.summary ?? merged.summary };
}
