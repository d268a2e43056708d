import { pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { getOwnWine } from './cellar-wine-reads';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/own-wines/{ownWineId}',
  { params: pathIds('id', 'ownWineId'), owner: 'id' },
  async (req) => ({
    payload: await getOwnWine(req.params.id ?? '', req.params.ownWineId ?? ''),
  }),
);
