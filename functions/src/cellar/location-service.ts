/**
 * Locations and sub-locations of a cellar (SPEC §3 Location), and sharing one as a read-only public link
 * (the shared location view, SPEC §2).
 */
import { randomBytes } from 'node:crypto';
import type { CellarLocation, LocationInput, LocationUpdate, SharedLocationView } from '@kork/shared';
import { ulid } from 'ulid';
import { db } from '../data/entities';
import type { Principal } from '../platform/auth';
import { NotFoundError, ValidationError } from '../platform/errors';
import { bumpCellarVersion } from './cellar-version';
import { uncategorizeBottles } from './cellar-wine-service';
import { actorOf, inventoryOf, placementList, toCellarWine } from './cellar-wine-store';
import { type LocationRecord, locationsOf, pathOf, subtreeOf } from './location-store';

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
  const counts = new Map<string | null, number>();
  for (const wine of await inventoryOf(ownerId)) {
    for (const { locationId, quantity } of placementList(wine.placements as Record<string, number>)) {
      counts.set(locationId, (counts.get(locationId) ?? 0) + quantity);
    }
  }
  return counts;
}

/** A location as the API answers it, with the bottles in it now. */
async function withBottles(ownerId: string, record: LocationRecord): Promise<CellarLocation> {
  return toLocation(record, (await bottlesByLocation(ownerId)).get(record.id) ?? 0);
}

function sortLocations(records: LocationRecord[]): LocationRecord[] {
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

async function requireLocation(ownerId: string, id: string): Promise<LocationRecord> {
  const { data } = await db().entities.cellarLocation.get({ ownerId, id }).go();
  if (!data) throw new NotFoundError();
  return data;
}

function assertParent(
  locations: readonly LocationRecord[],
  parentId: string | null | undefined,
  self?: string,
): void {
  if (!parentId) return;
  if (!locations.some((location) => location.id === parentId))
    throw new ValidationError({ parentId: 'unknownLocation' });
  if (self && subtreeOf(locations, self).has(parentId))
    throw new ValidationError({ parentId: 'locationCycle' });
}

export async function createLocation(ownerId: string, input: LocationInput): Promise<CellarLocation> {
  const locations = await locationsOf(ownerId);
  assertParent(locations, input.parentId);
  const siblings = locations.filter((location) => (location.parentId || null) === (input.parentId ?? null));
  const record = {
    ownerId,
    id: ulid(),
    name: input.name,
    parentId: input.parentId ?? '',
    order: siblings.reduce((max, location) => Math.max(max, location.order + 1), 0),
    createdAt: new Date().toISOString(),
  };
  await db().entities.cellarLocation.create(record).go();
  await bumpCellarVersion(ownerId);
  return toLocation(record as LocationRecord, 0);
}

export async function updateLocation(
  ownerId: string,
  id: string,
  input: LocationUpdate,
): Promise<CellarLocation> {
  const locations = await locationsOf(ownerId);
  const record = locations.find((location) => location.id === id);
  if (!record) throw new NotFoundError();
  if (input.parentId !== undefined) assertParent(locations, input.parentId, id);
  const changes: Record<string, unknown> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.parentId !== undefined) changes.parentId = input.parentId ?? '';
  if (Object.keys(changes).length === 0) return withBottles(ownerId, record);
  const { data } = await db()
    .entities.cellarLocation.patch({ ownerId, id })
    .set(changes as never)
    .go({ response: 'all_new' });
  await bumpCellarVersion(ownerId);
  return withBottles(ownerId, { ...record, ...data } as LocationRecord);
}

/** Deletes a location and its sub-locations; their bottles become Uncategorized, with history. */
export async function deleteLocation(ownerId: string, id: string, principal: Principal): Promise<void> {
  const locations = await locationsOf(ownerId);
  if (!locations.some((location) => location.id === id)) throw new NotFoundError();
  const doomed = subtreeOf(locations, id);
  await uncategorizeBottles(ownerId, doomed, await actorOf(principal));
  for (const location of locations.filter((l) => doomed.has(l.id))) {
    await db()
      .transaction.write(({ cellarLocation, locationShare }) => [
        cellarLocation.delete({ ownerId, id: location.id }).commit(),
        ...(location.shareToken ? [locationShare.delete({ token: location.shareToken }).commit()] : []),
      ])
      .go();
  }
  await bumpCellarVersion(ownerId);
}

