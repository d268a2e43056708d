import type { Cellar, CellarSettingsInput } from '@kork/shared';
import { api } from '../../../../lib/api-client';

/** `PATCH /api/wine-cellars/cellars/{id}` with any of the settings (CellarSettingsInput); answers the cellar. */
export function updateCellar(cellarId: string, changes: CellarSettingsInput): Promise<Cellar> {
  return api.patch<Cellar>(`/wine-cellars/cellars/${encodeURIComponent(cellarId)}`, { body: changes });
}
