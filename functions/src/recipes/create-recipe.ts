import { pathIds, RecipeInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { createRecipe } from './recipe-service';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/recipes',
  { params: pathIds('id'), owner: 'id', body: RecipeInput },
  async (req) => ({ status: 201, payload: await createRecipe(req.params.id ?? '', req.body) }),
);
