import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listWineLists } from './wine-list-reads';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/wine-lists',
  { params: pathIds('id'), owner: 'id' },
  async (req) => ({ payload: await listWineLists(req.params.id ?? '') }),
);
