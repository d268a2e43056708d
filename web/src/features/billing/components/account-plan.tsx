import { isPaidPlan, type PlanAnswer } from '@kork/shared';
import { PlanCardBody } from './plan-card';
import { WithPlan } from './plan-query';
import { UpgradeCardBody } from './upgrade-card';

/**
 * The account's plan where its settings are: the plan card for a paying account, what Plus and Pro give
 * (with the checkout links) for a free one.
 */
export function AccountPlan({
  plan,
  headingOrder = 2,
  embedded = false,
}: {
  plan?: PlanAnswer;
  headingOrder?: 2 | 3;
  embedded?: boolean;
}) {
  return (
    <WithPlan plan={plan}>
      {(answer) =>
        isPaidPlan(answer.plan) ? (
          <PlanCardBody plan={answer} headingOrder={headingOrder} embedded={embedded} />
        ) : (
          <UpgradeCardBody plan={answer} headingOrder={headingOrder} embedded={embedded} />
        )
      }
    </WithPlan>
  );
}
