/** A cellar's locations as stored, and the tree walks the other cellar services need. */
import { type EntityRecord, tables } from '../../data/tables';

export type LocationRecord = EntityRecord<'cellarLocation'>;

/** Every location of a cellar (a cellar has tens, not thousands: one query). */
export async function locationsOf(ownerId: string): Promise<LocationRecord[]> {
  const { data } = await tables('cellar').cellarLocation.query.byOwnerKey({ ownerId }).go({ pages: 'all' });
  return data;
}

/**
 * The locations bottles can go into now, for a write to decide on: strongly consistent, without those
 * being deleted.
 */
export async function locationIdsOf(ownerId: string): Promise<Set<string>> {
  const { data } = await tables('cellar')
    .cellarLocation.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true });
  return new Set(data.filter((location) => !location.deleting).map((location) => location.id));
}

/** A location and every location below it. */
export function subtreeOf(
  locations: readonly Pick<LocationRecord, 'id' | 'parentId'>[],
  rootId: string,
): Set<string> {
  const inside = new Set<string>();
  if (!locations.some((location) => location.id === rootId)) return inside;
  inside.add(rootId);
  let grew = true;
  while (grew) {
    grew = false;
    for (const location of locations) {
      if (location.parentId && inside.has(location.parentId) && !inside.has(location.id)) {
        inside.add(location.id);
        grew = true;
      }
    }
  }
  return inside;
}

/** The names from the top location down to this one. */
export function pathOf(locations: readonly LocationRecord[], id: string): string[] {
  const byId = new Map(locations.map((location) => [location.id, location]));
  const path: string[] = [];
  let current = byId.get(id);
  while (current && path.length < 50) {
    path.unshift(current.name);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return path;
}
