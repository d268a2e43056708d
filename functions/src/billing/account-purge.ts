/**
 * Account deletion (account-deletion/purge.ts): the account's subscription, its plan audit and the
 * payment events linked to it, removed from the `owned` collection in batches.
 */
import { type EntityName, purgeOwned } from '../data/owned-purge';

export const OWNED_ENTITIES = [
  'paymentEvent',
  'planChange',
  'subscription',
] as const satisfies readonly EntityName[];

/** Deletes it all; false when `deadline` (epoch ms) came first, for the purge to go on in its next message. */
export function purgeAccountData(ownerId: string, deadline: number): Promise<boolean> {
  return purgeOwned(ownerId, OWNED_ENTITIES, deadline);
}
