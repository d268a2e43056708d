import { LocationInput, pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { createLocation } from './location-service';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/locations',
  { params: pathIds('id'), owner: 'id', body: LocationInput },
  async (req) => ({
    status: 201,
    payload: await createLocation(req.params.id ?? '', req.body),
  }),
);
