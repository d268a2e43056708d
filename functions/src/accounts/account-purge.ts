/**
 * Account deletion (account-deletion/purge.ts): the accounts' own part. The one-time tokens and the
 * pictures go with the other domains' data; the account, its address claim and its provider links go
 * last, together, after the closing mail.
 */
import type { Locale } from '@kork/shared';
import { mail } from '../adapters/mail';
import { type EntityName, ownedItems, purgeOwned } from '../data/owned-purge';
import { tables, transaction } from '../data/tables';
import { commitTransaction, isConditionFailure } from '../data/transactions';
import { deleteAllImages } from './account-images';
import { accountMail } from './account-mail';
import { findUserById, type UserRecord } from './account-store';

/** What the account keeps until the very end: removed together, after the mail. */
export const LAST_TOGETHER = [
  'user',
  'accountEmail',
  'accountIdentity',
] as const satisfies readonly EntityName[];
export const OWNED_ENTITIES = ['accountToken'] as const satisfies readonly EntityName[];

/** The account's one-time tokens. */
export function purgeAccountData(ownerId: string, deadline: number): Promise<boolean> {
  return purgeOwned(ownerId, OWNED_ENTITIES, deadline);
}

/** The account's pictures in the media bucket. */
export async function purgePictures(ownerId: string): Promise<boolean> {
  await deleteAllImages(ownerId);
  return true;
}

/** The account a purge message is about, if it is still being deleted by that very request. */
export async function accountBeingDeleted(
  userId: string,
  requestedAt: string,
): Promise<UserRecord | undefined> {
  const user = await findUserById(userId);
  return user?.status === 'deleting' && user.deletionRequestedAt === requestedAt ? user : undefined;
}

export /** The "your account is deleted" mail, claimed on the account first so that it goes once. */
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

export /**
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
