import { pathIds, SupplierAdminUpdate } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { viewer } from '../viewer';
import { updateSupplier } from './supplier-admin';

export const handler = httpRoute(
  'PATCH /api/admin/suppliers/{supplierId}',
  { params: pathIds('supplierId'), body: SupplierAdminUpdate },
  async (req) => ({
    payload: await updateSupplier(req.params.supplierId ?? '', req.body, viewer(req)),
  }),
);
