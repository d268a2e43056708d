import { HistoryQuery, pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { listHistory } from './history-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/history',
  { params: pathIds('id'), owner: 'id', query: HistoryQuery },
  async (req) => ({
    payload: await listHistory(req.params.id ?? '', req.query),
  }),
);
