import { MarketValueQuery, pathIds } from '@kork/shared';
import { requirePaidPlan } from '../billing/plan-service';
import { httpRoute } from '../platform/http';
import { marketValueOf } from './market-value-service';

/** What the cellar is worth (docs/market-value.md): its owner's plan must be Plus or Pro (403 `planRequired`). */
export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/market-value',
  { params: pathIds('id'), owner: 'id', query: MarketValueQuery },
  async (req) => {
    const ownerId = req.params.id ?? '';
    await requirePaidPlan(ownerId);
    return { payload: await marketValueOf(ownerId, req.query, req.currency) };
  },
);
