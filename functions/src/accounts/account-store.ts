/**
 * The account store the account use cases share (SPEC §4): the stored user and its public shape,
 * lookups, link tokens, account mails, the log-in answer, rate limits and the time floor of answers
 * that must not tell whether an address has an account.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  accountTypeOf,
  isAppPath,
  isBusinessUserType,
  type Locale,
  type LoginResult,
  type SignUpInput,
  type SocialSignUpInput,
  type UpdateProfileInput,
  type User,
} from '@kork/shared';
import type { EntityItem } from 'electrodb';
import { mail } from '../adapters/mail';
import { tables } from '../data/tables';
import { issueAccessToken } from '../platform/auth';
import { env } from '../platform/env';
import { NotFoundError, RateLimitedError } from '../platform/errors';
import { type RateLimit, reserve } from '../platform/rate-limit';
import { InvalidTokenError } from './account-errors';
import { type AccountMailKind, accountMail } from './account-mail';
import type { createAccountTokenEntity } from './entities/account-token';
import type { createUserEntity } from './entities/user';

export type UserRecord = EntityItem<ReturnType<typeof createUserEntity>>;
export type TokenRecord = EntityItem<ReturnType<typeof createAccountTokenEntity>>;

const VERIFY_TOKEN_SECONDS = 48 * 3600;
const RESET_TOKEN_SECONDS = 3600;
const FIFTEEN_MINUTES = 15 * 60;

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

export const registrationLimit = (email: string): RateLimit => ({
  key: `registration#${sha256(email)}`,
  limit: 5,
  windowSeconds: FIFTEEN_MINUTES,
});
export const resendLimit = (email: string): RateLimit => ({
  key: `verification-mail#${sha256(email)}`,
  limit: 3,
  windowSeconds: FIFTEEN_MINUTES,
});
export const recoveryLimit = (email: string): RateLimit => ({
  key: `password-recovery#${sha256(email)}`,
  limit: 3,
  windowSeconds: FIFTEEN_MINUTES,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` and settles no sooner than `ms` after it began, with its answer or its error. */
export async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
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
export function profileAttributes(
  input: Partial<SignUpInput> | Partial<SocialSignUpInput> | UpdateProfileInput,
) {
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
  const { data } = await tables('accounts').user.get({ id }).go();
  return data ?? undefined;
}

export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  const { data: claim } = await tables('accounts').accountEmail.get({ email }).go();
  return claim ? findUserById(claim.ownerId) : undefined;
}

/** An id no account has: the lookup of an unknown address reads it, so both cases read the same. */
const NO_ACCOUNT = 'no-account';

/** The account of an address, making the same two reads whether or not there is one. */
export async function lookUpAccount(email: string): Promise<UserRecord | undefined> {
  const { data: claim } = await tables('accounts').accountEmail.get({ email }).go();
  const { data } = await tables('accounts')
    .user.get({ id: claim?.ownerId ?? NO_ACCOUNT })
    .go();
  return claim && data ? data : undefined;
}

/**
 * Active business accounts with an organization number, for an importer registering an order
 * (docs/marketplace.md, Importer accounts). Business buyers are filed in the tasting-location directory
 * (experts in the experts' one): both are read by their directory index with a filter, never scanned.
 */
export async function findBusinessesByOrganizationNumber(organizationNumber: string): Promise<UserRecord[]> {
  const found = await Promise.all(
    (['tastingLocation', 'expert'] as const).map((directory) =>
      tables('accounts')
        .user.query.byDirectory({ directory })
        .where(
          (attr, op) =>
            `${op.eq(attr.organizationNumber, organizationNumber)} AND ${op.eq(attr.role, 'business')} AND ${op.eq(attr.status, 'active')}`,
        )
        .go({ pages: 'all' }),
    ),
  );
  return found.flatMap(({ data }) => data);
}

export async function requireUser(id: string): Promise<UserRecord> {
  const user = await findUserById(id);
  if (!user) throw new NotFoundError();
  return user;
}

// — Tokens —

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new link token and the item that stores its hash (written by the caller, alone or in a transaction). */
export function newLinkToken(kind: 'verify' | 'reset', user: Pick<UserRecord, 'id' | 'tokenVersion'>) {
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

export async function issueLinkToken(kind: 'verify' | 'reset', user: UserRecord): Promise<string> {
  const { token, item } = newLinkToken(kind, user);
  await tables('accounts').accountToken.create(item).go();
  return token;
}

/** A link token of this kind that has not expired, and its account; the token is used up by the caller. */
export async function readLinkToken(
  kind: 'verify' | 'reset',
  token: string,
): Promise<{ record: TokenRecord; user: UserRecord }> {
  const { data } = await tables('accounts')
    .accountToken.get({ tokenHash: sha256(token) })
    .go();
  if (!data || data.kind !== kind || data.expiresAt < Math.floor(Date.now() / 1000))
    throw new InvalidTokenError();
  const user = await findUserById(data.ownerId);
  if (!user) throw new InvalidTokenError();
  return { record: data, user };
}

export function link(path: string, params: Record<string, string> = {}): string {
  const url = new URL(path, env.appUrl());
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export function verificationMail(
  user: Pick<UserRecord, 'email' | 'firstName'>,
  token: string,
  locale: Locale,
) {
  const url = link('/password-recovery', { flow: 'verify', token });
  return accountMail('verify', locale, user.email, user.firstName, url);
}

export async function sendVerification(user: UserRecord, locale: Locale): Promise<void> {
  const token = await issueLinkToken('verify', user);
  await mail().send(verificationMail(user, token, locale));
}

export async function sendNotice(kind: AccountMailKind, user: UserRecord, locale: Locale): Promise<void> {
  await mail().send(
    accountMail(kind, locale, user.email, user.firstName, {
      logIn: link('/sign-in', { email: user.email }),
      recovery: link('/password-recovery'),
    }),
  );
}

export async function loginResult(user: UserRecord, redirectUri?: string): Promise<LoginResult> {
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
function allowedRedirect(uri: string | undefined): string | undefined {
  return uri && isAppPath(uri) ? uri : undefined;
}

export async function limited(limit: RateLimit): Promise<void> {
  const reservation = await reserve(limit);
  if (!reservation.granted) throw new RateLimitedError(reservation.retryAfterSeconds);
}
