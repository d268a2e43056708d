/**
 * Asking for an account's deletion (SPEC §4 "deleted (all data removed)"; docs/decisions.md, "Account
 * deletion as a job"): the request only locks and hides the account (status `deleting`, every session
 * ended) and puts an `accounts.deletion.requested` message on the account-deletions queue. The purge
 * itself is the account-deletion process (functions/src/account-deletion/), which removes each
 * domain's data through that domain's own purge; the accounts' part of it is accounts/account-purge.ts.
 */
import type { AccountDeletionRequested } from '@kork/queue-messages';
import type { Locale } from '@kork/shared';
import { queue } from '../adapters/queue';
import { tables } from '../data/tables';
import type { UserRecord } from './account-store';
import { clearDirectoryCache } from './public-profiles';

export const ACCOUNT_DELETIONS_QUEUE = 'account-deletions';

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
