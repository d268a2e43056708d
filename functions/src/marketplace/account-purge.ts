/**
 * Account deletion (accounts/account-deletion.ts): the cart, the checkouts and their billing and delivery,
 * and the suppliers' inbox entries and mail records of the account's orders, removed 25 to a batch.
 */
import { type EntityName, purgeOwned } from '../data/owned-purge';

export const OWNED_ENTITIES = [
  'cart',
  'checkout',
  'checkoutDetails',
  'supplierOrderRef',
  'supplierOrderMail',
] as const satisfies readonly EntityName[];

/** Deletes what the account owns here; false when `deadline` came first. */
export function purgeAccountData(ownerId: string, deadline: number): Promise<boolean> {
  return purgeOwned(ownerId, OWNED_ENTITIES, deadline);
}
