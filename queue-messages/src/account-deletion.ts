import * as z from 'zod/mini';

/**
 * `accounts.deletion.requested` v1: purge one account that asked to be deleted (its status is already
 * `deleting`: it cannot sign in and nothing of it shows). The account-deletions consumer removes what
 * the account owns domain by domain, in batches, and sends this message again with the step it reached
 * when its time runs out. The last step mails the person and removes the account itself. Safe to
 * deliver twice: every delete is safe to repeat, the mail is claimed once, and a message for an account
 * that is gone, or is not being deleted, does nothing.
 */
export const AccountDeletionRequested = z.object({
  name: z.literal('accounts.deletion.requested'),
  version: z.literal(1),
  userId: z.string().check(z.minLength(1), z.maxLength(64)),
  /** When the person asked; a message for another request of the same account is dropped. */
  requestedAt: z.iso.datetime(),
  /** The language of the closing mail. */
  locale: z.enum(['en', 'nb']),
  /** The purge step to go on from; 0 for a new request. */
  step: z.int().check(z.nonnegative(), z.lte(1000)),
  /** How many times the purge has sent itself on; bounded so that a purge that never ends dead-letters. */
  round: z.int().check(z.nonnegative(), z.lte(10_000)),
});
export type AccountDeletionRequested = z.infer<typeof AccountDeletionRequested>;

export const accountDeletionRequestedExample: AccountDeletionRequested = {
  name: 'accounts.deletion.requested',
  version: 1,
  userId: '01JEXAMPLEOWNER00000000000',
  requestedAt: '2026-11-28T12:00:00.000Z',
  locale: 'nb',
  step: 0,
  round: 0,
};
