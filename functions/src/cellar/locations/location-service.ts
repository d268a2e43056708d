/**
 * Locations and sub-locations of a cellar (SPEC §3 Location); sharing one as a read-only public link
 * is in sharing/.
 */
import { type CellarLocation, type LocationInput, type LocationUpdate, treeNameKey } from '@kork/shared';
import { ulid } from 'ulid';
import { actorOf } from '../../accounts/account-lookup';
import { tables } from '../../data/tables';
import { retryOnConflict } from '../../data/transactions';
import type { Principal } from '../../platform/auth';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { cellarSnapshot } from '../kernel/cellar-snapshot';
import { bumpCellarVersion } from '../kernel/cellar-version';
import { type LocationRecord, locationsOf } from '../kernel/locations';
import { assertNameFree } from '../trees/tree-names';
import {
  assertNewParent,
  createInTree,
  deleteSubtree,
  namedTreeOf,
  type TreeRecord,
  updateInTree,
} from '../trees/tree-writes';
import { uncategorizeBottles } from '../wines/cellar-wine-moves';

/** Rounds a named write is decided again in when other named writes of the cellar come first. */
const NAMED_WRITE_ATTEMPTS = 20;

function toLocation(record: LocationRecord, bottles: number): CellarLocation {
  return {
    id: record.id,
    name: record.name,
    parentId: record.parentId || null,
    order: record.order,
    shareToken: record.shareToken,
    bottles,
    createdAt: record.createdAt,
  };
}

/** Bottles per location id across the inventory (null key: Uncategorized). */
async function bottlesByLocation(ownerId: string): Promise<Map<string | null, number>> {
  // From the cellar's snapshot: one small read when nothing changed (docs/cellar-reads.md).
  const snapshot = await cellarSnapshot(ownerId);
  return snapshot.derived('bottlesByLocation', ({ wines }) => {
    const counts = new Map<string | null, number>();
    for (const wine of wines) {
      for (const { locationId, quantity } of wine.placements) {
        counts.set(locationId, (counts.get(locationId) ?? 0) + quantity);
      }
    }
    return counts;
  });
}

/** A location as the API answers it, with the bottles in it now. */
export async function withBottles(ownerId: string, record: LocationRecord): Promise<CellarLocation> {
  return toLocation(record, (await bottlesByLocation(ownerId)).get(record.id) ?? 0);
}

export function sortLocations(records: LocationRecord[]): LocationRecord[] {
  return records.sort(
    (a, b) =>
      (a.parentId || '').localeCompare(b.parentId || '') ||
      a.order - b.order ||
      a.name.localeCompare(b.name, 'nb'),
  );
}

export async function listLocations(ownerId: string): Promise<{ rows: CellarLocation[]; count: number }> {
  const [records, counts] = await Promise.all([locationsOf(ownerId), bottlesByLocation(ownerId)]);
  const rows = sortLocations(records).map((record) => toLocation(record, counts.get(record.id) ?? 0));
  return { rows, count: rows.length };
}

/** The location as it is now (strongly consistent); a location on its way out is not found. */
export async function liveLocation(ownerId: string, id: string): Promise<LocationRecord> {
  const { data } = await tables('cellar').cellarLocation.get({ ownerId, id }).go({ consistent: true });
  if (!data || data.deleting) throw new NotFoundError();
  return data;
}

/** Another request changed what this one sets since it was read: it is not written over it (409). */
const STALE = Symbol('stale');

/**
 * Creates a location; its name must be free under its parent (409 otherwise), decided on the tree read
 * with its names stamp, so two at once cannot both take one name (tree-names.ts).
 */
export async function createLocation(ownerId: string, input: LocationInput): Promise<CellarLocation> {
  const record = await retryOnConflict(async () => {
    const { records: locations, stamp } = await namedTreeOf('location', ownerId);
    assertNewParent('location', locations, input.parentId);
    assertNameFree('location', locations, input.name, input.parentId);
    const siblings = locations.filter((location) => (location.parentId || null) === (input.parentId ?? null));
    const record = {
      ownerId,
      id: ulid(),
      name: input.name,
      parentId: input.parentId ?? '',
      order: siblings.reduce((max, location) => Math.max(max, location.order + 1), 0),
      createdAt: new Date().toISOString(),
    };
    // Under a parent only while the parent is there and not being deleted.
    await createInTree('location', record, stamp);
    return record;
  }, NAMED_WRITE_ATTEMPTS);
  await bumpCellarVersion(ownerId);
  return toLocation(record as LocationRecord, 0);
}

/**
 * Renames or moves a location. A new parent is written with every ancestor of it as read, so two
 * crossing moves cannot both apply: the second reads again and answers 400 (it would be a cycle). The
 * name must be free under the parent it ends up under (409 otherwise).
 */
export async function updateLocation(
  ownerId: string,
  id: string,
  input: LocationUpdate,
): Promise<CellarLocation> {
  let first: TreeRecord | undefined;
  let changed = false;
  const outcome = await retryOnConflict(async () => {
    const { records: locations, stamp } = await namedTreeOf('location', ownerId);
    const record = locations.find((location) => location.id === id);
    if (!record || record.deleting) throw new NotFoundError();
    first ??= record;
    if (input.name !== undefined && record.name !== first.name) return STALE;
    if (input.parentId !== undefined && record.parentId !== first.parentId) return STALE;
    const changes: Record<string, unknown> = {};
    if (input.name !== undefined && input.name !== record.name) changes.name = input.name;
    if (input.parentId !== undefined && (input.parentId ?? '') !== record.parentId) {
      assertNewParent('location', locations, input.parentId, id);
      changes.parentId = input.parentId ?? '';
    }
    if (Object.keys(changes).length === 0) return record;
    const name = (changes.name as string | undefined) ?? record.name;
    const parentId = (changes.parentId as string | undefined) ?? record.parentId;
    const named = treeNameKey(name) !== treeNameKey(record.name) || parentId !== record.parentId;
    if (named) assertNameFree('location', locations, name, parentId, id);
    await updateInTree('location', locations, record, changes, named ? { stamp } : undefined);
    changed = true;
    return { ...record, ...changes } as TreeRecord;
  }, NAMED_WRITE_ATTEMPTS);
  if (outcome === STALE) throw new ConflictError();
  if (changed) await bumpCellarVersion(ownerId);
  return withBottles(ownerId, outcome as LocationRecord);
}

/**
 * Deletes a location and its sub-locations; their bottles become Uncategorized, with history. The
 * locations are marked first, so no bottle can be moved into them while they go; should any step
 * fail, the bottles go back and the locations stay.
 */
export async function deleteLocation(ownerId: string, id: string, principal: Principal): Promise<void> {
  const actor = await actorOf(principal);
  await deleteSubtree('location', ownerId, id, (doomed, progress) =>
    uncategorizeBottles(ownerId, doomed, actor, progress),
  );
  await bumpCellarVersion(ownerId);
}
