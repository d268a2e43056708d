/**
 * The monthly token budget of an account's questions (SPEC §1 "cost and abuse limits"): the model's
 * reported input and output tokens are added to the month's item after each answer (an atomic ADD), and
 * the month's sum is checked before the next question reaches the model.
 */
import { ASSISTANT_LIMITS, type AssistantUsage } from '@kork/shared';
import { tables } from '../../data/tables';
import { optionalEnv } from '../../platform/env';

/** The calendar month (UTC) of `now`: `2026-11`. */
export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** Seconds until the first of next month (UTC), when the budget opens again. */
export function secondsToNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** Tokens an account may use in a month: `ASSISTANT_MONTHLY_TOKEN_BUDGET` when set, else the shared limit. */
export function monthlyBudget(): number {
  const raw = optionalEnv('ASSISTANT_MONTHLY_TOKEN_BUDGET', '').trim();
  return /^\d+$/.test(raw) ? Number(raw) : ASSISTANT_LIMITS.monthlyTokenBudget;
}

/** Whether another question fits: the month's use is under the budget. */
export function withinBudget(usage: AssistantUsage): boolean {
  return usage.usedTokens < usage.budgetTokens;
}

/** The month's use of the account's allowance. */
export async function usageOf(ownerId: string, now = new Date()): Promise<AssistantUsage> {
  const month = monthOf(now);
  const { data } = await tables('assistant').assistantUsage.get({ ownerId, month }).go({ consistent: true });
  return {
    month,
    usedTokens: (data?.inputTokens ?? 0) + (data?.outputTokens ?? 0),
    budgetTokens: monthlyBudget(),
  };
}

/** Adds an answer's tokens to the month (an upsert, so the first one also writes the `owned` keys). */
export async function recordUsage(
  ownerId: string,
  usage: { inputTokens: number; outputTokens: number },
  now = new Date(),
): Promise<void> {
  const inputTokens = Math.max(0, Math.round(usage.inputTokens || 0));
  const outputTokens = Math.max(0, Math.round(usage.outputTokens || 0));
  if (inputTokens === 0 && outputTokens === 0) return;
  await tables('assistant')
    .assistantUsage.upsert({ ownerId, month: monthOf(now) })
    .add({ inputTokens, outputTokens })
    .go({ response: 'none' });
}
