import { api } from '../../../lib/api-client';

/** `DELETE /api/wine-cellars/users/{userId}/own-wines?includeId=…`: answers how many were deleted. */
export function deleteCellarWines(userId: string, ids: string[]): Promise<{ count: number }> {
  return api.delete<{ count: number }>(`/wine-cellars/users/${encodeURIComponent(userId)}/own-wines`, {
    query: { includeId: ids },
  });
}
