import type { WineSearchResult } from '@kork/shared';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/wines` for the merge tool: every wine whose name matches, with none of the default filters
 * (expert-rated, available, HORECA), since duplicates are often the unrated, unsold ones.
 */
export function findWines(search: string, signal?: AbortSignal): Promise<WineSearchResult> {
  return api.get<WineSearchResult>('/wines', {
    query: {
      search,
      isRatedByExpert: false,
      isAvailable: false,
      isHorecaAvailable: false,
      resultsPerPage: 20,
    },
    signal,
  });
}
