import { OrderUpdate, pathIds } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { updateOrder } from './order-writes';

export const handler = httpRoute(
  'PATCH /api/wine-cellars/users/{id}/orders/{orderId}',
  { params: pathIds('id', 'orderId'), owner: 'id', body: OrderUpdate },
  async (req) => ({
    payload: await updateOrder(
      req.params.id ?? '',
      req.params.orderId ?? '',
      req.body,
      req.principal as Principal,
    ),
  }),
);
