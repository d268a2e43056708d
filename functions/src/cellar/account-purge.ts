/**
 * Account deletion (account-deletion/purge.ts): the cellar, its wines and their history, locations and
 * their shared links, categories and version, removed 25 to a batch; then the cellar's shared snapshot
 * and every value shared with it.
 */
import { type EntityName, purgeOwned } from '../data/owned-purge';
import { deleteAllSharedDerived } from './kernel/shared-derived';
import { deleteSharedSnapshot } from './kernel/shared-snapshot';

export const OWNED_ENTITIES = [
  'cellar',
  'cellarWine',
  'cellarHistory',
  'cellarLocation',
  'cellarVersion',
  'cellarChange',
  'locationShare',
  'wineListCategory',
] as const satisfies readonly EntityName[];

/**
 * Deletes what the account owns here, the cellar's shared read snapshot (kernel/shared-snapshot.ts) and
 * the values shared beside it, such as the sales analytics' rollups (kernel/shared-derived.ts); false
 * when `deadline` came first.
 */
export async function purgeAccountData(ownerId: string, deadline: number): Promise<boolean> {
  if (!(await purgeOwned(ownerId, OWNED_ENTITIES, deadline))) return false;
  await deleteSharedSnapshot(ownerId);
  await deleteAllSharedDerived(ownerId);
  return true;
}
