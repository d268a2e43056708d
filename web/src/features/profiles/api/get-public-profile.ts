import type { PublicProfile } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/users/{id}/profile`: what anyone may see of a person or a tasting location. */
export function getPublicProfile(userId: string, signal?: AbortSignal): Promise<PublicProfile> {
  return api.get<PublicProfile>(`/users/${encodeURIComponent(userId)}/profile`, { signal });
}
