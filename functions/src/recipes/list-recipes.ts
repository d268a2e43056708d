import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listRecipes } from './recipe-service';

/** Every recipe of the cellar with its cost now, by name. */
export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/recipes',
  { params: pathIds('id'), owner: 'id' },
  async (req) => ({ payload: await listRecipes(req.params.id ?? '') }),
);
