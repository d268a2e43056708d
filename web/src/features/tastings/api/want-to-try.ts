import type { WantToTryEntry } from '@kork/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, type Page } from '../../../lib/api-client';

const e = encodeURIComponent;

/** `GET /api/users/{id}/want-to-try`: a person's Want to try list with the wines, newest first. */
export function getWantToTry(userId: string, signal?: AbortSignal): Promise<Page<WantToTryEntry>> {
  return api.get<Page<WantToTryEntry>>(`/users/${e(userId)}/want-to-try`, { signal });
}

export const wantToTryKeys = { list: (userId: string) => ['want-to-try', userId] as const };

export const wantToTryQuery = (userId: string) =>
  queryOptions({
    queryKey: wantToTryKeys.list(userId),
    queryFn: ({ signal }) => getWantToTry(userId, signal),
  });

/** `PUT /api/users/{id}/want-to-try/{wineId}`: adds a wine; adding it again keeps the one entry. */
export function addWantToTry(userId: string, wineId: string): Promise<WantToTryEntry> {
  return api.put<WantToTryEntry>(`/users/${e(userId)}/want-to-try/${e(wineId)}`);
}

/** `DELETE /api/users/{id}/want-to-try/{wineId}`: takes a wine off the list (204). */
export function removeWantToTry(userId: string, wineId: string): Promise<void> {
  return api.delete<void>(`/users/${e(userId)}/want-to-try/${e(wineId)}`);
}
