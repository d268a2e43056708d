/**
 * Accounts: sign-up, verification, log-in, recovery, profile, deactivation and deletion (SPEC §4).
 * No Lambda types here; handlers parse and call these.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  accountTypeOf,
  directoryOf,
  isAppPath,
  isBusinessUserType,
  isConfirmationPhrase,
  type Locale,
  type LoginResult,
  type SignUpInput,
  type SocialSignUpInput,
  type UpdateProfileInput,
  type User,
  type UserStatistic,
} from '@kork/shared';
import type { EntityItem } from 'electrodb';
import { ulid } from 'ulid';
import { mail } from '../adapters/mail';
import { db } from '../data/entities';
import { commitTransaction, isConditionFailure, TransactionCanceled } from '../data/transactions';
import { issueAccessToken, type Principal } from '../platform/auth';
import { env } from '../platform/env';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '../platform/errors';
import { logger } from '../platform/logger';
import type { UploadedFile } from '../platform/multipart';
import { type RateLimit, release, remember, remembered, reserve } from '../platform/rate-limit';
import { AccountNotFoundError, EmailNotVerifiedError, InvalidTokenError } from './account-errors';
import {
  deleteAllImages,
  deleteImage,
  IMAGE_FIELDS,
  type ImageField,
  inspectImage,
  storeImage,
} from './account-images';
import { type AccountMailKind, accountMail } from './account-mail';
import type { createAccountTokenEntity } from './entities/account-token';
import type { createUserEntity } from './entities/user';
import { hashPassword, verifyPassword } from './passwords';
import type { ProviderIdentity } from './social-tokens';

type UserRecord = EntityItem<ReturnType<typeof createUserEntity>>;
type TokenRecord = EntityItem<ReturnType<typeof createAccountTokenEntity>>;

const VERIFY_TOKEN_SECONDS = 48 * 3600;
const RESET_TOKEN_SECONDS = 3600;
const FIFTEEN_MINUTES = 15 * 60;
const THIRTY_DAYS = 30 * 24 * 3600;

/**
 * Answers that must not tell whether an address has an account take at least this long, whichever
 * branch ran (see docs/decisions.md, "Account edges"): the work is the same up to the last write and
 * the mail, and the floor covers those.
 */
export const SAME_ANSWER_MS = { signUp: 1500, mailRequest: 1000 } as const;

/**
 * Log-in attempts (docs/decisions.md, "Account edges"): at most 10 per address and client in 15
 * minutes, and 50 per address from all clients together, except from a client that has logged in to
 * that address before. A password is checked only after an attempt was reserved; a successful log-in
 * gives its attempt back, so only failures use the allowance up.
 */
export function loginLimits(email: string, client: string) {
  const pair = sha256(`${email}\n${client}`);
  return {
    client: { key: `login#${pair}`, limit: 10, windowSeconds: FIFTEEN_MINUTES } satisfies RateLimit,
    address: {
      key: `login-address#${sha256(email)}`,
      limit: 50,
      windowSeconds: FIFTEEN_MINUTES,
    } satisfies RateLimit,
    knownClient: `login-known#${pair}`,
  };
}

