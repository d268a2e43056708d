import { pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { listCategories } from './category-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/wine-list-categories',
  { params: pathIds('id'), owner: 'id' },
  async (req) => ({
    payload: await listCategories(req.params.id ?? ''),
  }),
);
