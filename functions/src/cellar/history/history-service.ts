/** The cellar's history (SPEC §2 /wine-cellar/history): every change to its wines, newest first. */
import { foldText, type HistoryEntry, type HistoryQuery } from '@kork/shared';
import { tables } from '../../data/tables';
import { type HistoryRecord, toHistoryEntry } from '../kernel/wine-records';

const DEFAULT_PAGE_SIZE = 50;

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

export async function listHistory(
  ownerId: string,
  query: HistoryQuery,
): Promise<{ rows: HistoryEntry[]; count: number }> {
  const actions = query.action && query.action.length > 0 ? new Set(query.action) : undefined;
  const terms = foldText(query.search?.trim() ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const from = query.from?.slice(0, 10);
  const to = query.to?.slice(0, 10);
  const matches = (await historyOf(ownerId)).filter((entry) => {
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
  });
  const size = query.resultsPerPage ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  return { rows: matches.slice((page - 1) * size, page * size).map(toHistoryEntry), count: matches.length };
}
