import { ImportLinesQuery, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { getImport } from './import-jobs';

/** The import and one page of its lines (`lines=false`: the job alone, for polling). */
export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/imports/{importId}',
  { params: pathIds('id', 'importId'), owner: 'id', query: ImportLinesQuery },
  async (req) => ({ payload: await getImport(req.params.id, req.params.importId, req.query) }),
);
