import type { CellarLocation, LocationInput, LocationUpdate, SharedLocationView } from '@kork/shared';
import { api, type Page } from '../../../lib/api-client';

const base = (userId: string) => `/wine-cellars/users/${encodeURIComponent(userId)}/locations`;
const one = (userId: string, id: string) => `${base(userId)}/${encodeURIComponent(id)}`;

/** `GET …/locations`: every location, flat; `parentId` makes the tree. */
export function listLocations(userId: string, signal?: AbortSignal): Promise<Page<CellarLocation>> {
  return api.get<Page<CellarLocation>>(base(userId), { signal });
}

/** `POST …/locations`. */
export function createLocation(userId: string, input: LocationInput): Promise<CellarLocation> {
  return api.post<CellarLocation>(base(userId), { body: input });
}

/** `PATCH …/locations/{id}`. */
export function updateLocation(userId: string, id: string, changes: LocationUpdate): Promise<CellarLocation> {
  return api.patch<CellarLocation>(one(userId, id), { body: changes });
}

/** `DELETE …/locations/{id}`: its bottles (and its sub-locations') become Uncategorized. */
export function deleteLocation(userId: string, id: string): Promise<void> {
  return api.delete<void>(one(userId, id));
}

/** `POST …/locations/{id}/share`: answers the location with its `shareToken`. */
export function shareLocation(userId: string, id: string): Promise<CellarLocation> {
  return api.post<CellarLocation>(`${one(userId, id)}/share`);
}

/** `DELETE …/locations/{id}/share`: the link stops working. */
export function unshareLocation(userId: string, id: string): Promise<CellarLocation> {
  return api.delete<CellarLocation>(`${one(userId, id)}/share`);
}

/** `GET /api/shared-locations/{token}`: public, no session needed. */
export function getSharedLocation(token: string, signal?: AbortSignal): Promise<SharedLocationView> {
  return api.get<SharedLocationView>(`/shared-locations/${encodeURIComponent(token)}`, { signal });
}

/** The public address of a shared location. */
export function sharedLocationUrl(token: string): string {
  return `${window.location.origin}/location/${token}`;
}
