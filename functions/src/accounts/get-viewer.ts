import { httpRoute } from '../platform/http';
import { viewer } from './profile-service';

export const handler = httpRoute('GET /api/auth/viewer', {}, async (req) => ({
  payload: await viewer(req.principal?.userId ?? ''),
}));
