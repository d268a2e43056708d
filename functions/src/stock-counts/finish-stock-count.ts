import { NoBody, pathIds } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { finishStockCount } from './stock-count-finish';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/stock-counts/{countId}/finish',
  { params: pathIds('id', 'countId'), body: NoBody, owner: 'id' },
  async (req) => ({
    payload: await finishStockCount(
      req.params.id ?? '',
      req.params.countId ?? '',
      req.principal as Principal,
    ),
  }),
);
