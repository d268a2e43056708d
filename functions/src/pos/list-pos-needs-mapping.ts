import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listNeedsMapping } from './pos-mapping';

/** The till's product ids no cellar product has, with their waiting lines. */
export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/pos/needs-mapping',
  { params: pathIds('id'), owner: 'id' },
  async (req) => ({ payload: await listNeedsMapping(req.params.id ?? '') }),
);
