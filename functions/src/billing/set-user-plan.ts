import { AdminPlanBody, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { adminPlan, setPlanByHand } from './admin-plan-service';

export const handler = httpRoute(
  'PUT /api/admin/users/{id}/plan',
  { params: pathIds('id'), body: AdminPlanBody },
  async (req) => {
    await setPlanByHand(req.params.id, req.body, { userId: req.principal?.userId ?? '' });
    return { payload: await adminPlan(req.params.id) };
  },
);
