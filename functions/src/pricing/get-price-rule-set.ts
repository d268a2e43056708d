import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { ruleSetOf } from './rule-sets';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/price-rules/{ruleSetId}',
  { params: pathIds('id', 'ruleSetId'), owner: 'id' },
  async (req) => ({ payload: await ruleSetOf(req.params.id ?? '', req.params.ruleSetId ?? '') }),
);
