import { SuppliersQuery } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { listSuppliers } from './suppliers';

export const handler = httpRoute('GET /api/suppliers', { query: SuppliersQuery }, async (req) => ({
  payload: await listSuppliers(req.query, req),
}));
