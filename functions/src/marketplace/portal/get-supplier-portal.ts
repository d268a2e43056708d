import { httpRoute } from '../../platform/http';
import { viewer } from '../viewer';
import { supplierPortal } from './supplier-portal';

export const handler = httpRoute('GET /api/supplier-portal', {}, async (req) => ({
  payload: await supplierPortal(viewer(req)),
}));
