/**
 * Account deletion as a job (SPEC §4 "deleted (all data removed)"; docs/decisions.md, "Account deletion
 * as a job"). The request only locks and hides the account (status `deleting`, every session ended)
 * and puts an `accounts.deletion.requested` message on the account-deletions queue; its consumer
 * purges the data domain by domain, each through the domain's own purge, in batches, sending itself on
 * with the step it reached when its time runs out; the last step mails the person and removes the
 * account, its address claim and its provider links in one transaction.
 */
import type { AccountDeletionRequested } from '@kork/events';
import type { Locale } from '@kork/shared';
import { mail } from '../adapters/mail';
import { queue } from '../adapters/queue';
import * as cellar from '../cellar/account-purge';
import { type EntityName, ownedEntityIndexes, ownedItems, purgeOwned } from '../data/owned-purge';
import { tables, transaction } from '../data/tables';
import { commitTransaction, isConditionFailure } from '../data/transactions';
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
import { deleteAllImages } from './account-images';
import { accountMail } from './account-mail';
import { findUserById, type UserRecord } from './account-store';
import { clearDirectoryCache } from './public-profiles';

export const ACCOUNT_DELETIONS_QUEUE = 'account-deletions';

/** What the account keeps until the very end: removed together, after the mail. */
const LAST_TOGETHER = ['user', 'accountEmail', 'accountIdentity'] as const satisfies readonly EntityName[];
const ACCOUNT_TOKENS = ['accountToken'] as const satisfies readonly EntityName[];

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
  { name: 'cellar', entities: cellar.OWNED_ENTITIES, purge: cellar.purgeAccountData },
  {
    name: 'account tokens',
    entities: ACCOUNT_TOKENS,
    purge: (ownerId, deadline) => purgeOwned(ownerId, ACCOUNT_TOKENS, deadline),
  },
  {
    name: 'pictures',
    entities: [],
    purge: async (ownerId) => {
      await deleteAllImages(ownerId);
      return true;
    },
  },
];

/** Every entity of the `owned` collection, and whether a purge step (or the last one) removes it. */
export function purgeCoverage(): { entity: EntityName; covered: boolean }[] {
  const covered = new Set<EntityName>([...PURGE_STEPS.flatMap((s) => s.entities), ...LAST_TOGETHER]);
  return [...ownedEntityIndexes().keys()].map((entity) => ({ entity, covered: covered.has(entity) }));
}

/** Purge passes that found something left over before the account went; then the message dead-letters. */
const MAX_ROUNDS = 500;
/** Time kept back from the consumer's limit for the last batch, the message sent on and the mail. */
const SAFETY_MS = 30_000;

// — The request —

/**
 * Locks and hides the account at once (status `deleting`; every session ends) and queues its purge.
 * Asked again for an account already being deleted (an admin can), it queues the purge again: the
 * purge is safe to run twice. If the message cannot be sent, the account is put back as it was and the
 * error goes on, so the person can sign in and ask again.
 */
export async function requestAccountDeletion(user: UserRecord, locale: Locale): Promise<void> {
  const requestedAt =
    user.status === 'deleting' && user.deletionRequestedAt
      ? user.deletionRequestedAt
      : new Date().toISOString();
  if (user.status !== 'deleting') {
    await tables('accounts')
      .user.patch({ id: user.id })
      .set({ status: 'deleting', deletionRequestedAt: requestedAt, updatedAt: requestedAt })
      .add({ tokenVersion: 1 })
      .go();
  }
  // Search's directories are cached a few seconds per instance; this one forgets the account now.
  clearDirectoryCache();
  const message: AccountDeletionRequested = {
    name: 'accounts.deletion.requested',
    version: 1,
    userId: user.id,
    requestedAt,
    locale,
    step: 0,
    round: 0,
  };
  try {
    await queue().send(ACCOUNT_DELETIONS_QUEUE, [message]);
  } catch (error) {
    if (user.status !== 'deleting') {
      await tables('accounts')
        .user.patch({ id: user.id })
        .set({ status: user.status, updatedAt: new Date().toISOString() })
        .remove(['deletionRequestedAt'])
        .where((a, { eq }) => eq(a.deletionRequestedAt, requestedAt))
        .go()
        .catch(() => undefined);
    }
    throw error;
  }
}

