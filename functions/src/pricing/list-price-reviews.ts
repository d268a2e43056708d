import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listPriceReviews } from './price-reviews';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/price-reviews',
  { params: pathIds('id'), owner: 'id' },
  async (req) => ({ payload: await listPriceReviews(req.params.id ?? '') }),
);
