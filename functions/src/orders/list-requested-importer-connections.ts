import { httpRoute } from '../platform/http';
import { listRequestedConnections } from './importer-connections';

export const handler = httpRoute('GET /api/admin/importer-connections', {}, async () => {
  const rows = await listRequestedConnections();
  return { payload: { rows, count: rows.length } };
});