/** Shares a location as a read-only public link (an existing link stays the same). */
export async function shareLocation(ownerId: string, id: string): Promise<CellarLocation> {
  const record = await requireLocation(ownerId, id);
  if (record.shareToken) return withBottles(ownerId, record);
  // 128 random bits: a link cannot be guessed.
  const token = randomBytes(16).toString('base64url');
  await db()
    .transaction.write(({ cellarLocation, locationShare }) => [
      cellarLocation.patch({ ownerId, id }).set({ shareToken: token }).commit(),
      locationShare.create({ token, ownerId, locationId: id, createdAt: new Date().toISOString() }).commit(),
    ])
    .go();
  return withBottles(ownerId, { ...record, shareToken: token });
}

/** Revokes the link: the token is deleted, so the old address answers 404. */
export async function unshareLocation(ownerId: string, id: string): Promise<CellarLocation> {
  const record = await requireLocation(ownerId, id);
  if (!record.shareToken) return withBottles(ownerId, record);
  const token = record.shareToken;
  await db()
    .transaction.write(({ cellarLocation, locationShare }) => [
      cellarLocation.patch({ ownerId, id }).remove(['shareToken']).commit(),
      locationShare.delete({ token }).commit(),
    ])
    .go();
  const { shareToken: _gone, ...rest } = record;
  return withBottles(ownerId, rest as LocationRecord);
}

/** What a shared link shows: that location and its sub-locations, without prices or notes. */
export async function sharedLocation(token: string): Promise<SharedLocationView> {
  const { data: share } = await db().entities.locationShare.get({ token }).go();
  if (!share) throw new NotFoundError();
  const [locations, wines, owner] = await Promise.all([
    locationsOf(share.ownerId),
    inventoryOf(share.ownerId),
    db()
      .entities.user.get({ id: share.ownerId })
      .go({ attributes: ['firstName', 'lastName', 'tastingLocationName'] }),
  ]);
  const location = locations.find((l) => l.id === share.locationId);
  if (!location || location.shareToken !== token) throw new NotFoundError();
  const scope = subtreeOf(locations, location.id);
  const rows: SharedLocationView['rows'] = [];
  for (const record of wines) {
    const wine = toCellarWine(record, 'NOK');
    const inside = wine.placements.filter(
      (p): p is { locationId: string; quantity: number } => p.locationId !== null && scope.has(p.locationId),
    );
    if (inside.length === 0) continue;
    rows.push({
      id: wine.id,
      wineDisplayName: wine.wineDisplayName,
      wineName: wine.wineName,
      producerName: wine.producerName,
      vintage: wine.vintage,
      bottleSize: wine.bottleSize,
      mainCategoryId: wine.mainCategoryId,
      country: wine.country,
      region: wine.region,
      imageUrl: wine.imageUrl,
      wineId: wine.wineId,
      quantity: inside.reduce((sum, p) => sum + p.quantity, 0),
      placements: inside,
    });
  }
  rows.sort((a, b) => a.wineDisplayName.localeCompare(b.wineDisplayName, 'nb'));
  const ownerName =
    owner.data?.tastingLocationName || `${owner.data?.firstName ?? ''} ${owner.data?.lastName ?? ''}`.trim();
  return {
    location: { id: location.id, name: location.name, path: pathOf(locations, location.id) },
    ownerName,
    sublocations: sortLocations(locations.filter((l) => scope.has(l.id) && l.id !== location.id)).map(
      (l) => ({
        id: l.id,
        name: l.name,
        parentId: l.parentId || null,
      }),
    ),
    rows,
    count: rows.length,
    bottles: rows.reduce((sum, row) => sum + row.quantity, 0),
  };
}
