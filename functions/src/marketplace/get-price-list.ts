import { SupplierWinesQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { priceList } from './supplier-portal';
import { viewer } from './viewer';

export const handler = httpRoute(
  'GET /api/supplier-portal/price-list',
  { query: SupplierWinesQuery },
  async (req) => ({
    payload: await priceList(viewer(req), req.query),
  }),
);
