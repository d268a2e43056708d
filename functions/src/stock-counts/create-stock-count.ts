import { pathIds, StockCountInput } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { createStockCount } from './stock-count-service';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/stock-counts',
  { params: pathIds('id'), owner: 'id', body: StockCountInput },
  async (req) => ({
    status: 201,
    payload: await createStockCount(req.params.id ?? '', req.body, req.principal as Principal),
  }),
);
