/**
 * Accounts: sign-up, verification, log-in, recovery, profile, deactivation and deletion (SPEC §4).
 * No Lambda types here; handlers parse and call these.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  accountTypeOf,
  directoryOf,
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
import type { UploadedFile } from '../platform/multipart';
import { countIn, hit, type RateLimit } from '../platform/rate-limit';
import { AccountNotFoundError, EmailNotVerifiedError, InvalidTokenError } from './account-errors';
import {
  deleteAllImages,
  deleteImage,
  IMAGE_FIELDS,
  type ImageField,
  inspectImage,
  storeImage,
} from './account-images';
import { accountMail } from './account-mail';
import type { createUserEntity } from './entities/user';
import { hashPassword, verifyPassword } from './passwords';
import type { ProviderIdentity } from './social-tokens';

type UserRecord = EntityItem<ReturnType<typeof createUserEntity>>;

const VERIFY_TOKEN_SECONDS = 48 * 3600;
const RESET_TOKEN_SECONDS = 3600;
const FIFTEEN_MINUTES = 15 * 60;

export const loginFailures = (email: string): RateLimit => ({
  key: `login-failure#${email}`,
  limit: 10,
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

async function requireUser(id: string): Promise<UserRecord> {
  const user = await findUserById(id);
  if (!user) throw new NotFoundError();
  return user;
}

// — Tokens —

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

async function issueLinkToken(kind: 'verify' | 'reset', userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  await db()
    .entities.accountToken.create({
      tokenHash: sha256(token),
      kind,
      ownerId: userId,
      createdAt: new Date().toISOString(),
      expiresAt: now + (kind === 'verify' ? VERIFY_TOKEN_SECONDS : RESET_TOKEN_SECONDS),
    })
    .go();
  return token;
}

/** Uses a link token once: it is deleted on first use, and refused when expired or of another kind. */
async function redeemLinkToken(kind: 'verify' | 'reset', token: string): Promise<string> {
  const tokenHash = sha256(token);
  const { data } = await db().entities.accountToken.get({ tokenHash }).go();
  if (!data || data.kind !== kind) throw new InvalidTokenError();
  try {
    await db()
      .entities.accountToken.delete({ tokenHash })
      .where((a, { exists }) => exists(a.tokenHash))
      .go();
  } catch {
    throw new InvalidTokenError(); // Someone used it a moment before.
  }
  if (data.expiresAt < Math.floor(Date.now() / 1000)) throw new InvalidTokenError();
  return data.ownerId;
}

