import { SupplierLinkAnswerInput } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { clientOf } from '../../platform/rate-limit';
import { answerSupplierOrder } from './supplier-answers';
import { limitLinkRequests, verifySupplierLink } from './supplier-links';

export const handler = httpRoute(
  'POST /api/supplier-link/answer',
  { body: SupplierLinkAnswerInput },
  async (req) => {
    await limitLinkRequests(clientOf(req.event));
    const link = await verifySupplierLink(req.body.token);
    const view = await answerSupplierOrder(link.supplierId, link.ownerId, link.orderId, req.body.answer, {
      kind: 'link',
    });
    return { payload: { ...view, expiresAt: link.expiresAt } };
  },
);
