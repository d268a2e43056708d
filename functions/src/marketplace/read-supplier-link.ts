import { SupplierLinkInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { supplierOrderView } from './supplier-answers';
import { verifySupplierLink } from './supplier-links';

export const handler = httpRoute('POST /api/supplier-link/read', { body: SupplierLinkInput }, async (req) => {
  const link = await verifySupplierLink(req.body.token);
  const view = await supplierOrderView(link.supplierId, link.ownerId, link.orderId);
  return { payload: { ...view, expiresAt: link.expiresAt } };
});
