import { queryOptions } from '@tanstack/react-query';
import { globalSearch } from './global-search';

/**
 * The results for one text as typed into the search. Each text is asked once as it is typed, and again
 * when typed again later: nothing is kept once the box shows another text, nothing is fetched again on
 * its own, and a failure is said at once (the person types on, which asks again).
 */
export function globalSearchQuery(q: string) {
  return queryOptions({
    queryKey: ['global-search', q] as const,
    queryFn: ({ signal }) => globalSearch(q, signal),
    enabled: q !== '',
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
