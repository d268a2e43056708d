import { pathIds, StockCountEntriesInput } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { putStockCountEntries } from './stock-count-service';

export const handler = httpRoute(
  'PUT /api/wine-cellars/users/{id}/stock-counts/{countId}/entries',
  { params: pathIds('id', 'countId'), owner: 'id', body: StockCountEntriesInput },
  async (req) => ({
    payload: await putStockCountEntries(
      req.params.id ?? '',
      req.params.countId ?? '',
      req.body,
      req.principal as Principal,
    ),
  }),
);
