import { pathIds, SaleInput } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { createSale } from './sale-writes';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/sales',
  { params: pathIds('id'), owner: 'id', body: SaleInput },
  async (req) => ({
    status: 201,
    payload: await createSale(req.params.id ?? '', req.body, req.principal as Principal),
  }),
);
