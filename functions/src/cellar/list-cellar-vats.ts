import { pathIds } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { cellarVats } from './cellar-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/cellars/{id}/vats',
  { params: pathIds('id') },
  async (req) => ({
    payload: await cellarVats(req.params.id ?? '', req.principal as Principal),
  }),
);
