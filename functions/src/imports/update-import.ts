import { pathIds, UpdateImportInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { updateImport } from './import-decisions';

/** A column assignment, decisions on lines or `confirmAll`; answers the job and its first page of lines. */
export const handler = httpRoute(
  'PATCH /api/wine-cellars/users/{id}/imports/{importId}',
  { params: pathIds('id', 'importId'), owner: 'id', body: UpdateImportInput },
  async (req) => ({ payload: await updateImport(req.params.id, req.params.importId, req.body) }),
);
