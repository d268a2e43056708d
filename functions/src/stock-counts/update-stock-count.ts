import { pathIds, StockCountUpdate } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { updateStockCount } from './stock-count-service';

export const handler = httpRoute(
  'PATCH /api/wine-cellars/users/{id}/stock-counts/{countId}',
  { params: pathIds('id', 'countId'), owner: 'id', body: StockCountUpdate },
  async (req) => ({
    payload: await updateStockCount(req.params.id ?? '', req.params.countId ?? '', req.body),
  }),
);
