import { CategoryInput, pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { createCategory } from './category-service';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/wine-list-categories',
  { params: pathIds('id'), owner: 'id', body: CategoryInput },
  async (req) => ({
    status: 201,
    payload: await createCategory(req.params.id ?? '', req.body),
  }),
);
