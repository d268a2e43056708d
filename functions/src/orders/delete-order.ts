import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { deleteOrder } from './order-writes';

/** Answers the deleted order. */
export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/orders/{orderId}',
  { params: pathIds('id', 'orderId'), owner: 'id' },
  async (req) => ({ payload: await deleteOrder(req.params.id ?? '', req.params.orderId ?? '') }),
);
