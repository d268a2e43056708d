import type { CellarDashboard } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/wine-cellars/users/{userId}/dashboard`: the cellar home's numbers in the viewer's currency. */
export function getDashboard(userId: string, signal?: AbortSignal): Promise<CellarDashboard> {
  return api.get<CellarDashboard>(`/wine-cellars/users/${encodeURIComponent(userId)}/dashboard`, { signal });
}
