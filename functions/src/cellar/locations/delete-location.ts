import { pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { deleteLocation } from './location-service';

export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/locations/{locationId}',
  { params: pathIds('id', 'locationId'), owner: 'id' },
  async (req) => {
    await deleteLocation(req.params.id ?? '', req.params.locationId ?? '', req.principal as Principal);
    return { status: 204 };
  },
);
