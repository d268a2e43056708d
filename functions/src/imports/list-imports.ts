import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listImports } from './import-jobs';

/** The owner's latest imports, newest first. */
export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/imports',
  { params: pathIds('id'), owner: 'id' },
  async (req) => ({ payload: await listImports(req.params.id) }),
);
