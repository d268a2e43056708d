import { pathIds, StockCountsQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listStockCounts } from './stock-count-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/stock-counts',
  { params: pathIds('id'), owner: 'id', query: StockCountsQuery },
  async (req) => ({ payload: await listStockCounts(req.params.id ?? '', req.query) }),
);
