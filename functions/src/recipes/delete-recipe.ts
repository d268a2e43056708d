import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { deleteRecipe } from './recipe-service';

export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/recipes/{recipeId}',
  { params: pathIds('id', 'recipeId'), owner: 'id' },
  async (req) => {
    await deleteRecipe(req.params.id ?? '', req.params.recipeId ?? '');
    return { status: 204 };
  },
);
