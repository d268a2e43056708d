/**
 * Who may use the supplier portal's writes, decided before a request's body is read
 * (`RouteSpec.access`): an account a supplier answers through (403 `notASupplierAccount` otherwise), and
 * on an order's routes an order placed with that supplier (404 otherwise).
 */
import type { Principal } from '../../platform/auth';
import type { HttpRequest } from '../../platform/http';
import { supplierOrderRecord } from '../supplier-orders/supplier-order-views';
import { portalSupplier } from './portal-supplier';

export function supplierAccess(
  req: HttpRequest<unknown, unknown, unknown>,
): Promise<{ id: string; name: string }> {
  return portalSupplier(req.principal as Principal);
}

export async function supplierOrderAccess(
  req: HttpRequest<unknown, unknown, { ownerId?: string; orderId?: string }>,
): Promise<{ id: string; name: string }> {
  const supplier = await portalSupplier(req.principal as Principal);
  await supplierOrderRecord(supplier.id, req.params.ownerId ?? '', req.params.orderId ?? '');
  return supplier;
}
