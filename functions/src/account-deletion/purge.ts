/**
 * The account-deletion process: a job over every domain that holds an account's data, and the only
 * module that knows them all (it owns no table; each domain removes its own entities).
 *
 * Account deletion as a job (SPEC §4 "deleted (all data removed)"; docs/decisions.md, "Account deletion
 * as a job"). The request only locks and hides the account (status `deleting`, every session ended)
 * and puts an `accounts.deletion.requested` message on the account-deletions queue; its consumer
 * purges the data domain by domain, each through the domain's own purge, in batches, sending itself on
 * with the step it reached when its time runs out; the last step mails the person and removes the
 * account, its address claim and its provider links in one transaction.
 */
import type { AccountDeletionRequested } from '@kork/queue-messages';
import { ACCOUNT_DELETIONS_QUEUE } from '../accounts/account-deletion';
import * as accounts from '../accounts/account-purge';
import { queue } from '../adapters/queue';
import * as assistant from '../assistant/account-purge';
import * as billing from '../billing/account-purge';
import * as cellar from '../cellar/account-purge';
import { type EntityName, ownedEntityIndexes, ownedItems } from '../data/owned-purge';
import * as events from '../events/account-purge';
import * as imports from '../imports/account-purge';
import * as marketplace from '../marketplace/account-purge';
import * as orders from '../orders/account-purge';
import type { Logger } from '../platform/logger';
import * as pos from '../pos/account-purge';
import * as pricing from '../pricing/account-purge';
import * as recipes from '../recipes/account-purge';
import * as sales from '../sales/account-purge';
import * as stockCounts from '../stock-counts/account-purge';
import * as tastings from '../tastings/account-purge';
import * as wineLists from '../wine-lists/account-purge';

interface PurgeStep {
  name: string;
  entities: readonly EntityName[];
  purge(ownerId: string, deadline: number): Promise<boolean>;
}

/**
 * The purge, in order: what others can see first (notes and the wines' averages, events, wine lists),
 * then the rest. Each domain removes its own entities.
 */
export const PURGE_STEPS: readonly PurgeStep[] = [
  { name: 'tastings', entities: tastings.OWNED_ENTITIES, purge: tastings.purgeAccountData },
  { name: 'events', entities: events.OWNED_ENTITIES, purge: events.purgeAccountData },
  { name: 'wine-lists', entities: wineLists.OWNED_ENTITIES, purge: wineLists.purgeAccountData },
  { name: 'imports', entities: imports.OWNED_ENTITIES, purge: imports.purgeAccountData },
  { name: 'sales', entities: sales.OWNED_ENTITIES, purge: sales.purgeAccountData },
  { name: 'stock-counts', entities: stockCounts.OWNED_ENTITIES, purge: stockCounts.purgeAccountData },
  { name: 'orders', entities: orders.OWNED_ENTITIES, purge: orders.purgeAccountData },
  { name: 'marketplace', entities: marketplace.OWNED_ENTITIES, purge: marketplace.purgeAccountData },
  { name: 'pricing', entities: pricing.OWNED_ENTITIES, purge: pricing.purgeAccountData },
  { name: 'recipes', entities: recipes.OWNED_ENTITIES, purge: recipes.purgeAccountData },
  { name: 'pos', entities: pos.OWNED_ENTITIES, purge: pos.purgeAccountData },
  { name: 'assistant', entities: assistant.OWNED_ENTITIES, purge: assistant.purgeAccountData },
  { name: 'billing', entities: billing.OWNED_ENTITIES, purge: billing.purgeAccountData },
  { name: 'cellar', entities: cellar.OWNED_ENTITIES, purge: cellar.purgeAccountData },
  { name: 'account tokens', entities: accounts.OWNED_ENTITIES, purge: accounts.purgeAccountData },
  { name: 'pictures', entities: [], purge: accounts.purgePictures },
];

/** Every entity of the `owned` collection, and whether a purge step (or the last one) removes it. */
export function purgeCoverage(): { entity: EntityName; covered: boolean }[] {
  const covered = new Set<EntityName>([...PURGE_STEPS.flatMap((s) => s.entities), ...accounts.LAST_TOGETHER]);
  return [...ownedEntityIndexes().keys()].map((entity) => ({ entity, covered: covered.has(entity) }));
}

/** Purge passes that found something left over before the account went; then the message dead-letters. */
const MAX_ROUNDS = 500;
/** Time kept back from the consumer's limit for the last batch, the message sent on and the mail. */
const SAFETY_MS = 30_000;

export interface PurgeOutcome {
  /** What this delivery did: nothing (no such deletion), went on in another message, or finished. */
  result: 'ignored' | 'continued' | 'finished';
  step: number;
}

/**
 * One delivery of a purge message: runs the steps from the message's one until `deadline` (epoch ms),
 * sends itself on when time runs out, and ends the account when every step is done.
 */
export async function purgeAccount(
  message: AccountDeletionRequested,
  deadline: number,
  log?: Logger,
): Promise<PurgeOutcome> {
  const user = await accounts.accountBeingDeleted(message.userId, message.requestedAt);
  // Gone already (a duplicate delivery), or not (or no longer this) deletion: nothing to do.
  if (!user) {
    log?.info('account deletion message ignored', { userId: message.userId });
    return { result: 'ignored', step: message.step };
  }
  for (let step = message.step; step < PURGE_STEPS.length; step++) {
    const done = await (PURGE_STEPS[step] as PurgeStep).purge(user.id, deadline);
    if (!done) {
      await sendOn(message, step);
      log?.info('account deletion goes on', { userId: user.id, step: PURGE_STEPS[step]?.name });
      return { result: 'continued', step };
    }
  }
  // Anything written while the purge ran (a till's sale, an import's last lines) starts it over.
  const left = await whatIsLeft(user.id);
  if (left.length > 0) {
    await sendOn(message, 0);
    log?.info('account deletion starts over', { userId: user.id, round: message.round + 1, left });
    return { result: 'continued', step: 0 };
  }
  await accounts.sendClosingMail(user, message.locale);
  await accounts.removeAccountItself(user.id);
  log?.info('account deleted', { userId: user.id });
  return { result: 'finished', step: PURGE_STEPS.length };
}

async function sendOn(message: AccountDeletionRequested, step: number): Promise<void> {
  if (message.round + 1 > MAX_ROUNDS)
    throw new Error(`account deletion of ${message.userId} did not finish in ${MAX_ROUNDS} rounds`);
  await queue().send(ACCOUNT_DELETIONS_QUEUE, [{ ...message, step, round: message.round + 1 }]);
}

/** The entities of which the owned collection still holds items, the account's last items aside. */
async function whatIsLeft(ownerId: string): Promise<string[]> {
  const data = await ownedItems(ownerId, { limit: 50 });
  const last = new Set<string>(accounts.LAST_TOGETHER);
  return Object.entries(data)
    .filter(([entity, items]) => !last.has(entity) && items.length > 0)
    .map(([entity]) => entity);
}

/** How long one delivery may purge: the consumer's limit less what its end needs. */
export function purgeDeadline(startedAt: number, timeoutSeconds: number): number {
  const override = Number(process.env.ACCOUNT_PURGE_SLICE_MS);
  const slice = Number.isFinite(override) && override > 0 ? override : timeoutSeconds * 1000 - SAFETY_MS;
  return startedAt + slice;
}
