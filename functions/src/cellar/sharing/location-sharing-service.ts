/**
 * A location's shared link (SPEC §3 Location): a read-only public page of the location and its
 * sub-locations, made and revoked by the owner.
 */
import { randomBytes } from 'node:crypto';
import type { CellarLocation, SharedLocationView } from '@kork/shared';
import { findUserById } from '../../accounts/account-lookup';
import { hiddenAccounts } from '../../accounts/public-profiles';
import { tables, transaction } from '../../data/tables';
import { commitTransaction, retryOnConflict } from '../../data/transactions';
import { NotFoundError } from '../../platform/errors';
import { cellarSnapshot } from '../kernel/cellar-snapshot';
import { type LocationRecord, locationsOf, pathOf, subtreeOf } from '../kernel/locations';
import { liveLocation, sortLocations, withBottles } from '../locations/location-service';

/**
 * Shares a location as a read-only public link. An existing link stays the same; two requests at once
 * get the same link (the token is only set where there is none; the other reads it back).
 */
export async function shareLocation(ownerId: string, id: string): Promise<CellarLocation> {
  const record = await retryOnConflict(async () => {
    const record = await liveLocation(ownerId, id);
    if (record.shareToken) return record;
    // 128 random bits: a link cannot be guessed.
    const token = randomBytes(16).toString('base64url');
    await commitTransaction(() =>
      transaction('cellar').write(({ cellarLocation, locationShare }) => [
        cellarLocation
          .patch({ ownerId, id })
          .set({ shareToken: token })
          .where((attr, op) => `${op.notExists(attr.shareToken)} AND ${op.notExists(attr.deleting)}`)
          .commit(),
        locationShare
          .create({ token, ownerId, locationId: id, createdAt: new Date().toISOString() })
          .commit(),
      ]),
    );
    return { ...record, shareToken: token };
  });
  return withBottles(ownerId, record);
}

/** Revokes the link: the token is deleted, so the old address answers 404. */
export async function unshareLocation(ownerId: string, id: string): Promise<CellarLocation> {
  const record = await retryOnConflict(async () => {
    const { data: record } = await tables('cellar')
      .cellarLocation.get({ ownerId, id })
      .go({ consistent: true });
    if (!record) throw new NotFoundError();
    if (!record.shareToken) return record;
    const token = record.shareToken;
    await commitTransaction(() =>
      transaction('cellar').write(({ cellarLocation, locationShare }) => [
        cellarLocation
          .patch({ ownerId, id })
          .remove(['shareToken'])
          .where((attr, op) => op.eq(attr.shareToken, token))
          .commit(),
        locationShare.delete({ token }).commit(),
      ]),
    );
    const { shareToken: _gone, ...rest } = record;
    return rest as LocationRecord;
  });
  return withBottles(ownerId, record);
}

/** What a shared link shows: that location and its sub-locations, without prices or notes. */
export async function sharedLocation(token: string): Promise<SharedLocationView> {
  const { data: share } = await tables('cellar').locationShare.get({ token }).go();
  // The shared locations of an account being deleted show nothing meanwhile.
  if (!share || (await hiddenAccounts([share.ownerId])).size > 0) throw new NotFoundError();
  const [locations, snapshot, owner] = await Promise.all([
    locationsOf(share.ownerId),
    cellarSnapshot(share.ownerId),
    findUserById(share.ownerId),
  ]);
  const location = locations.find((l) => l.id === share.locationId);
  if (!location || location.shareToken !== token) throw new NotFoundError();
  const scope = subtreeOf(locations, location.id);
  const rows: SharedLocationView['rows'] = [];
  for (const wine of snapshot.wines) {
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
  const ownerName = owner?.tastingLocationName || `${owner?.firstName ?? ''} ${owner?.lastName ?? ''}`.trim();
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
