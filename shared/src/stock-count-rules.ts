/**
 * The rules of a stock count (docs/stock-counts.md), free of storage so the server and tests share
 * them: the count's moment, what the cellar held at that moment (rebuilt from the current stock and
 * the history after it), which wines may be counted, how entries merge, the sheet's lines and summary,
 * which count is the latest, and what finishing it does to a wine's bottles.
 */
import type { HistoryState, Placement } from './cellar-wines';
import { countDifference, fromTenths, TENTHS, tenthsOf } from './count-tenths';
import { todayIso } from './schema-primitives';
import {
  COUNT_NO_LOCATION,
  type StockCountEntry,
  type StockCountLine,
  type StockCountSummary,
} from './stock-counts';

/**
 * The moment a count is taken at: now for a count dated today (or later, which the schema refuses),
 * else the last millisecond of its day (UTC).
 */
export function countAsOf(date: string, now: Date = new Date()): string {
  if (date >= todayIso(now)) return now.toISOString();
  return `${date}T23:59:59.999Z`;
}

/** A placement's location as a count names it: `uncategorized` for bottles with none. */
export function countLocationOf(locationId: string | null | undefined): string {
  return locationId ?? COUNT_NO_LOCATION;
}

/** What a wine was at a moment: its bottles per count location and its purchase price (no VAT). */
export interface WineAtMoment {
  ownWineId: string;
  /** Count location id → bottles (only locations with bottles). */
  bottles: Map<string, number>;
  purchasePriceWovat?: number;
}

/** A wine as it is now, for the rebuild. */
export interface CurrentWine {
  ownWineId: string;
  placements: readonly Placement[];
  purchasePriceWovat?: number;
}

/** A history entry after the moment, for the rebuild (oldest first). */
export interface LaterEntry {
  ownWineId: string;
  before: HistoryState | null;
}

function fromState(
  ownWineId: string,
  state: { placements?: readonly Placement[]; purchasePriceWovat?: number },
) {
  const bottles = new Map<string, number>();
  for (const { locationId, quantity } of state.placements ?? []) {
    if (quantity <= 0) continue;
    const key = countLocationOf(locationId);
    bottles.set(key, (bottles.get(key) ?? 0) + quantity);
  }
  return { ownWineId, bottles, purchasePriceWovat: state.purchasePriceWovat };
}

/**
 * The cellar at a past moment. A wine's state then is the `before` of its first history entry after the
 * moment (every entry records the whole stock before and after its change); a wine with no entry since
 * is as it is now. A wine absent then (its first later entry is its addition, or it was deleted before
 * the moment and so is neither current nor in a later entry) is left out: it cannot be counted (§5).
 *
 * `later` must be ordered oldest first (history ids are ULIDs, so by id).
 */
export function cellarAtMoment(
  current: readonly CurrentWine[],
  later: readonly LaterEntry[],
): Map<string, WineAtMoment> {
  const firstLater = new Map<string, HistoryState | null>();
  for (const entry of later)
    if (!firstLater.has(entry.ownWineId)) firstLater.set(entry.ownWineId, entry.before);
  const atMoment = new Map<string, WineAtMoment>();
  for (const wine of current) {
    if (firstLater.has(wine.ownWineId)) continue;
    atMoment.set(wine.ownWineId, fromState(wine.ownWineId, wine));
  }
  for (const [ownWineId, before] of firstLater) {
    if (before) atMoment.set(ownWineId, fromState(ownWineId, before));
  }
  return atMoment;
}

/** Whether a count location is in the count's scope (null: the whole cellar). */
export function inCountScope(scope: ReadonlySet<string> | null, locationId: string): boolean {
  return scope === null || scope.has(locationId);
}

/** The entry that stands for a pair when two meet: the later `countedAt` wins; on a tie, the incoming. */
export function mergeEntry(
  existing: StockCountEntry | undefined,
  incoming: StockCountEntry,
): StockCountEntry {
  if (!existing) return incoming;
  return incoming.countedAt >= existing.countedAt ? incoming : existing;
}

/** Entries merged per wine and location. */
export function mergeEntries(entries: readonly StockCountEntry[]): StockCountEntry[] {
  const byPair = new Map<string, StockCountEntry>();
  for (const entry of entries) {
    const key = pairKey(entry.ownWineId, entry.locationId);
    byPair.set(key, mergeEntry(byPair.get(key), entry));
  }
  return [...byPair.values()];
}

