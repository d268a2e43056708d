import type { PublicWineList, WineListMembership, WineListRef } from '@kork/shared';
import { api, type Page } from '../../../lib/api-client';

/**
 * The public side of wine lists: a list as guests read it, a restaurant's public lists, the public lists
 * that hold a catalogue wine, and (for the owner) which of their lists hold one of their cellar wines.
 */

/**
 * `GET /api/wine-lists/{listId}`: the list as guests see it. 404 for a private list (or a restaurant whose
 * lists are private), except to its owner, whose token goes with every request.
 */
export function getPublicWineList(listId: string, signal?: AbortSignal): Promise<PublicWineList> {
  return api.get<PublicWineList>(`/wine-lists/${encodeURIComponent(listId)}`, { signal });
}

/** `GET /api/users/{id}/wine-lists`: a restaurant's public lists (none when its lists are private). */
export function listRestaurantWineLists(userId: string, signal?: AbortSignal): Promise<Page<WineListRef>> {
  return api.get<Page<WineListRef>>(`/users/${encodeURIComponent(userId)}/wine-lists`, { signal });
}

/** `GET /api/wines/{id}/wine-lists`: the public lists that hold a catalogue wine now. */
export function listWinePublicLists(wineId: string, signal?: AbortSignal): Promise<Page<WineListRef>> {
  return api.get<Page<WineListRef>>(`/wines/${encodeURIComponent(wineId)}/wine-lists`, { signal });
}

/** `GET …/own-wines/{ownWineId}/wine-lists`: the owner's lists that hold one of their cellar wines. */
export function listWineMemberships(
  ownerId: string,
  ownWineId: string,
  signal?: AbortSignal,
): Promise<Page<WineListMembership>> {
  return api.get<Page<WineListMembership>>(
    `/wine-cellars/users/${encodeURIComponent(ownerId)}/own-wines/${encodeURIComponent(ownWineId)}/wine-lists`,
    { signal },
  );
}
