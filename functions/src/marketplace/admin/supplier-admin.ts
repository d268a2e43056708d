/**
 * Admin: link an importer account to its supplier, and activate order import (SPEC §6). Every change is
 * conditional on the supplier's version as read; a supplier changed in between is read again and the
 * change decided anew. An account answers for one supplier at most: the link is checked again after it
 * is written, and undone (409) when another supplier got the same account at the same moment.
 */
import type { Supplier, UserType } from '@kork/shared';
import { findUserByEmail, findUserById } from '../../accounts/account-lookup';
import { tables } from '../../data/tables';
import { isConditionFailure, retryOnConflict } from '../../data/transactions';
import type { Principal } from '../../platform/auth';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import {
  type SupplierRecord,
  supplierAsSeen,
  supplierRecord,
  suppliersLinkedTo,
} from '../portal/portal-supplier';
import type { MarketViewer } from '../viewer';

/** The account types that answer a supplier's orders in Kork. */
const SUPPLIER_ACCOUNT_TYPES: readonly UserType[] = ['WINE_IMPORTER', 'WHOLESALER'];

/**
 * One change of a supplier, conditional on the version read; a ConflictError from the condition makes
 * `retryOnConflict` read the supplier again and decide again.
 */
async function changeSupplier(
  supplierId: string,
  change: (record: SupplierRecord) => { set?: Partial<SupplierRecord>; remove?: 'linkedUserId' } | undefined,
): Promise<SupplierRecord> {
  return retryOnConflict(async () => {
    const record = await supplierRecord(supplierId);
    const step = change(record);
    if (!step) return record;
    const version = record.version + 1;
    const updatedAt = new Date().toISOString();
    let patch = tables('marketplace')
      .supplier.patch({ scope: record.scope, supplierId })
      .set({ ...step.set, version, updatedAt });
    if (step.remove) patch = patch.remove([step.remove]);
    try {
      await patch.where((attr, op) => op.eq(attr.version, record.version)).go();
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError();
      throw error;
    }
    const next: SupplierRecord = { ...record, ...step.set, version, updatedAt };
    return step.remove ? { ...next, linkedUserId: undefined } : next;
  });
}

/** A supplier as its admin sees it: with the account linked to it, if any. */
export type AdminSupplier = Supplier & { linkedAccount?: { email: string; name: string } };

function withAccount(
  supplier: Supplier,
  user: { email: string; firstName: string; lastName: string } | undefined,
): AdminSupplier {
  if (!user) return supplier;
  return {
    ...supplier,
    linkedAccount: { email: user.email, name: `${user.firstName} ${user.lastName}`.trim() },
  };
}

async function adminView(record: SupplierRecord, viewer: MarketViewer & { principal: Principal }) {
  const user = record.linkedUserId ? await findUserById(record.linkedUserId) : undefined;
  return withAccount(await supplierAsSeen(record.supplierId, viewer), user);
}

/** `POST /api/admin/suppliers/{supplierId}/account`. */
export async function linkSupplierAccount(
  supplierId: string,
  email: string,
  viewer: MarketViewer & { principal: Principal },
): Promise<AdminSupplier> {
  await supplierRecord(supplierId);
  const user = await findUserByEmail(email);
  if (!user) throw new NotFoundError({ key: 'accountNotFound' });
  if (!SUPPLIER_ACCOUNT_TYPES.includes(user.userType))
    throw new ValidationError({ email: 'supplierAccountType' }, { key: 'supplierAccountType' });
  const takenElsewhere = async () =>
    (await suppliersLinkedTo(user.id)).some((linkedId) => linkedId !== supplierId);
  if (await takenElsewhere()) throw new ConflictError({ key: 'supplierAccountTaken' });

  await changeSupplier(supplierId, (record) =>
    record.linkedUserId === user.id ? undefined : { set: { linkedUserId: user.id } },
  );
  // Linked to another supplier at the same moment: at most one link stays (both may be undone).
  if (await takenElsewhere()) {
    await changeSupplier(supplierId, (record) =>
      record.linkedUserId === user.id ? { remove: 'linkedUserId' } : undefined,
    );
    throw new ConflictError({ key: 'supplierAccountTaken' });
  }
  return withAccount(await supplierAsSeen(supplierId, viewer), user);
}

/** `DELETE /api/admin/suppliers/{supplierId}/account`: unlinking an unlinked supplier changes nothing. */
export async function unlinkSupplierAccount(
  supplierId: string,
  viewer: MarketViewer & { principal: Principal },
): Promise<AdminSupplier> {
  const record = await changeSupplier(supplierId, (found) =>
    found.linkedUserId ? { remove: 'linkedUserId' } : undefined,
  );
  return adminView(record, viewer);
}

/**
 * Account deletion: every supplier the account answers for is unlinked (each change conditional on the
 * supplier's version, read again on a conflict), so a deleted importer leaves no link behind.
 */
export async function unlinkAccountFromSuppliers(userId: string): Promise<number> {
  const linked = await suppliersLinkedTo(userId);
  for (const supplierId of linked)
    await changeSupplier(supplierId, (found) =>
      found.linkedUserId === userId ? { remove: 'linkedUserId' } : undefined,
    );
  return linked.length;
}

/** `PATCH /api/admin/suppliers/{supplierId}`: order import into buyers' cellars on or off. */
export async function updateSupplier(
  supplierId: string,
  patch: { orderImportActive: boolean },
  viewer: MarketViewer & { principal: Principal },
): Promise<AdminSupplier> {
  const record = await changeSupplier(supplierId, (found) =>
    found.orderImportActive === patch.orderImportActive
      ? undefined
      : { set: { orderImportActive: patch.orderImportActive } },
  );
  return adminView(record, viewer);
}
