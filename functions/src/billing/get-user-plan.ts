import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { adminPlan } from './admin-plan-service';

export const handler = httpRoute(
  'GET /api/admin/users/{id}/plan',
  { params: pathIds('id') },
  async (req) => ({
    payload: await adminPlan(req.params.id),
  }),
);
