import * as z from 'zod/mini';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { supplierOrders } from '../supplier-orders/supplier-answers';
import { portalSupplier } from './supplier-portal';

const Query = z.object({
  state: z.optional(z.enum(['waiting', 'answered'], { error: 'invalidValue' })),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
  resultsPerPage: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(200))),
});

export const handler = httpRoute('GET /api/supplier-portal/orders', { query: Query }, async (req) => {
  const supplier = await portalSupplier(req.principal as Principal);
  return { payload: await supplierOrders(supplier.id, req.query) };
});
