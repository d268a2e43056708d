import { pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { viewer } from '../viewer';
import { unlinkSupplierAccount } from './supplier-admin';

export const handler = httpRoute(
  'DELETE /api/admin/suppliers/{supplierId}/account',
  { params: pathIds('supplierId') },
  async (req) => ({
    payload: await unlinkSupplierAccount(req.params.supplierId ?? '', viewer(req)),
  }),
);
