import { queryOptions } from '@tanstack/react-query';
import {
  getPublicWineList,
  listRestaurantWineLists,
  listWineMemberships,
  listWinePublicLists,
} from './public-wine-lists';

/** The public wine list endpoints as TanStack Query options. */

/** A public list; what it shows may depend on whether anyone is signed in. */
export const publicWineListQuery = (listId: string, anonymous?: boolean) =>
  queryOptions({
    queryKey: ['public-wine-list', listId, { anonymous }] as const,
    queryFn: ({ signal }) => getPublicWineList(listId, signal),
    retry: false,
  });

/** A restaurant's public lists, for its profile. */
export const restaurantWineListsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['restaurant-wine-lists', userId] as const,
    queryFn: ({ signal }) => listRestaurantWineLists(userId, signal),
    retry: false,
  });

/** The public lists that hold a catalogue wine: where to find it. */
export const winePublicListsQuery = (wineId: string) =>
  queryOptions({
    queryKey: ['wine-public-lists', wineId] as const,
    queryFn: ({ signal }) => listWinePublicLists(wineId, signal),
    retry: false,
  });

/** The owner's lists that hold one of their cellar wines (under the owner's wine list keys). */
export const wineMembershipsQuery = (ownerId: string, ownWineId: string) =>
  queryOptions({
    queryKey: ['wine-lists', ownerId, 'memberships', ownWineId] as const,
    queryFn: ({ signal }) => listWineMemberships(ownerId, ownWineId, signal),
    retry: false,
  });
