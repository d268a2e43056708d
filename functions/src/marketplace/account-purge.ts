/**
 * Account deletion (account-deletion/purge.ts): the cart, the checkouts and their billing and delivery,
 * and the suppliers' inbox entries and mail records of the account's orders, removed 25 to a batch; an
 * importer's link to the supplier it answers for is removed first.
 */
import { type EntityName, purgeOwned } from '../data/owned-purge';
import { unlinkAccountFromSuppliers } from './admin/supplier-admin';

export const OWNED_ENTITIES = [
  'cart',
  'checkout',
  'checkoutDetails',
  'supplierOrderRef',
  'supplierOrderMail',
] as const satisfies readonly EntityName[];

/** Deletes what the account owns here; false when `deadline` came first. */
export async function purgeAccountData(ownerId: string, deadline: number): Promise<boolean> {
  await unlinkAccountFromSuppliers(ownerId);
  return purgeOwned(ownerId, OWNED_ENTITIES, deadline);
}
