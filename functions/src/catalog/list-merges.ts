import { httpRoute } from '../platform/http';
import { listMerges } from './admin-service';

export const handler = httpRoute('GET /api/admin/wines/merges', {}, async () => ({
  payload: await listMerges(),
}));
