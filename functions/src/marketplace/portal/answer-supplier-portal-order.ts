import { pathIds, SupplierAnswerInput } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { answerSupplierOrder } from '../supplier-orders/supplier-answers';
import { supplierOrderAccess } from './portal-access';

export const handler = httpRoute(
  'POST /api/supplier-portal/orders/{ownerId}/{orderId}/answer',
  { params: pathIds('ownerId', 'orderId'), body: SupplierAnswerInput, access: supplierOrderAccess },
  async (req) => {
    const principal = req.principal as Principal;
    const supplier = req.access as Awaited<ReturnType<typeof supplierOrderAccess>>;
    return {
      payload: await answerSupplierOrder(
        supplier.id,
        req.params.ownerId ?? '',
        req.params.orderId ?? '',
        req.body,
        { kind: 'account', userId: principal.userId, name: supplier.name },
      ),
    };
  },
);
