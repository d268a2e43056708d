import { SupplierWinesQuery } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { viewer } from '../viewer';
import { priceList } from './supplier-portal';

export const handler = httpRoute(
  'GET /api/supplier-portal/price-list',
  { query: SupplierWinesQuery },
  async (req) => ({
    payload: await priceList(viewer(req), req.query),
  }),
);
