import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { stockCountSheet } from './stock-count-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/stock-counts/{countId}',
  { params: pathIds('id', 'countId'), owner: 'id' },
  async (req) => ({
    payload: await stockCountSheet(req.params.id ?? '', req.params.countId ?? '', req.locale),
  }),
);
