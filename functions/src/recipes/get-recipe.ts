import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { getRecipe } from './recipe-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/recipes/{recipeId}',
  { params: pathIds('id', 'recipeId'), owner: 'id' },
  async (req) => ({ payload: await getRecipe(req.params.id ?? '', req.params.recipeId ?? '') }),
);
