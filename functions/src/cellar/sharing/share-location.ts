import { NoBody, pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { shareLocation } from './location-sharing-service';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/locations/{locationId}/share',
  { params: pathIds('id', 'locationId'), body: NoBody, owner: 'id' },
  async (req) => ({
    payload: await shareLocation(req.params.id ?? '', req.params.locationId ?? ''),
  }),
);
