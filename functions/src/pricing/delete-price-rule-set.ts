import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { deleteRuleSet } from './rule-sets';

export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/price-rules/{ruleSetId}',
  { params: pathIds('id', 'ruleSetId'), owner: 'id' },
  async (req) => {
    await deleteRuleSet(req.params.id ?? '', req.params.ruleSetId ?? '');
    return { status: 204 };
  },
);
