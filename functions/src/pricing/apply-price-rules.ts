import { ApplyPriceRules, pathIds } from '@kork/shared';
import { actorOf } from '../accounts/account-lookup';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { applyRuleSet } from './price-writes';
import { ruleSetOf } from './rule-sets';

/** Writes the rule set's prices (only with `{confirm: true}`: it cannot be undone). */
export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/price-rules/{ruleSetId}/apply',
  { params: pathIds('id', 'ruleSetId'), owner: 'id', body: ApplyPriceRules },
  async (req) => {
    const ownerId = req.params.id ?? '';
    const [set, actor] = await Promise.all([
      ruleSetOf(ownerId, req.params.ruleSetId ?? ''),
      actorOf(req.principal as Principal),
    ]);
    return { payload: await applyRuleSet(ownerId, set, actor) };
  },
);
