import { pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { cellarDashboard } from './dashboard-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/dashboard',
  { params: pathIds('id'), owner: 'id' },
  async (req) => ({
    payload: await cellarDashboard(req.params.id ?? '', req.currency),
  }),
);
