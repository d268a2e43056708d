import { pathIds, SupplierAccountLink } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { viewer } from '../viewer';
import { linkSupplierAccount } from './supplier-admin';

export const handler = httpRoute(
  'POST /api/admin/suppliers/{supplierId}/account',
  { params: pathIds('supplierId'), body: SupplierAccountLink },
  async (req) => ({
    payload: await linkSupplierAccount(req.params.supplierId ?? '', req.body.email, viewer(req)),
  }),
);
