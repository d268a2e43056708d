import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { unlinkSupplierAccount } from './supplier-admin';
import { viewer } from './viewer';

export const handler = httpRoute(
  'DELETE /api/admin/suppliers/{supplierId}/account',
  { params: pathIds('supplierId') },
  async (req) => ({
    payload: await unlinkSupplierAccount(req.params.supplierId ?? '', viewer(req)),
  }),
);
