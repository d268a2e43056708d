import { OrdersQuery, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listOrders } from './order-reads';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/orders',
  { params: pathIds('id'), owner: 'id', query: OrdersQuery },
  async (req) => ({ payload: await listOrders(req.params.id ?? '', req.query) }),
);
