import { queryOptions } from '@tanstack/react-query';
import { getUserTastings, type UserTastingsQuery } from './get-user-tastings';
import { getWineTastings } from './get-wine-tastings';

/** The tasting notes as TanStack Query options: a wine's notes, and a person's. */
export const tastingKeys = {
  wine: (wineId: string) => ['wine-tastings', wineId] as const,
  user: (userId: string) => ['user-tastings', userId] as const,
};

/** A wine's notes; the viewer's own ones depend on who asks. */
export const wineTastingsQuery = (wineId: string, anonymous: boolean) =>
  queryOptions({
    queryKey: [...tastingKeys.wine(wineId), { anonymous }] as const,
    queryFn: ({ signal }) => getWineTastings(wineId, signal),
    retry: false,
  });

/** A page of a person's notes. */
export const userTastingsQuery = (userId: string, query: UserTastingsQuery) =>
  queryOptions({
    queryKey: [...tastingKeys.user(userId), query] as const,
    queryFn: ({ signal }) => getUserTastings(userId, query, signal),
    retry: false,
  });
