import { OrderImportInput } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { supplierAccess } from './portal-access';
import { importSupplierOrder } from './supplier-portal';

export const handler = httpRoute(
  'POST /api/supplier-portal/order-imports',
  { body: OrderImportInput, access: supplierAccess },
  async (req) => ({
    status: 201,
    payload: await importSupplierOrder(req.principal as Principal, req.body),
  }),
);
