import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { ImporterConnectionRequest, requestImporterConnection } from './importer-connections';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/importer-connections',
  { params: pathIds('id'), owner: 'id', body: ImporterConnectionRequest },
  async (req) => ({ payload: await requestImporterConnection(req.params.id ?? '', req.body.importer) }),
);
