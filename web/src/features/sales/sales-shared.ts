import type { CellarLocation } from '@kork/shared';
import { UNCATEGORIZED } from '@kork/shared';
import { useQuery } from '@tanstack/react-query';
import { saleCellarQuery, saleLocationsQuery } from './api/sales-reads';

/** The cellar's settings the sales page needs: its base currency and default glass size. */
export function useCellarSettings(userId: string) {
  return useQuery(saleCellarQuery(userId));
}

export function useLocations(userId: string) {
  return useQuery(saleLocationsQuery(userId));
}

/** Locations by id, with their full path ("Kjeller A / Hylle 2") so two shelves called "2" differ. */
export function locationNames(locations: readonly CellarLocation[] | undefined): Map<string, string> {
  const byId = new Map((locations ?? []).map((location) => [location.id, location]));
  const names = new Map<string, string>();
  for (const location of locations ?? []) {
    const parts = [location.name];
    let parent = location.parentId ? byId.get(location.parentId) : undefined;
    for (let depth = 0; parent && depth < 10; depth++) {
      parts.unshift(parent.name);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    names.set(location.id, parts.join(' / '));
  }
  return names;
}

/** The name of a location id as the API gives it (`uncategorized` or null: no location). */
export function locationName(
  names: ReadonlyMap<string, string>,
  id: string | null,
  uncategorized: string,
  unknown: string,
): string {
  if (id === null || id === UNCATEGORIZED) return uncategorized;
  return names.get(id) ?? unknown;
}
