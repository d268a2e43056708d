import { SupplierLinkInput } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { clientOf } from '../../platform/rate-limit';
import { supplierOrderView } from './supplier-answers';
import { limitLinkRequests, verifySupplierLink } from './supplier-links';

export const handler = httpRoute('POST /api/supplier-link/read', { body: SupplierLinkInput }, async (req) => {
  await limitLinkRequests(clientOf(req.event));
  const link = await verifySupplierLink(req.body.token);
  const view = await supplierOrderView(link.supplierId, link.ownerId, link.orderId);
  return { payload: { ...view, expiresAt: link.expiresAt } };
});
