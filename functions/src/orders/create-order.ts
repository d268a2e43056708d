import { OrderInput, pathIds } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { createOrder } from './order-writes';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/orders',
  { params: pathIds('id'), owner: 'id', body: OrderInput },
  async (req) => ({
    status: 201,
    payload: await createOrder(req.params.id ?? '', req.body, req.principal as Principal),
  }),
);
