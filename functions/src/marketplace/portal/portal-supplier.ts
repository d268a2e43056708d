/**
 * The supplier behind an importer account, and the supplier record as the account's own pages and the
 * admin change it. Every change of a supplier is conditional on its `version`.
 */
import type { Supplier } from '@kork/shared';
import { type EntityRecord, tables } from '../../data/tables';
import type { Principal } from '../../platform/auth';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import { supplierOfUser, supplierProfile } from '../suppliers/suppliers';
import type { MarketViewer } from '../viewer';

export type SupplierRecord = EntityRecord<'supplier'>;

const SCOPE = 'suppliers';

/** A supplier as stored (strongly consistent); 404 for an unknown id. */
export async function supplierRecord(supplierId: string): Promise<SupplierRecord> {
  const { data } = await tables('marketplace')
    .supplier.get({ scope: SCOPE, supplierId })
    .go({ consistent: true });
  if (!data) throw new NotFoundError();
  return data;
}

/**
 * The ids of the suppliers an account is linked to, read strongly consistent from the suppliers'
 * one partition (a few hundred small items; only the two attributes needed travel back).
 */
export async function suppliersLinkedTo(userId: string): Promise<string[]> {
  const { data } = await tables('marketplace')
    .supplier.query.byScope({ scope: SCOPE })
    .where((attr, op) => op.eq(attr.linkedUserId, userId))
    .go({ pages: 'all', consistent: true, attributes: ['supplierId', 'linkedUserId'] });
  return data.map((row) => row.supplierId);
}

/** The supplier the signed-in importer account is linked to; 403 notASupplierAccount otherwise. */
export async function portalSupplier(principal: Principal): Promise<{ id: string; name: string }> {
  const supplier = await supplierOfUser(principal.userId);
  if (!supplier) throw new ForbiddenError({ key: 'notASupplierAccount' });
  return { id: supplier.id, name: supplier.name };
}

/**
 * The viewer an importer's own pages are answered for: prices and stock as a professional sees them,
 * whatever the account's role, in NOK (its price list is kept in NOK).
 */
export function professionalViewer(viewer: MarketViewer & { principal: Principal }): MarketViewer {
  return {
    principal: { ...viewer.principal, role: viewer.principal.role === 'admin' ? 'admin' : 'business' },
    currency: 'NOK',
    ...(viewer.locale ? { locale: viewer.locale } : {}),
  };
}

/** The supplier's profile as its admin and its own account see it (the first page of its wines). */
export function supplierAsSeen(
  supplierId: string,
  viewer: MarketViewer & { principal: Principal },
  query: { search?: string; page?: number; resultsPerPage?: number } = { resultsPerPage: 1 },
): Promise<Supplier> {
  return supplierProfile(supplierId, query, professionalViewer(viewer));
}
