import { BULK_CREATE_MAX, type CellarWine, type CellarWineInput } from '@kork/shared';
import { api, type Page } from '../../../lib/api-client';

/** Wines sent per request: small enough that cancelling stops soon, each request whole or nothing. */
export const BULK_CHUNK = 50;

/**
 * `POST /api/wine-cellars/users/{userId}/own-wines/bulk_create` in chunks. Aborting the signal stops
 * before the next chunk; every chunk already sent is in the cellar whole, with its history. A catalogue
 * wine already in the cellar gets the bottles added to its row (one row, not two): the answer holds each
 * wine written or added to once per chunk.
 */
export async function bulkCreateCellarWines(
  userId: string,
  wines: CellarWineInput[],
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<CellarWine[]> {
  const created: CellarWine[] = [];
  const chunk = Math.min(BULK_CHUNK, BULK_CREATE_MAX);
  for (let start = 0; start < wines.length; start += chunk) {
    if (options.signal?.aborted) break;
    const page = await api.post<Page<CellarWine>>(
      `/wine-cellars/users/${encodeURIComponent(userId)}/own-wines/bulk_create`,
      { body: { ownWines: wines.slice(start, start + chunk) }, signal: options.signal },
    );
    // A catalogue wine already in the cellar takes the bottles into its row: one row answers for it.
    created.push(...page.rows);
    options.onProgress?.(Math.min(start + chunk, wines.length), wines.length);
  }
  return created;
}
