import { PriceListUpdate } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { supplierAccess } from './portal-access';
import { updatePriceList } from './supplier-portal';

export const handler = httpRoute(
  'PATCH /api/supplier-portal/price-list',
  { body: PriceListUpdate, access: supplierAccess },
  async (req) => ({
    payload: await updatePriceList(req.principal as Principal, req.body),
  }),
);
