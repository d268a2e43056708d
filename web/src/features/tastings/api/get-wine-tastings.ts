import type { WineTastings } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/wines/{id}/tastings`: published notes (experts apart from the community) and the viewer's own. */
export function getWineTastings(wineId: string, signal?: AbortSignal): Promise<WineTastings> {
  return api.get<WineTastings>(`/wines/${encodeURIComponent(wineId)}/tastings`, { signal });
}