function link(path: string, params: Record<string, string>): string {
  const url = new URL(path, env.appUrl());
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

async function sendVerification(user: UserRecord, locale: Locale): Promise<void> {
  const token = await issueLinkToken('verify', user.id);
  const url = link('/password-recovery', { flow: 'verify', token });
  await mail().send(accountMail('verify', locale, user.email, user.firstName, url));
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

/** Only paths of this app, or addresses on its own origin, are followed after log-in. */
export function allowedRedirect(uri: string | undefined): string | undefined {
  if (!uri) return undefined;
  if (uri.startsWith('/') && !uri.startsWith('//') && !uri.includes('\\')) return uri;
  try {
    const url = new URL(uri);
    return url.origin === new URL(env.appUrl()).origin ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

// — Sign-up —

type ImageFiles = Partial<Record<ImageField, UploadedFile>>;

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
  identity?: ProviderIdentity,
): Promise<UserRecord> {
  // Bad images change nothing: check them all before anything is written.
  for (const file of Object.values(files)) if (file) await inspectImage(file);
  const id = ulid();
  try {
    await db().entities.accountEmail.create({ email: fields.email, ownerId: id }).go();
  } catch {
    throw new ConflictError({ key: 'emailTaken' });
  }
  if (identity) {
    try {
      await db()
        .entities.accountIdentity.create({
          provider: identity.provider,
          subject: identity.subject,
          ownerId: id,
        })
        .go();
    } catch {
      await db().entities.accountEmail.delete({ email: fields.email }).go();
      throw new ConflictError({ key: 'emailTaken' });
    }
  }
  const images: Record<string, string> = {};
  for (const [field, file] of Object.entries(files))
    if (file) images[field] = await storeImage(id, field as ImageField, file);
  const now = new Date().toISOString();
  const { data } = await db()
    .entities.user.create({
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
      createdAt: now,
      updatedAt: now,
    } as Parameters<ReturnType<typeof db>['entities']['user']['create']>[0])
    .go();
  return data as UserRecord;
}

export async function signUp(input: SignUpInput, files: ImageFiles, locale: Locale) {
  const user = await createAccount(
    {
      email: input.email,
      userType: input.userType,
      passwordHash: await hashPassword(input.password),
      emailVerified: false,
      firstName: input.firstName,
      lastName: input.lastName,
    },
    profileAttributes(input),
    files,
  );
  await sendVerification(user, locale);
  return { email: user.email, verificationRequired: true };
}

export async function signUpWithProvider(
  identity: ProviderIdentity,
  input: SocialSignUpInput,
  files: ImageFiles,
) {
  if (!identity.email) throw new ValidationError({ email: 'required' });
  const existing = await db()
    .entities.accountIdentity.get({ provider: identity.provider, subject: identity.subject })
    .go();
  if (existing.data) throw new ConflictError({ key: 'emailTaken' });
  const user = await createAccount(
    {
      email: identity.email,
      userType: input.userType,
      emailVerified: identity.emailVerified,
      firstName: input.firstName || identity.givenName || '',
      lastName: input.lastName || identity.familyName || '',
    },
    profileAttributes(input),
    files,
    identity,
  );
  return loginResult(user);
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
      await db()
        .entities.accountIdentity.create({
          provider: identity.provider,
          subject: identity.subject,
          ownerId: user.id,
        })
        .go();
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

export async function logIn(email: string, password: string, redirectUri?: string): Promise<LoginResult> {
  const limit = loginFailures(email);
  const before = await countIn(limit);
  if (before.count >= limit.limit) throw new RateLimitedError(before.retryAfterSeconds);
  const user = await findUserByEmail(email);
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!user || !ok) {
    await hit(limit);
    throw new UnauthorizedError({ key: 'loginFailed' });
  }
  if (!user.emailVerified) throw new EmailNotVerifiedError();
  if (user.status !== 'active') throw new ForbiddenError({ key: 'accountDeactivated' });
  return loginResult(user, redirectUri);
}

export async function verifyEmail(token: string): Promise<LoginResult> {
  const userId = await redeemLinkToken('verify', token);
  const user = await findUserById(userId);
  if (!user) throw new InvalidTokenError();
  if (user.status !== 'active') throw new ForbiddenError({ key: 'accountDeactivated' });
  const { data } = await db()
    .entities.user.patch({ id: userId })
    .set({ emailVerified: true, updatedAt: new Date().toISOString() })
    .go({ response: 'all_new' });
  return loginResult({ ...user, ...data } as UserRecord);
}

async function limited(limit: RateLimit): Promise<void> {
  const { count, retryAfterSeconds } = await hit(limit);
  if (count > limit.limit) throw new RateLimitedError(retryAfterSeconds);
}

/** Same answer whether or not the address has an account; limited per address. */
export async function resendVerification(email: string, locale: Locale): Promise<void> {
  await limited(resendLimit(email));
  const user = await findUserByEmail(email);
  if (user && !user.emailVerified && user.status === 'active') await sendVerification(user, locale);
}

export async function requestPasswordReset(email: string, locale: Locale): Promise<void> {
  await limited(recoveryLimit(email));
  const user = await findUserByEmail(email);
  if (user?.status !== 'active') return;
  const token = await issueLinkToken('reset', user.id);
  const url = link('/password-recovery', { flow: 'password-recovery', token });
  await mail().send(accountMail('reset', locale, user.email, user.firstName, url));
}

/** Sets a new password from a reset link and ends every session of the account. */
export async function resetPassword(token: string, password: string): Promise<void> {
  const userId = await redeemLinkToken('reset', token);
  const user = await findUserById(userId);
  if (!user) throw new InvalidTokenError();
  await db()
    .entities.user.patch({ id: userId })
    .set({
      passwordHash: await hashPassword(password),
      // Following the link proved the address.
      emailVerified: true,
      tokenVersion: (user.tokenVersion ?? 1) + 1,
      updatedAt: new Date().toISOString(),
    })
    .go();
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
    // A new password ends every existing session.
    changes.tokenVersion = (user.tokenVersion ?? 1) + 1;
  }
  const { data } = await db()
    .entities.user.patch({ id: userId })
    .set(changes as never)
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
  const user = await requireUser(userId);
  if (action === 'deactivate') {
    await db()
      .entities.user.patch({ id: userId })
      .set({
        status: 'deactivated',
        deactivatedAt: new Date().toISOString(),
        tokenVersion: (user.tokenVersion ?? 1) + 1,
        updatedAt: new Date().toISOString(),
      })
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
  // The user row goes last, so a failure half-way leaves an account that can still delete itself.
  for (const [name, items] of Object.entries(owned)) {
    if (name === 'user') continue;
    for (const item of items) await entities[name]?.delete(item).go();
  }
  await db().entities.user.delete({ id: userId }).go();
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
