import { pathIds, ReorderQuery } from '@kork/shared';
import { viewer } from '../marketplace/viewer';
import { httpRoute } from '../platform/http';
import { reorderRows } from './reorder-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/reorder',
  { params: pathIds('id'), owner: 'id', query: ReorderQuery },
  async (req) => ({ payload: await reorderRows(req.params.id ?? '', viewer(req), req.query) }),
);
