import { PriceListImportInput } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { supplierAccess } from './portal-access';
import { importPriceList } from './supplier-portal';

export const handler = httpRoute(
  'POST /api/supplier-portal/price-list/import',
  { body: PriceListImportInput, access: supplierAccess },
  async (req) => ({
    payload: await importPriceList(req.principal as Principal, req.body.csv),
  }),
);
