/**
 * An importer account's own marketplace (docs/marketplace.md, Importer accounts): its supplier, its
 * orders waiting for an answer and its price list. The price list's changes live in
 * `portal-price-list.ts`, order import in `portal-order-import.ts`.
 */
import type { SupplierPortal, SupplierWine } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { supplierOrders } from '../supplier-orders/supplier-answers';
import type { MarketViewer } from '../viewer';
import { portalSupplier, supplierAsSeen } from './portal-supplier';

export { importSupplierOrder } from './portal-order-import';
export { updatePriceList, uploadPriceList } from './portal-price-list';
export { portalSupplier } from './portal-supplier';

/** `GET /api/supplier-portal`: 403 notASupplierAccount for an account linked to no supplier. */
export async function supplierPortal(
  viewer: MarketViewer & { principal: Principal },
): Promise<SupplierPortal> {
  const { id } = await portalSupplier(viewer.principal);
  const [supplier, waiting] = await Promise.all([
    supplierAsSeen(id, viewer, { resultsPerPage: 1 }),
    supplierOrders(id, { state: 'waiting', resultsPerPage: 1 }),
  ]);
  return { supplier, waiting: waiting.count };
}

/**
 * `GET /api/supplier-portal/price-list`: the supplier's wines with its prices and stock, as a
 * professional sees them (whatever the importer account's own role), in NOK.
 */
export async function priceList(
  viewer: MarketViewer & { principal: Principal },
  query: { search?: string; page?: number; resultsPerPage?: number },
): Promise<{ rows: SupplierWine[]; count: number }> {
  const { id } = await portalSupplier(viewer.principal);
  const supplier = await supplierAsSeen(id, viewer, query);
  return { rows: supplier.wines, count: supplier.winesCount };
}
