import { pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { sharedLocation } from './location-sharing-service';

/** Public: whoever has the link sees that location's wines, nothing else of the cellar. */
export const handler = httpRoute(
  'GET /api/shared-locations/{token}',
  { params: pathIds('token') },
  async (req) => ({
    payload: await sharedLocation(req.params.token ?? ''),
  }),
);
