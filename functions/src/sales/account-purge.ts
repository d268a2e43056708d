/**
 * Account deletion (account-deletion/purge.ts): the sales and their rollups, removed 25 to a batch.
 */
import { type EntityName, purgeOwned } from '../data/owned-purge';

export const OWNED_ENTITIES = ['sale', 'saleRollup'] as const satisfies readonly EntityName[];

/** Deletes what the account owns here; false when `deadline` came first. */
export function purgeAccountData(ownerId: string, deadline: number): Promise<boolean> {
  return purgeOwned(ownerId, OWNED_ENTITIES, deadline);
}