const registrationLimit = (email: string): RateLimit => ({
  key: `registration#${sha256(email)}`,
  limit: 5,
  windowSeconds: FIFTEEN_MINUTES,
});
const resendLimit = (email: string): RateLimit => ({
  key: `verification-mail#${sha256(email)}`,
  limit: 3,
  windowSeconds: FIFTEEN_MINUTES,
});
const recoveryLimit = (email: string): RateLimit => ({
  key: `password-recovery#${sha256(email)}`,
  limit: 3,
  windowSeconds: FIFTEEN_MINUTES,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` and settles no sooner than `ms` after it began, with its answer or its error. */
async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const until = Date.now() + ms;
  try {
    return await work();
  } finally {
    const left = until - Date.now();
    if (left > 0) await sleep(left);
  }
}

// — Shapes —

export function toUser(r: UserRecord): User {
  return {
    id: r.id,
    email: r.email,
    fullName: `${r.firstName} ${r.lastName}`.trim(),
    firstName: r.firstName,
    lastName: r.lastName,
    userType: r.userType,
    accountType: accountTypeOf(r.userType),
    role: r.role,
    isBusiness: isBusinessUserType(r.userType),
    isExpert: r.isExpert ?? false,
    status: r.status ?? 'active',
    emailVerified: r.emailVerified ?? false,
    birthDate: r.birthDate ?? null,
    country: r.country ?? null,
    viewCurrency: r.viewCurrency ?? 'EUR',
    wineLevel: r.wineLevel ?? null,
    bio: r.bio ?? null,
    jobTitle: r.jobTitle ?? null,
    location: r.location ?? null,
    webUrl: r.webUrl ?? null,
    instagramUrl: r.instagramUrl ?? null,
    profileImage: r.profileImage ?? null,
    favoriteStores: r.favoriteStores ?? [],
    newsletter: r.newsletter ?? false,
    organizationNumber: r.organizationNumber ?? null,
    tastingLocationName: r.tastingLocationName ?? null,
    tastingLocationAddress: r.tastingLocationAddress ?? null,
    tastingLocationLat: r.tastingLocationLat ?? null,
    tastingLocationLong: r.tastingLocationLong ?? null,
    tastingLocationImage: r.tastingLocationImage ?? null,
    tastingLocationLogo: r.tastingLocationLogo ?? null,
    tastingLocationBio: r.tastingLocationBio ?? null,
    tastingLocationWebUrl: r.tastingLocationWebUrl ?? null,
    tastingLocationMenuUrl: r.tastingLocationMenuUrl ?? null,
    tastingLocationBookingUrl: r.tastingLocationBookingUrl ?? null,
    tastingLocationInstagramUsername: r.tastingLocationInstagramUsername ?? null,
    tastingLocationIsWineListPublic: r.tastingLocationIsWineListPublic ?? true,
    createdAt: r.createdAt,
  };
}

/** Profile fields as stored: empty strings clear a value. */
function profileAttributes(input: Partial<SignUpInput> | Partial<SocialSignUpInput> | UpdateProfileInput) {
  const out: Record<string, unknown> = {};
  const skip = new Set([
    'email',
    'password',
    'confirmPassword',
    'currentPassword',
    'redirect_uri',
    'userType',
  ]);
  for (const [key, value] of Object.entries(input)) {
    if (skip.has(key) || value === undefined) continue;
    out[key] = value;
  }
  return out;
}

// — Lookups —

export async function findUserById(id: string): Promise<UserRecord | undefined> {
  const { data } = await db().entities.user.get({ id }).go();
  return data ?? undefined;
}

export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  const { data: claim } = await db().entities.accountEmail.get({ email }).go();
  return claim ? findUserById(claim.ownerId) : undefined;
}

/** An id no account has: the lookup of an unknown address reads it, so both cases read the same. */
const NO_ACCOUNT = 'no-account';

/** The account of an address, making the same two reads whether or not there is one. */
async function lookUpAccount(email: string): Promise<UserRecord | undefined> {
  const { data: claim } = await db().entities.accountEmail.get({ email }).go();
  const { data } = await db()
    .entities.user.get({ id: claim?.ownerId ?? NO_ACCOUNT })
    .go();
  return claim && data ? data : undefined;
}

async function requireUser(id: string): Promise<UserRecord> {
  const user = await findUserById(id);
  if (!user) throw new NotFoundError();
  return user;
}

// — Tokens —

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new link token and the item that stores its hash (written by the caller, alone or in a transaction). */
function newLinkToken(kind: 'verify' | 'reset', user: Pick<UserRecord, 'id' | 'tokenVersion'>) {
  const token = randomBytes(32).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const item: TokenRecord = {
    tokenHash: sha256(token),
    kind,
    ownerId: user.id,
    createdAt: new Date().toISOString(),
    expiresAt: now + (kind === 'verify' ? VERIFY_TOKEN_SECONDS : RESET_TOKEN_SECONDS),
    ...(kind === 'reset' ? { sessionVersion: user.tokenVersion ?? 1 } : {}),
  };
  return { token, item };
}

async function issueLinkToken(kind: 'verify' | 'reset', user: UserRecord): Promise<string> {
  const { token, item } = newLinkToken(kind, user);
  await db().entities.accountToken.create(item).go();
  return token;
}

/** A link token of this kind that has not expired, and its account; the token is used up by the caller. */
async function readLinkToken(
  kind: 'verify' | 'reset',
  token: string,
): Promise<{ record: TokenRecord; user: UserRecord }> {
  const { data } = await db()
    .entities.accountToken.get({ tokenHash: sha256(token) })
    .go();
  if (!data || data.kind !== kind || data.expiresAt < Math.floor(Date.now() / 1000))
    throw new InvalidTokenError();
  const user = await findUserById(data.ownerId);
  if (!user) throw new InvalidTokenError();
  return { record: data, user };
}

function link(path: string, params: Record<string, string> = {}): string {
  const url = new URL(path, env.appUrl());
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

function verificationMail(user: Pick<UserRecord, 'email' | 'firstName'>, token: string, locale: Locale) {
  const url = link('/password-recovery', { flow: 'verify', token });
  return accountMail('verify', locale, user.email, user.firstName, url);
}

async function sendVerification(user: UserRecord, locale: Locale): Promise<void> {
  const token = await issueLinkToken('verify', user);
  await mail().send(verificationMail(user, token, locale));
}

async function sendNotice(kind: AccountMailKind, user: UserRecord, locale: Locale): Promise<void> {
  await mail().send(
    accountMail(kind, locale, user.email, user.firstName, {
      logIn: link('/sign-in', { email: user.email }),
      recovery: link('/password-recovery'),
    }),
  );
}

async function loginResult(user: UserRecord, redirectUri?: string): Promise<LoginResult> {
  const access_token = await issueAccessToken({
    userId: user.id,
    role: user.role,
    tokenVersion: user.tokenVersion ?? 1,
  });
  const result: LoginResult = { access_token, user: toUser(user) };
  const redirect = allowedRedirect(redirectUri);
  if (redirect) result.redirect_uri = redirect;
  return result;
}

/** Only paths of this app are followed after log-in (the schema refuses anything else first). */
export function allowedRedirect(uri: string | undefined): string | undefined {
  return uri && isAppPath(uri) ? uri : undefined;
}

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
      db().transaction.write(({ accountEmail, user, accountIdentity, accountToken }) => [
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
  const { data: claim } = await db().entities.accountEmail.get({ email }).go();
  if (!claim || (await findUserById(claim.ownerId))) return false;
  try {
    await db()
      .entities.accountEmail.delete({ email })
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

export async function signInWithProvider(identity: ProviderIdentity): Promise<LoginResult> {
  const { data: link } = await db()
    .entities.accountIdentity.get({ provider: identity.provider, subject: identity.subject })
    .go();
  let user = link ? await findUserById(link.ownerId) : undefined;
  if (!user && identity.email && identity.emailVerified) {
    // A verified address of an existing account: link this provider to it.
    user = await findUserByEmail(identity.email);
    if (user) {
      try {
        await db()
          .entities.accountIdentity.create({
            provider: identity.provider,
            subject: identity.subject,
            ownerId: user.id,
          })
          .go();
      } catch (error) {
        // Linked a moment ago by a parallel sign-in: fine if to this account.
        if (!isConditionFailure(error)) throw error;
        const { data: now } = await db()
          .entities.accountIdentity.get({ provider: identity.provider, subject: identity.subject })
          .go();
        if (now?.ownerId !== user.id) throw new ConflictError({ key: 'emailTaken' });
      }
    }
  }
  if (!user) throw new AccountNotFoundError();
  if (user.status !== 'active') throw new ForbiddenError({ key: 'accountDeactivated' });
  if (!user.emailVerified) {
    await db().entities.user.patch({ id: user.id }).set({ emailVerified: true }).go();
    user = { ...user, emailVerified: true };
  }
  return loginResult(user);
}

// — Log-in, verification, recovery —

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

export async function logIn(
  email: string,
  password: string,
  client: string,
  redirectUri?: string,
): Promise<LoginResult> {
  const giveBack = await reserveLogIn(email, client);
  const user = await findUserByEmail(email);
  const ok = await verifyPassword(password, user?.passwordHash);
  // A failure keeps its attempt counted.
  if (!user || !ok) throw new UnauthorizedError({ key: 'loginFailed' });
  await giveBack();
  if (!user.emailVerified) throw new EmailNotVerifiedError();
  if (user.status !== 'active') throw new ForbiddenError({ key: 'accountDeactivated' });
  await remember(loginLimits(email, client).knownClient, THIRTY_DAYS);
  return loginResult(user, redirectUri);
}

/** Confirms the address from a mailed link: the token is used up and the account marked in one transaction. */
export async function verifyEmail(token: string): Promise<LoginResult> {
  const { record, user } = await readLinkToken('verify', token);
  if (user.status !== 'active') throw new ForbiddenError({ key: 'accountDeactivated' });
  const updatedAt = new Date().toISOString();
  try {
    await commitTransaction(() =>
      db().transaction.write(({ accountToken, user: users }) => [
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

async function limited(limit: RateLimit): Promise<void> {
  const reservation = await reserve(limit);
  if (!reservation.granted) throw new RateLimitedError(reservation.retryAfterSeconds);
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
      db().transaction.write(({ accountToken, user: users }) => [
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

// — Profile —

export async function viewer(userId: string): Promise<User> {
  return toUser(await requireUser(userId));
}

/** Profile changes by the account itself or an admin; only an admin marks a verified expert. */
export async function updateProfile(
  userId: string,
  input: UpdateProfileInput,
  actor: Principal,
): Promise<User> {
  if (input.isExpert !== undefined && actor.role !== 'admin') throw new ForbiddenError();
  const user = await requireUser(userId);
  const changes: Record<string, unknown> = {
    ...profileAttributes(input),
    updatedAt: new Date().toISOString(),
  };
  if (input.isExpert !== undefined)
    changes.directory = directoryOf({ isExpert: input.isExpert, userType: user.userType });
  if (input.password) {
    if (!(await verifyPassword(input.currentPassword ?? '', user.passwordHash))) {
      throw new ValidationError({ currentPassword: 'wrongCurrentPassword' });
    }
    changes.passwordHash = await hashPassword(input.password);
  }
  // A new password ends every existing session and every reset link issued before it (an atomic
  // increment, so a reset or another change at the same moment cannot undo it).
  const { data } = await db()
    .entities.user.patch({ id: userId })
    .set(changes as never)
    .add({ tokenVersion: input.password ? 1 : 0 })
    .go({ response: 'all_new' });
  return toUser({ ...user, ...data } as UserRecord);
}

export async function replaceImage(userId: string, field: ImageField, file: UploadedFile): Promise<User> {
  const user = await requireUser(userId);
  const path = await storeImage(userId, field, file);
  const { data } = await db()
    .entities.user.patch({ id: userId })
    .set({ [field]: path, updatedAt: new Date().toISOString() })
    .go({ response: 'all_new' });
  await deleteImage(user[field]);
  return toUser({ ...user, ...data } as UserRecord);
}

export function imageFieldOf(body: Record<string, unknown>): { field: ImageField; file: UploadedFile } {
  const present = IMAGE_FIELDS.filter((f) => body[f] !== undefined);
  const field = present[0];
  const file = field ? body[field] : undefined;
  if (
    present.length !== 1 ||
    !field ||
    typeof file !== 'object' ||
    file === null ||
    !Buffer.isBuffer((file as UploadedFile).content)
  ) {
    throw new ValidationError({ [field ?? 'profileImage']: 'required' });
  }
  return { field, file: file as UploadedFile };
}

// — Deactivate and delete —

/** Everything the account owns, by entity (the `owned` collection). */
async function ownedItems(userId: string): Promise<Record<string, Record<string, unknown>[]>> {
  const { data } = await db().collections.owned({ ownerId: userId }).go({ pages: 'all' });
  return data as unknown as Record<string, Record<string, unknown>[]>;
}

export async function removeAccount(
  userId: string,
  action: 'deactivate' | 'delete',
  confirmation: string,
): Promise<void> {
  if (!isConfirmationPhrase(action, confirmation))
    throw new ValidationError({ confirmation: 'confirmationMismatch' });
  await requireUser(userId);
  if (action === 'deactivate') {
    await db()
      .entities.user.patch({ id: userId })
      .set({
        status: 'deactivated',
        deactivatedAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .add({ tokenVersion: 1 })
      .go();
    return;
  }
  await deleteAllImages(userId);
  // Notes leave through the tastings service, so the wines' averages lose them too.
  const { removeAllTastingsOf } = await import('../tastings/tasting-service');
  await removeAllTastingsOf(userId);
  const entities = db().entities as unknown as Record<
    string,
    { delete(key: Record<string, unknown>): { go(): Promise<unknown> } }
  >;
  const owned = await ownedItems(userId);
  // Everything else first, each delete safe to repeat: a failure half-way leaves an account that can
  // log in and delete itself again.
  const lastTogether = new Set(['user', 'accountEmail', 'accountIdentity']);
  for (const [name, items] of Object.entries(owned)) {
    if (lastTogether.has(name)) continue;
    for (const item of items) await entities[name]?.delete(item).go();
  }
  // Then the address claim, the provider links and the account in one transaction: the address is
  // never free while the account exists, nor claimed once it is gone.
  const claims = (owned.accountEmail ?? []) as { email: string }[];
  const links = (owned.accountIdentity ?? []) as unknown as Pick<ProviderIdentity, 'provider' | 'subject'>[];
  await commitTransaction(() =>
    db().transaction.write(({ user: users, accountEmail, accountIdentity }) => [
      ...claims.map((claim) => accountEmail.delete({ email: claim.email }).commit()),
      ...links.map((l) => accountIdentity.delete({ provider: l.provider, subject: l.subject }).commit()),
      users.delete({ id: userId }).commit(),
    ]),
  );
}

export async function statistic(userId: string): Promise<UserStatistic> {
  const user = await requireUser(userId);
  const owned = await ownedItems(userId);
  const count = (entity: string) => owned[entity]?.length ?? 0;
  return {
    tastingNotes: count('tastingNote'),
    ratings: count('rating'),
    cellarWines: count('cellarWine'),
    wineLists: count('wineList'),
    memberSince: user.createdAt,
  };
}
