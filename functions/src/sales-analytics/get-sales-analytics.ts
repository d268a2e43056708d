import { pathIds, SalesAnalyticsQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { salesAnalytics } from './sales-analytics-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/sales-analytics',
  { params: pathIds('id'), owner: 'id', query: SalesAnalyticsQuery },
  async (req) => ({
    payload: await salesAnalytics(req.params.id ?? '', req.query),
  }),
);
