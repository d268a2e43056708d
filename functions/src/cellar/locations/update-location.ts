import { LocationUpdate, pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { updateLocation } from './location-service';

export const handler = httpRoute(
  'PATCH /api/wine-cellars/users/{id}/locations/{locationId}',
  { params: pathIds('id', 'locationId'), owner: 'id', body: LocationUpdate },
  async (req) => ({
    payload: await updateLocation(req.params.id ?? '', req.params.locationId ?? '', req.body),
  }),
);
