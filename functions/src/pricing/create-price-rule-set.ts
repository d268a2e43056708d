import { PriceRuleSetInput, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { createRuleSet } from './rule-sets';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/price-rules',
  { params: pathIds('id'), owner: 'id', body: PriceRuleSetInput },
  async (req) => ({ status: 201, payload: await createRuleSet(req.params.id ?? '', req.body) }),
);
