import { PriceRuleSetUpdate, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { updateRuleSet } from './rule-sets';

export const handler = httpRoute(
  'PATCH /api/wine-cellars/users/{id}/price-rules/{ruleSetId}',
  { params: pathIds('id', 'ruleSetId'), owner: 'id', body: PriceRuleSetUpdate },
  async (req) => ({
    payload: await updateRuleSet(req.params.id ?? '', req.params.ruleSetId ?? '', req.body),
  }),
);
