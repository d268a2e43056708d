import type { UserStatistic } from '@kork/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/users/{id}/statistic`: how much a person has rated, noted and kept. */
export function getUserStatistic(userId: string, signal?: AbortSignal): Promise<UserStatistic> {
  return api.get<UserStatistic>(`/users/${encodeURIComponent(userId)}/statistic`, { signal });
}

/** The statistic of one person; a failure shows as a dash at once, so it is not asked again. */
export function userStatisticQuery(userId: string) {
  return queryOptions({
    queryKey: ['user-statistic', userId] as const,
    queryFn: ({ signal }) => getUserStatistic(userId, signal),
    retry: false,
  });
}
