/** The cellar's history (SPEC §2 /wine-cellar/history): every change to its wines, newest first. */
import { foldText, type HistoryEntry, type HistoryPage, type HistoryQuery } from '@kork/shared';
import { encodeTime } from 'ulid';
import { FIRST_ULID, LAST_ULID } from '../../data/id-ranges';
import { tables } from '../../data/tables';
import { type HistoryRecord, toHistoryEntry } from '../kernel/wine-records';

const DEFAULT_PAGE_SIZE = 50;

/**
 * How many entries a text search reads at most: one that matches few entries in a long history stops
 * there and says how far back it looked, rather than reading every year.
 */
export const HISTORY_READ_LIMIT = 5_000;

/** Entries read per query page while a request looks for its page's matches. */
const QUERY_PAGE = 250;

const DAY_MS = 86_400_000;
/** An entry's id is a ULID taken a moment before its `at`: a second of slack on each side of a day. */
const SLACK_MS = 1_000;

/** The id range of the days from `from` to `to` (inclusive), as far as the query can bound it. */
function idRange(from?: string, to?: string): { gte?: string; lte?: string } {
  const range: { gte?: string; lte?: string } = {};
  if (from)
    range.gte = `${encodeTime(Math.max(0, Date.parse(`${from}T00:00:00.000Z`) - SLACK_MS), 10)}${'0'.repeat(16)}`;
  if (to)
    range.lte = `${encodeTime(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS + SLACK_MS, 10)}${'Z'.repeat(16)}`;
  return range;
}

/** Every entry, newest first (ULID ids sort by time). */
async function historyOf(ownerId: string, limit?: number): Promise<HistoryRecord[]> {
  const query = tables('cellar').cellarHistory.query.byOwnerKey({ ownerId });
  const { data } = limit
    ? await query.go({ order: 'desc', limit })
    : await query.go({ order: 'desc', pages: 'all' });
  return data;
}

export async function recentHistory(ownerId: string, limit: number): Promise<HistoryEntry[]> {
  return (await historyOf(ownerId, limit)).map(toHistoryEntry);
}

/**
 * A page of the history, newest first, filtered. The cost follows what is asked, not the history's
 * length: the days asked for bound the query's key range, and the entries are read page by page only
 * until the asked page is full and one more match shows whether more follow, or a text search has read
 * `HISTORY_READ_LIMIT` entries (`searchedBackTo`: the oldest entry's time read). `count` is exact when `more`
 * is absent; with `more`, at least that many match.
 */
export async function listHistory(ownerId: string, query: HistoryQuery): Promise<HistoryPage> {
  const actions = query.action && query.action.length > 0 ? new Set(query.action) : undefined;
  const terms = foldText(query.search?.trim() ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const from = query.from?.slice(0, 10);
  const to = query.to?.slice(0, 10);
  const size = query.resultsPerPage ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const wanted = page * size + 1;
  const matches = (entry: HistoryRecord) => {
    if (actions && !actions.has(entry.action)) return false;
    if (query.ownWineId && entry.ownWineId !== query.ownWineId) return false;
    const day = entry.at.slice(0, 10);
    if (from && day < from) return false;
    if (to && day > to) return false;
    if (terms.length > 0) {
      const haystack = foldText(`${entry.wineDisplayName} ${entry.actorName}`);
      if (!terms.every((term) => haystack.includes(term))) return false;
    }
    return true;
  };

  const range = idRange(from, to);
  const base = tables('cellar').cellarHistory.query.byOwnerKey({ ownerId });
  // Both ends bound, so the query reads history entries only (data/id-ranges.ts).
  const bounded =
    range.gte || range.lte
      ? base.between({ id: range.gte ?? FIRST_ULID }, { id: range.lte ?? LAST_ULID })
      : base;
  const found: HistoryRecord[] = [];
  let read = 0;
  let oldestRead: string | undefined;
  let cursor: string | null = null;
  do {
    const result: { data: HistoryRecord[]; cursor: string | null } = await bounded.go({
      order: 'desc',
      limit: QUERY_PAGE,
      ...(cursor ? { cursor } : {}),
    });
    read += result.data.length;
    for (const entry of result.data) if (matches(entry)) found.push(entry);
    oldestRead = result.data.at(-1)?.at ?? oldestRead;
    cursor = result.cursor;
    // Only a text search stops at the read limit: the person can narrow it with dates. A wine's or an
    // action's entries are read until the page is full, however far back they are.
  } while (cursor && found.length < wanted && (terms.length === 0 || read < HISTORY_READ_LIMIT));
  const cut = cursor !== null && found.length < wanted;
  return {
    rows: found.slice((page - 1) * size, page * size).map(toHistoryEntry),
    count: found.length,
    ...(cursor !== null ? { more: true as const } : {}),
    ...(cut && oldestRead ? { searchedBackTo: oldestRead } : {}),
  };
}
