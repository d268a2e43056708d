/**
 * An administrator's view and change of an account's plan (docs/billing.md): the plan as the account
 * sees it, who the account is, and the audit; a change is written with its audit entry in one transaction.
 */
import type { AdminPlanAnswer, AdminPlanBody, Plan, PlanAuditEntry } from '@kork/shared';
import { findUserById } from '../accounts/account-lookup';
import { retryOnConflict } from '../data/transactions';
import { NotFoundError } from '../platform/errors';
import { asPlan } from './effective-plan';
import { planAnswer } from './plan-service';
import { planChanges, readSubscription } from './subscription-store';
import { writeSubscription } from './subscription-writes';

async function auditOf(ownerId: string): Promise<PlanAuditEntry[]> {
  const entries = await planChanges(ownerId);
  const names = new Map<string, string>();
  for (const e of entries) {
    if (e.source !== 'admin' || names.has(e.by)) continue;
    const admin = await findUserById(e.by);
    names.set(e.by, admin ? `${admin.firstName} ${admin.lastName}`.trim() || admin.email : e.by);
  }
  return entries.map((e) => {
    const entry: PlanAuditEntry = {
      at: e.at,
      plan: asPlan(e.to),
      previousPlan: asPlan(e.from),
      reason: e.reason,
    };
    if (e.source === 'admin') {
      entry.by = e.by;
      const name = names.get(e.by);
      if (name) entry.byName = name;
    }
    return entry;
  });
}

export async function adminPlan(userId: string): Promise<AdminPlanAnswer> {
  const user = await findUserById(userId);
  if (!user) throw new NotFoundError();
  const answer = await planAnswer({ id: user.id, email: user.email });
  return {
    ...answer,
    userId: user.id,
    email: user.email,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    audit: await auditOf(user.id),
  };
}

/** Sets the plan by hand (it wins until changed), with the reason in the audit. */
export async function setPlanByHand(
  userId: string,
  body: AdminPlanBody,
  by: { userId: string; source?: 'admin' | 'seed' },
  now: Date = new Date(),
): Promise<{ from: Plan; to: Plan }> {
  if (!(await findUserById(userId))) throw new NotFoundError();
  return retryOnConflict(async () => {
    const current = await readSubscription(userId);
    return writeSubscription(
      userId,
      current,
      { ...(current ?? { plan: 'free' }), manualPlan: body.plan },
      { now, note: { source: by.source ?? 'admin', by: by.userId, reason: body.reason }, forceAudit: true },
    );
  });
}
