import type { CellarWine, CellarWineUpdate } from '@kork/shared';
import { api } from '../../../lib/api-client';

/**
 * `PATCH /api/wine-cellars/users/{userId}/own-wines/{id}`: answers the wine as it now is. With an
 * `idempotencyKey` (a confirmed proposal's), sending the same change again changes nothing twice.
 */
export function updateCellarWine(
  userId: string,
  id: string,
  changes: CellarWineUpdate,
  idempotencyKey?: string,
): Promise<CellarWine> {
  return api.patch<CellarWine>(
    `/wine-cellars/users/${encodeURIComponent(userId)}/own-wines/${encodeURIComponent(id)}`,
    { body: changes, ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}) },
  );
}
