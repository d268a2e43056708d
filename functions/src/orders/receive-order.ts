import { pathIds, ReceiveInput } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { receiveOrder } from './order-receiving';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/orders/{orderId}/receive',
  { params: pathIds('id', 'orderId'), owner: 'id', body: ReceiveInput },
  async (req) => ({
    payload: await receiveOrder(
      req.params.id ?? '',
      req.params.orderId ?? '',
      req.body,
      req.principal as Principal,
    ),
  }),
);
