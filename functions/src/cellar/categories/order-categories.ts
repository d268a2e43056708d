import { CategoryOrderInput, pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { orderCategories } from './category-service';

export const handler = httpRoute(
  'PUT /api/wine-cellars/users/{id}/wine-list-categories/order',
  { params: pathIds('id'), owner: 'id', body: CategoryOrderInput },
  async (req) => ({ payload: await orderCategories(req.params.id ?? '', req.body) }),
);
