import { pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { listLocations } from './location-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/locations',
  { params: pathIds('id'), owner: 'id' },
  async (req) => ({
    payload: await listLocations(req.params.id ?? ''),
  }),
);
