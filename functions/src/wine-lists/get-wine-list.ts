import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { getWineListDetail } from './wine-list-reads';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/wine-lists/{listId}',
  { params: pathIds('id', 'listId'), owner: 'id' },
  async (req) => ({
    payload: await getWineListDetail(req.params.id ?? '', req.params.listId ?? '', req.locale),
  }),
);
