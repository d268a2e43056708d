import type { CellarWine, CellarWineInput } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/wine-cellars/users/{userId}/own-wines`: a catalogue wine (`wineId`) or a custom one (`source: "CUSTOM"`). */
export function createCellarWine(userId: string, wine: CellarWineInput): Promise<CellarWine> {
  return api.post<CellarWine>(`/wine-cellars/users/${encodeURIComponent(userId)}/own-wines`, { body: wine });
}
