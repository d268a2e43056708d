import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listImporterConnections } from './importer-connections';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/importer-connections',
  { params: pathIds('id'), owner: 'id' },
  async (req) => {
    const rows = await listImporterConnections(req.params.id ?? '');
    return { payload: { rows, count: rows.length } };
  },
);
