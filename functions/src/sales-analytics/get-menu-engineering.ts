import { MenuEngineeringQuery, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { menuEngineering } from './menu-engineering-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/sales-analytics/menu-engineering',
  { params: pathIds('id'), owner: 'id', query: MenuEngineeringQuery },
  async (req) => ({
    payload: await menuEngineering(req.params.id ?? '', req.query),
  }),
);
