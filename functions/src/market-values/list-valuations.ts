import { pathIds } from '@kork/shared';
import { requirePaidPlan } from '../billing/plan-service';
import { httpRoute } from '../platform/http';
import { wineValuations } from './wine-valuations';

/** A cellar wine's valuations, newest first, and the value used today: Plus and Pro only. */
export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/own-wines/{ownWineId}/valuations',
  { params: pathIds('id', 'ownWineId'), owner: 'id' },
  async (req) => {
    const ownerId = req.params.id ?? '';
    await requirePaidPlan(ownerId);
    return { payload: await wineValuations(ownerId, req.params.ownWineId ?? '', req.currency) };
  },
);
