import { pathIds, SalesQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listSales } from './sale-reads';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/sales',
  { params: pathIds('id'), owner: 'id', query: SalesQuery },
  async (req) => ({ payload: await listSales(req.params.id ?? '', req.query) }),
);
