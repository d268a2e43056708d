import { pathIds, RecipeUpdate } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { updateRecipe } from './recipe-service';

export const handler = httpRoute(
  'PATCH /api/wine-cellars/users/{id}/recipes/{recipeId}',
  { params: pathIds('id', 'recipeId'), owner: 'id', body: RecipeUpdate },
  async (req) => ({
    payload: await updateRecipe(req.params.id ?? '', req.params.recipeId ?? '', req.body),
  }),
);
