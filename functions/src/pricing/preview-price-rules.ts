import { NoBody, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { previewRuleSet } from './price-writes';
import { ruleSetOf } from './rule-sets';

/** What applying the rule set would change, over the cellar as it is now. */
export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/price-rules/{ruleSetId}/preview',
  { params: pathIds('id', 'ruleSetId'), body: NoBody, owner: 'id' },
  async (req) => {
    const ownerId = req.params.id ?? '';
    const set = await ruleSetOf(ownerId, req.params.ruleSetId ?? '');
    return { payload: await previewRuleSet(ownerId, set) };
  },
);
