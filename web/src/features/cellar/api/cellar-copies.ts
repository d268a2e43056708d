import type { CellarWine } from '@kork/shared';
import { listCellarWines } from './list-cellar-wines';

/**
 * Which of these catalogue wines are in the cellar already, in one call (`GET …/own-wines?wineId=a,b,c`):
 * each catalogue id with its cellar wine (the oldest, should a cellar from before one row per catalogue
 * wine hold two).
 */
export async function cellarCopiesOf(
  userId: string,
  wineIds: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, CellarWine>> {
  const copies = new Map<string, CellarWine>();
  if (wineIds.length === 0) return copies;
  const page = await listCellarWines(
    userId,
    { wineId: [...new Set(wineIds)], resultsPerPage: 500, sortColumn: 'createdAt', sortDirection: 'asc' },
    signal,
  );
  for (const wine of page.rows) if (wine.wineId && !copies.has(wine.wineId)) copies.set(wine.wineId, wine);
  return copies;
}
