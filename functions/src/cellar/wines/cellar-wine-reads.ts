/**
 * Reading a cellar's wines (SPEC §1 cellar management, §3 inventory columns): list with filters, sort
 * and totals, and one wine by id.
 */
import type { CellarWine, CellarWinePage, CellarWineQuery } from '@kork/shared';
import { NotFoundError } from '../../platform/errors';
import { cellarOf } from '../cellar-service';
import { cellarSnapshot, InventoryIndex } from '../kernel/cellar-snapshot';
import { cellarWineOf } from '../kernel/wine-reads';
import { toCellarWine } from '../kernel/wine-records';

// The listing reads the cellar's snapshot (cellar-snapshot.ts): one small read when nothing changed.
export { isDrinkNow, totalsOf } from '../kernel/cellar-snapshot';

/** Filters, sorts and pages an inventory (pure: the route and its tests share it). */
export function queryInventory(
  all: readonly CellarWine[],
  query: CellarWineQuery,
  locationScope?: (locationIds: readonly string[]) => Set<string | null>,
): CellarWinePage {
  return new InventoryIndex(all).query(query, locationScope);
}

export async function listOwnWines(ownerId: string, query: CellarWineQuery): Promise<CellarWinePage> {
  const snapshot = await cellarSnapshot(ownerId);
  return snapshot.inventory.query(query, (ids) => snapshot.locationScope(ids));
}

export async function getOwnWine(ownerId: string, id: string): Promise<CellarWine> {
  const [cellar, record] = await Promise.all([cellarOf(ownerId), cellarWineOf(ownerId, id)]);
  if (!record) throw new NotFoundError();
  return toCellarWine(record, cellar.baseCurrency);
}
