import { type CellarWine, MAX_CELLAR_RESULTS_PER_PAGE } from '@kork/shared';
import { listCellarWines } from '../../cellar/api/list-cellar-wines';
import { getWineList } from '../../wine-lists/api/wine-lists';
import type { DraftWine } from './event-form';

/** Pages of the cellar read at most to find a list's wines (500 wines each). */
const MAX_PAGES = 20;

export interface CellarListWines {
  /** The list's catalogue wines, in the list's order. */
  wines: DraftWine[];
  /** The list's wines that are the owner's own (custom) wines: no catalogue wine to put on an event. */
  custom: number;
}

/**
 * The catalogue wines of one of the organiser's cellar wine lists, in its order: the list names cellar
 * wines, and a cellar wine names its catalogue wine (a custom wine has none and is counted apart).
 */
export async function cellarListWines(
  userId: string,
  listId: string,
  signal?: AbortSignal,
): Promise<CellarListWines> {
  const list = await getWineList(userId, listId, signal);
  const wanted = new Set(list.wines.map((wine) => wine.ownWineId));
  const found = new Map<string, CellarWine>();
  for (let page = 1; page <= MAX_PAGES && found.size < wanted.size; page += 1) {
    const rows = await listCellarWines(
      userId,
      { page, resultsPerPage: MAX_CELLAR_RESULTS_PER_PAGE, sortColumn: 'createdAt', sortDirection: 'asc' },
      signal,
    );
    for (const wine of rows.rows) if (wanted.has(wine.id)) found.set(wine.id, wine);
    if (page * MAX_CELLAR_RESULTS_PER_PAGE >= rows.count) break;
  }
  const wines: DraftWine[] = [];
  const seen = new Set<string>();
  let custom = 0;
  for (const { ownWineId } of list.wines) {
    const wine = found.get(ownWineId);
    if (!wine) continue;
    if (!wine.wineId) {
      custom += 1;
      continue;
    }
    if (seen.has(wine.wineId)) continue;
    seen.add(wine.wineId);
    wines.push({ id: wine.wineId, name: wine.wineDisplayName });
  }
  return { wines, custom };
}
