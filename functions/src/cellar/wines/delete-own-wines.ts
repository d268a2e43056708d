import { DeleteCellarWinesQuery, pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { deleteOwnWines } from './cellar-wine-moves';

export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/own-wines',
  { params: pathIds('id'), owner: 'id', query: DeleteCellarWinesQuery },
  async (req) => ({
    payload: {
      count: await deleteOwnWines(req.params.id ?? '', req.query.includeId, req.principal as Principal),
    },
  }),
);
