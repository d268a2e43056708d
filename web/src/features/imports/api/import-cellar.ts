import { queryOptions } from '@tanstack/react-query';
import { getCellars } from '../../cellar/settings/api/get-cellars';

/** `GET …/cellars`: the cellar an import writes into (its base currency prices the review's lines). */
export function importCellarQuery(userId: string) {
  return queryOptions({
    queryKey: ['import-cellar', userId] as const,
    queryFn: ({ signal }) => getCellars(userId, signal).then((page) => page.rows[0] ?? null),
    staleTime: 60_000,
  });
}
