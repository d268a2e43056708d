/**
 * Accounts: sign-up (with a password, Google or Apple), provider sign-in, address verification and
 * its link sent again (SPEC §4). No Lambda types here; handlers parse and call these.
 */
import {
  defaultCurrencyFor,
  directoryOf,
  isBusinessUserType,
  type Locale,
  type LoginResult,
  type SignUpInput,
  type SocialSignUpInput,
} from '@kork/shared';
import { ulid } from 'ulid';
import { mail } from '../adapters/mail';
import { tables, transaction } from '../data/tables';
import { commitTransaction, isConditionFailure, TransactionCanceled } from '../data/transactions';
import { ConflictError, ForbiddenError, ValidationError } from '../platform/errors';
import { logger } from '../platform/logger';
import type { UploadedFile } from '../platform/multipart';
import { AccountDeactivatedError, AccountNotFoundError, InvalidTokenError } from './account-errors';
import { deleteAllImages, type ImageField, inspectImage, storeImage } from './account-images';
import {
  atLeast,
  findUserByEmail,
  findUserById,
  limited,
  loginResult,
  lookUpAccount,
  newLinkToken,
  profileAttributes,
  readLinkToken,
  registrationLimit,
  resendLimit,
  SAME_ANSWER_MS,
  sendNotice,
  sendVerification,
  type TokenRecord,
  type UserRecord,
  verificationMail,
} from './account-store';
import { hashPassword } from './passwords';
import { reactivateAccount } from './session-service';
import type { ProviderIdentity } from './social-tokens';

// — Sign-up —

type ImageFiles = Partial<Record<ImageField, UploadedFile>>;

/** The address already has an account (a 409 where the caller may say so). */
class EmailTaken extends ConflictError {
  override name = 'EmailTaken';
  constructor() {
    super({ key: 'emailTaken' });
  }
}

/**
 * Creates an account whole or not at all: the address claim, the account, a provider link and a
 * verification token are one transaction, and pictures stored for it are removed when it fails.
 */
async function createAccount(
  fields: {
    email: string;
    userType: SignUpInput['userType'];
    passwordHash?: string;
    emailVerified: boolean;
    firstName: string;
    lastName: string;
  },
  profile: Record<string, unknown>,
  files: ImageFiles,
  extra: { identity?: ProviderIdentity; verifyToken?: (id: string) => TokenRecord } = {},
): Promise<UserRecord> {
  const id = ulid();
  const { identity } = extra;
  try {
    const images: Record<string, string> = {};
    for (const [field, file] of Object.entries(files))
      if (file) images[field] = await storeImage(id, field as ImageField, file);
    const now = new Date().toISOString();
    const record = {
      ...(profile as object),
      // No currency chosen: the country's (NOK in Norway), EUR only when that is unknown.
      viewCurrency:
        (profile.viewCurrency as string | undefined) ??
        defaultCurrencyFor(profile.country as string | undefined),
      ...images,
      id,
      ownerId: id,
      email: fields.email,
      passwordHash: fields.passwordHash,
      firstName: fields.firstName,
      lastName: fields.lastName,
      userType: fields.userType,
      role: isBusinessUserType(fields.userType) ? 'business' : 'user',
      directory: directoryOf({ userType: fields.userType }),
      emailVerified: fields.emailVerified,
      tokenVersion: 1,
      createdAt: now,
      updatedAt: now,
    } as UserRecord;
    const token = extra.verifyToken?.(id);
    await commitTransaction(() =>
      transaction('accounts').write(({ accountEmail, user, accountIdentity, accountToken }) => [
        accountEmail.create({ email: fields.email, ownerId: id }).commit(),
        user.create(record).commit(),
        ...(identity
          ? [
              accountIdentity
                .create({ provider: identity.provider, subject: identity.subject, ownerId: id })
                .commit(),
            ]
          : []),
        ...(token ? [accountToken.create(token).commit()] : []),
      ]),
    );
    return record;
  } catch (error) {
    if (Object.values(files).some(Boolean))
      await deleteAllImages(id).catch((cleanup: unknown) =>
        logger.error('pictures of a failed sign-up were not removed', { userId: id, error: cleanup }),
      );
    // Item 0 is the address claim, item 2 the provider link: either taken means the account exists.
    if (error instanceof TransactionCanceled) {
      const failed = error.failedConditions;
      if (failed.includes(0) || (identity && failed.includes(2))) throw new EmailTaken();
    }
    throw error;
  }
}

/**
 * Frees an address claimed by no account (left by a sign-up that failed half-way before sign-up was
 * one transaction), so it can be registered again. Only a claim whose account is missing is removed.
 */
