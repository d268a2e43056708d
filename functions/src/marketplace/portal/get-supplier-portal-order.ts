import { pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { supplierOrderView } from '../supplier-orders/supplier-answers';
import { portalSupplier } from './supplier-portal';

export const handler = httpRoute(
  'GET /api/supplier-portal/orders/{ownerId}/{orderId}',
  { params: pathIds('ownerId', 'orderId') },
  async (req) => {
    const supplier = await portalSupplier(req.principal as Principal);
    return {
      payload: await supplierOrderView(supplier.id, req.params.ownerId ?? '', req.params.orderId ?? ''),
    };
  },
);