export function pairKey(ownWineId: string, locationId: string): string {
  return `${ownWineId}\u0000${locationId}`;
}

/** A moment a device reports, never later than the server's now. */
export function cappedCountedAt(countedAt: string | undefined, now: Date = new Date()): string {
  const serverNow = now.toISOString();
  if (!countedAt) return serverNow;
  const at = new Date(countedAt);
  if (Number.isNaN(at.getTime())) return serverNow;
  return at.getTime() > now.getTime() ? serverNow : at.toISOString();
}

/** How a sheet names its wines. */
export interface WineLabel {
  wineDisplayName: string;
  vintage: number | null;
  vinmonopoletNumber?: string;
  productId?: string;
  /** Litres (0.75), shown beside the vintage on the sheet. */
  bottleSize?: number;
}

/**
 * The sheet's lines: a line per wine and location in scope with bottles at the moment (expected), and
 * an extra line per entry on a pair that had none; each with its entry's figure when counted.
 */
export function sheetLines(
  atMoment: ReadonlyMap<string, WineAtMoment>,
  entries: readonly StockCountEntry[],
  scope: ReadonlySet<string> | null,
  label: (ownWineId: string) => WineLabel,
): StockCountLine[] {
  const byPair = new Map(
    mergeEntries(entries).map((entry) => [pairKey(entry.ownWineId, entry.locationId), entry]),
  );
  const lines: StockCountLine[] = [];
  const seen = new Set<string>();
  for (const wine of atMoment.values()) {
    for (const [locationId, expected] of wine.bottles) {
      if (!inCountScope(scope, locationId)) continue;
      const key = pairKey(wine.ownWineId, locationId);
      seen.add(key);
      lines.push(
        lineOf(wine.ownWineId, locationId, expected, false, wine.purchasePriceWovat, byPair.get(key), label),
      );
    }
  }
  for (const [key, entry] of byPair) {
    if (seen.has(key)) continue;
    const cost = atMoment.get(entry.ownWineId)?.purchasePriceWovat;
    lines.push(lineOf(entry.ownWineId, entry.locationId, 0, true, cost, entry, label));
  }
  return sortLines(lines);
}

/** Lines by location, then wine name, then wine id: the same order every time. */
export function sortLines(lines: StockCountLine[]): StockCountLine[] {
  return lines.sort(
    (a, b) =>
      a.locationId.localeCompare(b.locationId) ||
      a.wineDisplayName.localeCompare(b.wineDisplayName, undefined, { numeric: true }) ||
      a.ownWineId.localeCompare(b.ownWineId),
  );
}

export function lineOf(
  ownWineId: string,
  locationId: string,
  expected: number,
  extra: boolean,
  unitCost: number | undefined,
  entry: Pick<StockCountEntry, 'counted' | 'countedBy' | 'countedByName' | 'countedAt'> | undefined,
  label: (ownWineId: string) => WineLabel,
): StockCountLine {
  const { wineDisplayName, vintage, vinmonopoletNumber, productId, bottleSize } = label(ownWineId);
  const line: StockCountLine = { ownWineId, wineDisplayName, vintage, locationId, expected, extra };
  if (bottleSize) line.bottleSize = bottleSize;
  if (vinmonopoletNumber) line.vinmonopoletNumber = vinmonopoletNumber;
  if (productId) line.productId = productId;
  if (unitCost !== undefined) line.unitCost = unitCost;
  if (entry) {
    line.counted = entry.counted;
    line.difference = countDifference(entry.counted, expected);
    if (unitCost !== undefined) line.differenceValue = Math.round(line.difference * unitCost);
    line.countedBy = entry.countedBy;
    line.countedByName = entry.countedByName;
    line.countedAt = entry.countedAt;
  }
  return line;
}

/** Counted / uncounted / extra / difference of a sheet (SPEC §3). */
export function summarize(lines: readonly StockCountLine[]): StockCountSummary {
  // Bottles add up in tenths, so 0.1 + 0.2 open bottles make 0.3.
  let expected = 0;
  let counted = 0;
  let difference = 0;
  const summary: StockCountSummary = {
    lines: lines.length,
    counted: 0,
    uncounted: 0,
    extra: 0,
    expectedBottles: 0,
    countedBottles: 0,
    difference: 0,
    differenceValue: 0,
  };
  let differenceValue = 0;
  for (const line of lines) {
    expected += tenthsOf(line.expected ?? 0);
    if (line.extra) summary.extra += 1;
    if (line.counted === undefined) {
      summary.uncounted += 1;
      continue;
    }
    summary.counted += 1;
    counted += tenthsOf(line.counted);
    difference += tenthsOf(line.difference ?? 0);
    differenceValue += line.differenceValue ?? 0;
  }
  summary.expectedBottles = fromTenths(expected);
  summary.countedBottles = fromTenths(counted);
  summary.difference = fromTenths(difference);
  summary.differenceValue = differenceValue;
  return summary;
}

