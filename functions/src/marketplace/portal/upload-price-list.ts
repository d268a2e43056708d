import { PriceListUploadInput } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { supplierAccess } from './portal-access';
import { uploadPriceList } from './supplier-portal';

export const handler = httpRoute(
  'POST /api/supplier-portal/price-list/import',
  { body: PriceListUploadInput, access: supplierAccess },
  async (req) => ({
    payload: await uploadPriceList(req.principal as Principal, req.body.csv, req.body.prices),
  }),
);
