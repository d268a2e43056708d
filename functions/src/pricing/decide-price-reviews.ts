import { PriceReviewDecision, pathIds } from '@kork/shared';
import { actorOf } from '../accounts/account-lookup';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { decidePriceReviews } from './price-reviews';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/price-reviews',
  { params: pathIds('id'), owner: 'id', body: PriceReviewDecision },
  async (req) => ({
    payload: await decidePriceReviews(
      req.params.id ?? '',
      req.body,
      await actorOf(req.principal as Principal),
    ),
  }),
);
