import { pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { deleteCategory } from './category-service';

export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/wine-list-categories/{categoryId}',
  { params: pathIds('id', 'categoryId'), owner: 'id' },
  async (req) => {
    await deleteCategory(req.params.id ?? '', req.params.categoryId ?? '', req.principal as Principal);
    return { status: 204 };
  },
);
