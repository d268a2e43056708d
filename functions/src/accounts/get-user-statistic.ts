import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { statistic } from './profile-service';

export const handler = httpRoute(
  'GET /api/users/{id}/statistic',
  { params: pathIds('id'), owner: 'id' },
  async (req) => ({
    payload: await statistic(req.params.id ?? ''),
  }),
);
