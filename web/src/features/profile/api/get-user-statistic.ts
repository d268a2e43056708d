import type { UserStatistic } from '@kork/shared';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';

/** `GET /api/users/{id}/statistic`: how much a person has rated, noted and kept. */
export function getUserStatistic(userId: string, signal?: AbortSignal): Promise<UserStatistic> {
  return api.get<UserStatistic>(`/users/${encodeURIComponent(userId)}/statistic`, { signal });
}

/** The statistic, `undefined` while it loads, `null` when it could not be fetched. */
export function useUserStatistic(userId: string): UserStatistic | null | undefined {
  const [statistic, setStatistic] = useState<UserStatistic | null>();
  useEffect(() => {
    const controller = new AbortController();
    setStatistic(undefined);
    getUserStatistic(userId, controller.signal).then(setStatistic, () => {
      if (!controller.signal.aborted) setStatistic(null);
    });
    return () => controller.abort();
  }, [userId]);
  return statistic;
}
