/**
 * Accounts: log-in, and passwords forgotten and reset (SPEC §4). No Lambda types here; handlers
 * parse and call these.
 */
import type { Locale, LoginResult } from '@kork/shared';
import { mail } from '../adapters/mail';
import { tables, transaction } from '../data/tables';
import { commitTransaction, isConditionFailure, TransactionCanceled } from '../data/transactions';
import { RateLimitedError, UnauthorizedError } from '../platform/errors';
import { release, remember, remembered, reserve } from '../platform/rate-limit';
import { AccountDeactivatedError, EmailNotVerifiedError, InvalidTokenError } from './account-errors';
import { accountMail } from './account-mail';
import {
  atLeast,
  findUserByEmail,
  findUserById,
  issueLinkToken,
  limited,
  link,
  loginLimits,
  loginResult,
  lookUpAccount,
  readLinkToken,
  recoveryLimit,
  SAME_ANSWER_MS,
  type UserRecord,
} from './account-store';
import { hashPassword, verifyPassword } from './passwords';

const THIRTY_DAYS = 30 * 24 * 3600;

// — Log-in and recovery —

/**
 * Reserves one log-in attempt for this address from this client before any password is checked
 * (see `loginLimits`); answers how to give it back, or throws 429.
 */
async function reserveLogIn(email: string, client: string): Promise<() => Promise<void>> {
  const limits = loginLimits(email, client);
  const fromClient = await reserve(limits.client);
  if (!fromClient.granted) throw new RateLimitedError(fromClient.retryAfterSeconds);
  const forAddress = await reserve(limits.address);
  if (!forAddress.granted && !(await remembered(limits.knownClient))) {
    await release(fromClient);
    throw new RateLimitedError(forAddress.retryAfterSeconds);
  }
  return async () => {
    await Promise.all([release(fromClient), release(forAddress)]);
  };
}

/**
 * Signs in with a password. A deactivated account answers 403 `ACCOUNT_DEACTIVATED` (the app asks
 * "Reactivate your account?"); signing in again with `reactivate` makes it active and signs in. An
 * account being deleted signs in no more: it answers as an unknown address does.
 */
export async function logIn(
  email: string,
  password: string,
  client: string,
  redirectUri?: string,
  reactivate = false,
): Promise<LoginResult> {
  const giveBack = await reserveLogIn(email, client);
  const found = await findUserByEmail(email);
  const ok = await verifyPassword(password, found?.passwordHash);
  // A failure keeps its attempt counted.
  if (!found || !ok || found.status === 'deleting') throw new UnauthorizedError({ key: 'loginFailed' });
  let user = found;
  await giveBack();
  if (!user.emailVerified) throw new EmailNotVerifiedError();
  if (user.status === 'deactivated') {
    if (!reactivate) throw new AccountDeactivatedError();
    user = await reactivateAccount(user);
  }
  await remember(loginLimits(email, client).knownClient, THIRTY_DAYS);
  return loginResult(user, redirectUri);
}

/**
 * Makes a deactivated account active again (only while it is deactivated: never one being deleted).
 * Signing in with a password, Google or Apple all reactivate through here.
 */
export async function reactivateAccount(user: UserRecord): Promise<UserRecord> {
  const updatedAt = new Date().toISOString();
  try {
    await tables('accounts')
      .user.patch({ id: user.id })
      .set({ status: 'active', updatedAt })
      .remove(['deactivatedAt'])
      .where((a, { eq }) => eq(a.status, 'deactivated'))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Reactivated a moment ago by another sign-in; anything else is no longer a deactivated account.
    const now = await findUserById(user.id);
    if (now?.status !== 'active') throw new UnauthorizedError({ key: 'loginFailed' });
    return now;
  }
  return { ...user, status: 'active', deactivatedAt: undefined, updatedAt };
}

/** Mails a reset link to an active account; the same answer, reads and time for any address. */
export async function requestPasswordReset(email: string, locale: Locale): Promise<void> {
  await atLeast(SAME_ANSWER_MS.mailRequest, async () => {
    await limited(recoveryLimit(email));
    const user = await lookUpAccount(email);
    if (user?.status !== 'active') return;
    const token = await issueLinkToken('reset', user);
    const url = link('/password-recovery', { flow: 'password-recovery', token });
    await mail().send(accountMail('reset', locale, user.email, user.firstName, url));
  });
}

/**
 * Sets a new password from a reset link and ends every session of the account. The link works only
 * while the account's sessions are those it was issued for: a password change, another reset or a
 * deactivation since then refuses it. Using the token and setting the password are one transaction.
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  const { record, user } = await readLinkToken('reset', token);
  if (record.sessionVersion === undefined || record.sessionVersion !== (user.tokenVersion ?? 1))
    throw new InvalidTokenError();
  const passwordHash = await hashPassword(password);
  try {
    await commitTransaction(() =>
      transaction('accounts').write(({ accountToken, user: users }) => [
        accountToken
          .delete({ tokenHash: record.tokenHash })
          .where((a, { exists }) => exists(a.tokenHash))
          .commit(),
        users
          .patch({ id: user.id })
          .set({
            passwordHash,
            // Following the link proved the address.
            emailVerified: true,
            updatedAt: new Date().toISOString(),
          })
          .add({ tokenVersion: 1 })
          .where((a, { eq }) => eq(a.tokenVersion, record.sessionVersion as number))
          .commit(),
      ]),
    );
  } catch (error) {
    if (error instanceof TransactionCanceled) throw new InvalidTokenError();
    throw error;
  }
}
