import { queryOptions } from '@tanstack/react-query';
import { findWines } from './find-wines';
import { getWineMerges } from './get-wine-merges';
import { listRequestedConnections } from './importer-connections';

/** The admin pages' reads as TanStack Query options; a merge or an activation invalidates what it changed. */
export const adminKeys = {
  wineSearch: ['admin', 'wine-search'] as const,
  merges: ['admin', 'merges'] as const,
  importerConnections: ['admin', 'importer-connections'] as const,
};

/** `GET /api/wines?search=…` for the merge tool: wines to merge, found by name. */
export const adminWineSearchQuery = (search: string) =>
  queryOptions({
    queryKey: [...adminKeys.wineSearch, search] as const,
    queryFn: ({ signal }) => findWines(search, signal),
    retry: false,
  });

/** `GET /api/admin/wines/merges`: every merge made so far, newest first. */
export const mergesQuery = () =>
  queryOptions({
    queryKey: adminKeys.merges,
    queryFn: ({ signal }) => getWineMerges(signal),
    retry: false,
  });

/** `GET /api/admin/importer-connections`: connections that wait for activation. */
export const requestedConnectionsQuery = () =>
  queryOptions({
    queryKey: adminKeys.importerConnections,
    queryFn: ({ signal }) => listRequestedConnections(signal),
    retry: false,
  });
