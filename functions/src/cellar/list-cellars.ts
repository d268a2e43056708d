import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { cellarOf } from './cellar-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/cellars',
  { params: pathIds('id'), owner: 'id' },
  async (req) => {
    const cellar = await cellarOf(req.params.id ?? '');
    return { payload: { rows: [cellar], count: 1 } };
  },
);
