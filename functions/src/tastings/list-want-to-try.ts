import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { wantToTryList } from './wine-lover-service';

export const handler = httpRoute(
  'GET /api/users/{id}/want-to-try',
  { params: pathIds('id') },
  async (req) => ({
    payload: await wantToTryList(req.params.id ?? ''),
  }),
);