/** A line as a blind count's counters see it while it is open: no expected bottles, no difference. */
export function blindLine(line: StockCountLine): StockCountLine {
  const { expected: _expected, difference: _difference, differenceValue: _value, ...rest } = line;
  return rest;
}

/** A summary as a blind count's counters see it while it is open: what was counted, nothing expected. */
export function blindSummary(summary: StockCountSummary): StockCountSummary {
  const { expectedBottles: _expected, difference: _difference, differenceValue: _value, ...rest } = summary;
  return rest;
}

export const EMPTY_SUMMARY: StockCountSummary = summarize([]);

/**
 * Whether a count being finished is the latest (§4): no finished count of the cellar was taken at a
 * later moment. Only the latest sets the inventory; an older one makes its report only.
 */
export function isLatestCount(asOf: string, finished: readonly { asOf: string }[]): boolean {
  return finished.every((other) => other.asOf <= asOf);
}

/**
 * What finishing the latest count does to a wine: each counted pair's difference added to the bottles
 * there now (never below 0), so what moved since the count's moment stays moved. Answers the new
 * bottles per count location, or undefined when nothing changes.
 */
export function appliedBottles(
  current: ReadonlyMap<string, number>,
  differences: ReadonlyMap<string, number>,
): Map<string, number> | undefined {
  const next = new Map(current);
  let changed = false;
  for (const [locationId, difference] of differences) {
    if (difference === 0) continue;
    const was = next.get(locationId) ?? 0;
    const now = Math.max(0, was + difference);
    if (now === was) continue;
    changed = true;
    if (now === 0) next.delete(locationId);
    else next.set(locationId, now);
  }
  return changed ? next : undefined;
}

/**
 * What finishing the latest count does to a counted wine of a cellar that counts in tenths
 * (docs/stock-counts.md, "Tenths and the open bottle"). `current` holds the bottles per location now
 * (the open bottle among them, as the till keeps it: docs/pos.md) and `openTenths` the open bottle's fill
 * as it was. Each counted difference is added in tenths, as `appliedBottles` does; then the fills the
 * count found make the wine's one open bottle (a whole bottle's worth of fills or more counts as full
 * bottles), which replaces the one it had: a counted wine's open bottle is what the count found. The open
 * bottle counts among the bottles of the first location with a fill. Answers the bottles per location and
 * the open bottle's fill in tenths (0: none open), or undefined when nothing changes.
 */
export function appliedTenths(
  current: ReadonlyMap<string, number>,
  openTenths: number,
  differences: ReadonlyMap<string, number>,
): { bottles: Map<string, number>; openTenths: number } | undefined {
  const tenths = new Map<string, number>();
  for (const [locationId, bottles] of current) tenths.set(locationId, Math.round(bottles) * TENTHS);
  for (const [locationId, difference] of differences) {
    const was = tenths.get(locationId) ?? 0;
    tenths.set(locationId, Math.max(0, was + tenthsOf(difference)));
  }
  let open = 0;
  let openAt: string | undefined;
  for (const [locationId, value] of tenths) {
    const fill = value % TENTHS;
    if (fill === 0) continue;
    open += fill;
    openAt ??= locationId;
    tenths.set(locationId, value - fill);
  }
  const bottles = new Map<string, number>();
  for (const [locationId, value] of tenths) if (value > 0) bottles.set(locationId, value / TENTHS);
  const full = Math.floor(open / TENTHS);
  const fill = open % TENTHS;
  if (openAt !== undefined) bottles.set(openAt, (bottles.get(openAt) ?? 0) + full + (fill > 0 ? 1 : 0));
  const same =
    fill === openTenths &&
    bottles.size === current.size &&
    [...bottles].every(([locationId, value]) => current.get(locationId) === value);
  return same ? undefined : { bottles, openTenths: fill };
}
