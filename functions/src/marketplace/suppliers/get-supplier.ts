import { pathIds, SupplierWinesQuery } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { supplierProfile } from './suppliers';

export const handler = httpRoute(
  'GET /api/suppliers/{supplierId}',
  { params: pathIds('supplierId'), query: SupplierWinesQuery },
  async (req) => ({
    payload: await supplierProfile(req.params.supplierId ?? '', req.query, req),
  }),
);
