import { httpRoute } from '../platform/http';
import { supplierPortal } from './supplier-portal';
import { viewer } from './viewer';

export const handler = httpRoute('GET /api/supplier-portal', {}, async (req) => ({
  payload: await supplierPortal(viewer(req)),
}));
