import type { GlobalSearchResult } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/search?q=`: wines, places, people and facets matching the text, grouped by kind. */
export function globalSearch(q: string, signal?: AbortSignal): Promise<GlobalSearchResult> {
  return api.get<GlobalSearchResult>('/search', { query: { q: q.trim() }, signal });
}
