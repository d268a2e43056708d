import { CreateImportInput, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { createImport } from './import-jobs';

/** A new import waiting for its file, with where to PUT it (none for pasted text: it is stored at once). */
export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/imports',
  { params: pathIds('id'), owner: 'id', body: CreateImportInput },
  async (req) => ({ status: 201, payload: await createImport(req.params.id, req.body, req.locale) }),
);