async function releaseOrphanClaim(email: string): Promise<boolean> {
  const { data: claim } = await tables('accounts').accountEmail.get({ email }).go();
  if (!claim || (await findUserById(claim.ownerId))) return false;
  try {
    await tables('accounts')
      .accountEmail.delete({ email })
      .where((a, { eq }) => eq(a.ownerId, claim.ownerId))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return true;
}

/**
 * Registers an account and mails its verification link. The answer is the same whether or not the
 * address already has an account: then nothing is created and the owner is mailed instead (log in or
 * choose a new password), so sign-up cannot be used to find out who has an account.
 */
export async function signUp(input: SignUpInput, files: ImageFiles, locale: Locale) {
  const answer = { email: input.email, verificationRequired: true as const };
  return atLeast(SAME_ANSWER_MS.signUp, async () => {
    // Bad images change nothing: check them all before anything is counted or written.
    for (const file of Object.values(files)) if (file) await inspectImage(file);
    await limited(registrationLimit(input.email));
    const passwordHash = await hashPassword(input.password);
    for (let attempt = 0; attempt < 2; attempt++) {
      let token = '';
      try {
        const user = await createAccount(
          {
            email: input.email,
            userType: input.userType,
            passwordHash,
            emailVerified: false,
            firstName: input.firstName,
            lastName: input.lastName,
          },
          profileAttributes(input),
          files,
          {
            verifyToken: (id) => {
              const issued = newLinkToken('verify', { id, tokenVersion: 1 });
              token = issued.token;
              return issued.item;
            },
          },
        );
        // The account is whole; a lost mail is sent again from "send the link again".
        await mail()
          .send(verificationMail(user, token, locale))
          .catch((error: unknown) => logger.error('verification mail not sent', { userId: user.id, error }));
        return answer;
      } catch (error) {
        if (!(error instanceof EmailTaken)) throw error;
      }
      const owner = await findUserByEmail(input.email);
      if (owner) {
        // A lost notice is logged, not answered: the answer must not differ from a new address's.
        await sendNotice('registrationAttempt', owner, locale).catch((error: unknown) =>
          logger.error('registration notice not sent', { userId: owner.id, error }),
        );
        return answer;
      }
      if (!(await releaseOrphanClaim(input.email))) return answer;
    }
    return answer;
  });
}

/** Signing up with Google or Apple: the provider vouches for the address, so a taken one is a 409. */
export async function signUpWithProvider(
  identity: ProviderIdentity,
  input: SocialSignUpInput,
  files: ImageFiles,
) {
  if (!identity.email) throw new ValidationError({ email: 'required' });
  // Bad images change nothing: check them all before anything is written.
  for (const file of Object.values(files)) if (file) await inspectImage(file);
  const fields = {
    email: identity.email,
    userType: input.userType,
    emailVerified: identity.emailVerified,
    firstName: input.firstName || identity.givenName || '',
    lastName: input.lastName || identity.familyName || '',
  };
  try {
    return loginResult(await createAccount(fields, profileAttributes(input), files, { identity }));
  } catch (error) {
    if (!(error instanceof EmailTaken) || !(await releaseOrphanClaim(identity.email))) throw error;
  }
  return loginResult(await createAccount(fields, profileAttributes(input), files, { identity }));
}

/**
 * Signs in with Google or Apple. A deactivated account is asked, as with a password, whether to
 * reactivate it (403 `ACCOUNT_DEACTIVATED`; `reactivate` makes it active and signs in); an account being
 * deleted is refused (a silent 403).
 */
export async function signInWithProvider(
  identity: ProviderIdentity,
  options: { reactivate?: boolean } = {},
): Promise<LoginResult> {
  const { data: link } = await tables('accounts')
    .accountIdentity.get({ provider: identity.provider, subject: identity.subject })
    .go();
  let user = link ? await findUserById(link.ownerId) : undefined;
  if (!user && identity.email && identity.emailVerified) {
    // A verified address of an existing account: link this provider to it.
    user = await findUserByEmail(identity.email);
    if (user) {
      try {
        await tables('accounts')
          .accountIdentity.create({
            provider: identity.provider,
            subject: identity.subject,
            ownerId: user.id,
          })
          .go();
      } catch (error) {
        // Linked a moment ago by a parallel sign-in: fine if to this account.
        if (!isConditionFailure(error)) throw error;
        const { data: now } = await tables('accounts')
          .accountIdentity.get({ provider: identity.provider, subject: identity.subject })
          .go();
        if (now?.ownerId !== user.id) throw new ConflictError({ key: 'emailTaken' });
      }
    }
  }
  if (!user) throw new AccountNotFoundError();
  if (user.status === 'deactivated') {
    if (!options.reactivate) throw new AccountDeactivatedError();
    user = await reactivateAccount(user);
  }
  if (user.status !== 'active') throw new ForbiddenError({ key: 'accountDeactivated' });
  if (!user.emailVerified) {
    await tables('accounts').user.patch({ id: user.id }).set({ emailVerified: true }).go();
    user = { ...user, emailVerified: true };
  }
  return loginResult(user);
}

// — Verification —

/** Confirms the address from a mailed link: the token is used up and the account marked in one transaction. */
export async function verifyEmail(token: string): Promise<LoginResult> {
  const { record, user } = await readLinkToken('verify', token);
  if (user.status !== 'active') throw new ForbiddenError({ key: 'accountDeactivated' });
  const updatedAt = new Date().toISOString();
  try {
    await commitTransaction(() =>
      transaction('accounts').write(({ accountToken, user: users }) => [
        accountToken
          .delete({ tokenHash: record.tokenHash })
          .where((a, { exists }) => exists(a.tokenHash))
          .commit(),
        users.patch({ id: user.id }).set({ emailVerified: true, updatedAt }).commit(),
      ]),
    );
  } catch (error) {
    // Someone used the link a moment before, or the account went away.
    if (error instanceof TransactionCanceled) throw new InvalidTokenError();
    throw error;
  }
  return loginResult({ ...user, emailVerified: true, updatedAt });
}

/**
 * Same answer, the same reads and at least the same time whether or not the address has an account
 * (an unconfirmed one gets a new link); limited per address.
 */
export async function resendVerification(email: string, locale: Locale): Promise<void> {
  await atLeast(SAME_ANSWER_MS.mailRequest, async () => {
    await limited(resendLimit(email));
    const user = await lookUpAccount(email);
    if (user && !user.emailVerified && user.status === 'active') await sendVerification(user, locale);
  });
}
