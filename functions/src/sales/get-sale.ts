import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { getSale } from './sale-reads';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/sales/{saleId}',
  { params: pathIds('id', 'saleId'), owner: 'id' },
  async (req) => ({ payload: await getSale(req.params.id ?? '', req.params.saleId ?? '') }),
);
