import { PosFeedQuery } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { feedAnswer, posProducts } from './pos-feed';

/** The till's product feed: the signing key's cellar, JSON or CSV (`format=csv`). */
export const handler = httpRoute('GET /api/pos/products', { query: PosFeedQuery }, async (req) =>
  feedAnswer(await posProducts((req.principal as Principal).userId), req.query.format),
);
