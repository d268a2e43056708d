import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { getOrder } from './order-reads';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/orders/{orderId}',
  { params: pathIds('id', 'orderId'), owner: 'id' },
  async (req) => ({ payload: await getOrder(req.params.id ?? '', req.params.orderId ?? '') }),
);
