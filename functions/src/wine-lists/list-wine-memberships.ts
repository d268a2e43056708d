import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listWineMemberships } from './wine-list-reads';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/own-wines/{ownWineId}/wine-lists',
  { params: pathIds('id', 'ownWineId'), owner: 'id' },
  async (req) => ({
    payload: await listWineMemberships(req.params.id ?? '', req.params.ownWineId ?? ''),
  }),
);
