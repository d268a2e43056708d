import { queryOptions } from '@tanstack/react-query';
import { getPublicProfile } from './get-public-profile';

/** `GET /api/users/{id}/profile` as TanStack Query options: what anyone may see of a person or a place. */
export const publicProfileQuery = (userId: string) =>
  queryOptions({
    queryKey: ['public-profile', userId] as const,
    queryFn: ({ signal }) => getPublicProfile(userId, signal),
    retry: false,
  });
