import { CategoryUpdate, pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { updateCategory } from './category-service';

export const handler = httpRoute(
  'PATCH /api/wine-cellars/users/{id}/wine-list-categories/{categoryId}',
  { params: pathIds('id', 'categoryId'), owner: 'id', body: CategoryUpdate },
  async (req) => ({
    payload: await updateCategory(req.params.id ?? '', req.params.categoryId ?? '', req.body),
  }),
);
