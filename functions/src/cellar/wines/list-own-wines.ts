import { CellarWineQuery, pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { listOwnWines } from './cellar-wine-reads';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/own-wines',
  { params: pathIds('id'), owner: 'id', query: CellarWineQuery },
  async (req) => ({
    payload: await listOwnWines(req.params.id ?? '', req.query),
  }),
);
