import { queryOptions } from '@tanstack/react-query';
import { getCellars } from '../settings/api/get-cellars';
import { listCategories } from './categories';
import { cellarCopiesOf } from './cellar-copies';
import { getDashboard } from './dashboard';
import { type HistoryFilter, listHistory } from './history';
import { type CellarWinesFilter, listCellarWines } from './list-cellar-wines';
import { getSharedLocation, listLocations } from './locations';

/**
 * The cellar's reads as TanStack Query options, one per endpoint. Every key starts with
 * `['cellar', userId]`, so a write can refresh exactly what it changed. Loads are not retried: a
 * failure shows at once with its retry button, as the cellar pages always did.
 */
export const cellarKeys = {
  all: (userId: string) => ['cellar', userId] as const,
  cellarWines: (userId: string) => ['cellar', userId, 'own-wines'] as const,
  /** Under the own wines: whatever refreshes the inventory refreshes which wines it holds too. */
  copies: (userId: string) => ['cellar', userId, 'own-wines', 'copies'] as const,
  locations: (userId: string) => ['cellar', userId, 'locations'] as const,
  categories: (userId: string) => ['cellar', userId, 'categories'] as const,
  settings: (userId: string) => ['cellar', userId, 'settings'] as const,
  dashboard: (userId: string) => ['cellar', userId, 'dashboard'] as const,
  history: (userId: string) => ['cellar', userId, 'history'] as const,
};

/** `GET …/own-wines`: one page of the inventory for a filter. */
export const cellarWinesQuery = (userId: string, filter: CellarWinesFilter) =>
  queryOptions({
    queryKey: [...cellarKeys.cellarWines(userId), filter] as const,
    queryFn: ({ signal }) => listCellarWines(userId, filter, signal),
    retry: false,
  });

/** Copies of one catalogue wine a cellar holds: normally one, more when it was bought more than once. */
const COPIES = 20;

/** `GET …/own-wines?wineId=…`: the viewer's own copies of a catalogue wine, the one added first first. */
export const cellarCopiesQuery = (userId: string, wineId: string) =>
  queryOptions({
    queryKey: [...cellarKeys.copies(userId), wineId] as const,
    queryFn: ({ signal }) =>
      listCellarWines(userId, { wineId: [wineId], resultsPerPage: COPIES, page: 1 }, signal).then((page) =>
        [...page.rows].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      ),
    retry: false,
  });

/**
 * Which of these catalogue wines are in the cellar already, in one call: each catalogue id with its
 * cellar wine.
 */
export const cellarCopiesOfQuery = (userId: string, wineIds: readonly string[]) =>
  queryOptions({
    queryKey: [...cellarKeys.copies(userId), 'of', [...wineIds]] as const,
    queryFn: ({ signal }) => cellarCopiesOf(userId, wineIds, signal),
    retry: false,
  });

/** `GET …/locations`: every location, flat. */
export const locationsQuery = (userId: string) =>
  queryOptions({
    queryKey: cellarKeys.locations(userId),
    queryFn: ({ signal }) => listLocations(userId, signal).then((page) => page.rows),
    retry: false,
  });

/** `GET …/wine-list-categories`. */
export const categoriesQuery = (userId: string) =>
  queryOptions({
    queryKey: cellarKeys.categories(userId),
    queryFn: ({ signal }) => listCategories(userId, signal).then((page) => page.rows),
    retry: false,
  });

/** `GET …/cellars`: the person's cellar (base currency, VAT per style, glass size). */
export const cellarSettingsQuery = (userId: string) =>
  queryOptions({
    queryKey: cellarKeys.settings(userId),
    queryFn: ({ signal }) => getCellars(userId, signal).then((page) => page.rows[0] ?? null),
    retry: false,
  });

/** `GET …/dashboard`: the cellar home's numbers in the viewer's currency. */
export const dashboardQuery = (userId: string, currency: string) =>
  queryOptions({
    queryKey: [...cellarKeys.dashboard(userId), currency] as const,
    queryFn: ({ signal }) => getDashboard(userId, signal),
    retry: false,
  });

/** `GET …/history`: a page of entries, newest first. */
export const historyQuery = (userId: string, filter: HistoryFilter) =>
  queryOptions({
    queryKey: [...cellarKeys.history(userId), filter] as const,
    queryFn: ({ signal }) => listHistory(userId, filter, signal),
    retry: false,
  });

/** `GET /api/shared-locations/{token}`: public, no session needed. */
export const sharedLocationQuery = (token: string) =>
  queryOptions({
    queryKey: ['shared-location', token] as const,
    queryFn: ({ signal }) => getSharedLocation(token, signal),
    retry: false,
  });

/**
 * One cellar wine's entries, newest first. The wine's `updatedAt` is part of the key: a save or a move
 * writes a new entry, so a changed wine fetches its history again.
 */
export const wineHistoryQuery = (userId: string, ownWineId: string, updatedAt: string, size: number) =>
  queryOptions({
    queryKey: [...cellarKeys.history(userId), 'wine', ownWineId, updatedAt] as const,
    queryFn: ({ signal }) => listHistory(userId, { ownWineId, resultsPerPage: size, page: 1 }, signal),
    retry: false,
  });
