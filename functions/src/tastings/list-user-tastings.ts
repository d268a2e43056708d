import { pathIds, UserTastingsQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { userTastings } from './tasting-service';

export const handler = httpRoute(
  'GET /api/users/{id}/tastings',
  { params: pathIds('id'), query: UserTastingsQuery },
  async (req) => ({
    payload: await userTastings(
      req.params.id ?? '',
      req.principal,
      req.query.page ?? 1,
      req.query.resultsPerPage ?? 20,
      req.query.published,
      {
        q: req.query.q,
        category: req.query.category,
        minPoints: req.query.minPoints,
        maxPoints: req.query.maxPoints,
      },
    ),
  }),
);