// — The purge —

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
  const user = await findUserById(message.userId);
  // Gone already (a duplicate delivery), or not (or no longer this) deletion: nothing to do.
  if (user?.status !== 'deleting' || user.deletionRequestedAt !== message.requestedAt) {
    log?.info('account deletion message ignored', { userId: message.userId, found: Boolean(user) });
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
  if (await somethingLeft(user.id)) {
    await sendOn(message, 0);
    return { result: 'continued', step: 0 };
  }
  await sendClosingMail(user, message.locale);
  await removeAccountItself(user.id);
  log?.info('account deleted', { userId: user.id });
  return { result: 'finished', step: PURGE_STEPS.length };
}

async function sendOn(message: AccountDeletionRequested, step: number): Promise<void> {
  if (message.round + 1 > MAX_ROUNDS)
    throw new Error(`account deletion of ${message.userId} did not finish in ${MAX_ROUNDS} rounds`);
  await queue().send(ACCOUNT_DELETIONS_QUEUE, [{ ...message, step, round: message.round + 1 }]);
}

/** Whether the owned collection still holds anything but the account's last items. */
async function somethingLeft(ownerId: string): Promise<boolean> {
  const data = await ownedItems(ownerId, { limit: 50 });
  const last = new Set<string>(LAST_TOGETHER);
  return Object.entries(data).some(([entity, items]) => !last.has(entity) && items.length > 0);
}

/** The "your account is deleted" mail, claimed on the account first so that it goes once. */
async function sendClosingMail(user: UserRecord, locale: Locale): Promise<void> {
  if (user.deletionMailAt) return;
  const claimedAt = new Date().toISOString();
  try {
    await tables('accounts')
      .user.patch({ id: user.id })
      .set({ deletionMailAt: claimedAt })
      .where((a, { notExists }) => notExists(a.deletionMailAt))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) return; // Another delivery claimed it.
    throw error;
  }
  try {
    await mail().send(accountMail('deleted', locale, user.email, user.firstName, {}));
  } catch (error) {
    // Not sent: let the next delivery claim it again.
    await tables('accounts')
      .user.patch({ id: user.id })
      .remove(['deletionMailAt'])
      .where((a, { eq }) => eq(a.deletionMailAt, claimedAt))
      .go()
      .catch(() => undefined);
    throw error;
  }
}

/**
 * The address claim, the provider links and the account in one transaction: the address is never free
 * while the account exists, nor claimed once it is gone.
 */
async function removeAccountItself(userId: string): Promise<void> {
  const owned = await ownedItems(userId, { pages: 'all' });
  const claims = (owned.accountEmail ?? []) as { email: string }[];
  const links = (owned.accountIdentity ?? []) as { provider: 'google' | 'apple'; subject: string }[];
  await commitTransaction(() =>
    transaction('accounts').write(({ user: users, accountEmail, accountIdentity }) => [
      ...claims.map((claim) => accountEmail.delete({ email: claim.email }).commit()),
      ...links.map((l) => accountIdentity.delete({ provider: l.provider, subject: l.subject }).commit()),
      users.delete({ id: userId }).commit(),
    ]),
  );
}

/** How long one delivery may purge: the consumer's limit less what its end needs. */
export function purgeDeadline(startedAt: number, timeoutSeconds: number): number {
  const override = Number(process.env.ACCOUNT_PURGE_SLICE_MS);
  const slice = Number.isFinite(override) && override > 0 ? override : timeoutSeconds * 1000 - SAFETY_MS;
  return startedAt + slice;
}
