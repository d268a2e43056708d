import { pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { unshareLocation } from './location-sharing-service';

export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/locations/{locationId}/share',
  { params: pathIds('id', 'locationId'), owner: 'id' },
  async (req) => ({
    payload: await unshareLocation(req.params.id ?? '', req.params.locationId ?? ''),
  }),
);
