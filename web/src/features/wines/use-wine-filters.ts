import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useCanonicalOrigins } from './use-canonical-origins';
import { parseWineFilters, type WineFilters, wineFiltersToSearchParams } from './wine-filters';

export interface SetFiltersOptions {
  /** Replace the history entry instead of adding one (typing in the search box). */
  replace?: boolean;
}

/** The feed's filters, read from and written to the page URL. */
export function useWineFilters(): [
  WineFilters,
  (update: (current: WineFilters) => WineFilters, options?: SetFiltersOptions) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text stands for the params object.
  const filters = useMemo(() => parseWineFilters(searchParams), [key]);

  const setFilters = useCallback(
    (update: (current: WineFilters) => WineFilters, options: SetFiltersOptions = {}) => {
      setSearchParams((current) => wineFiltersToSearchParams(update(parseWineFilters(current)), current), {
        replace: options.replace,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );

  useCanonicalOrigins(filters.origins, setFilters);

  return [filters, setFilters];
}
