import { PosFeedQuery, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { feedAnswer, posProducts } from './pos-feed';

/** The product feed as the till reads it, for the owner to see or download (`format=csv`). */
export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/pos/products',
  { params: pathIds('id'), owner: 'id', query: PosFeedQuery },
  async (req) => feedAnswer(await posProducts(req.params.id ?? ''), req.query.format),
);
