/**
 * Accounts (SPEC §1, §3, §5, §6): user and business types, roles, and the rules every form and handler
 * applies — password, strength, age, organization number, profile fields. Schema messages are keys of
 * MESSAGES, translated where they are shown.
 */
import * as z from 'zod/mini';
import { CURRENCY_CODES } from './currencies';
import { LIMITS } from './limits';
import { withBounds } from './messages';
import {
  crossCheck,
  isCleanText,
  isIsoDate,
  isoDateField,
  latitudeField,
  longitudeField,
  secretField,
  textField,
  tokenField,
} from './schema-primitives';

export const USER_TYPES = [
  'PRIVATE_USER',
  'RESTAURANT',
  'WINE_BAR',
  'HOTEL',
  'STORE',
  'WINE_PRODUCER',
  'WINE_IMPORTER',
  'WHOLESALER',
] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Everyone but private users is a business (HORECA, account type 2). */
export function isBusinessUserType(type: UserType): boolean {
  return type !== 'PRIVATE_USER';
}

/** Account type values of SPEC §3: 1 regular, 2 HORECA. */
export function accountTypeOf(type: UserType): 1 | 2 {
  return isBusinessUserType(type) ? 2 : 1;
}

/** Business types that set up a tasting location (restaurant profile); importers use private-style fields. */
export function hasTastingLocation(type: UserType): boolean {
  return isBusinessUserType(type) && type !== 'WINE_IMPORTER';
}

/** Which public directory the global search finds an account in. */
export function directoryOf(account: {
  isExpert?: boolean;
  userType: UserType;
}): 'expert' | 'tastingLocation' | 'member' {
  if (account.isExpert) return 'expert';
  return hasTastingLocation(account.userType) ? 'tastingLocation' : 'member';
}

export const WINE_LEVELS = ['BEGINNER', 'ENTHUSIAST', 'CONNOISSEUR', 'PROFESSIONAL'] as const;
export type WineLevel = (typeof WINE_LEVELS)[number];

export type Role = 'user' | 'business' | 'admin';
/** `deleting`: deletion was asked for and the account's data is being purged; it is locked and hidden. */
export type AccountStatus = 'active' | 'deactivated' | 'deleting';

/** Confirmation phrases for removing an account; either language's phrase is accepted. */
export const CONFIRMATION_PHRASES = {
  deactivate: { en: 'DEACTIVATE', nb: 'DEAKTIVER' },
  delete: { en: 'DELETE', nb: 'SLETT' },
} as const;

export function isConfirmationPhrase(action: keyof typeof CONFIRMATION_PHRASES, typed: string): boolean {
  const value = typed.trim().toUpperCase();
  return Object.values(CONFIRMATION_PHRASES[action]).includes(value as never);
}

// — Rules —

export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= LIMITS.passwordMinLength &&
    /\d/.test(password) &&
    /[a-zæøå]/.test(password) &&
    /[A-ZÆØÅ]/.test(password)
  );
}

export const PASSWORD_STRENGTHS = ['weak', 'medium', 'strong', 'very strong'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

/**
 * Strength shown by the meter: below the rule it is weak; a password that meets it gains a level for
 * 10+ characters, for 14+ characters and for a symbol (medium, strong, very strong).
 */
export function passwordStrength(password: string): PasswordStrength {
  if (!meetsPasswordRule(password)) return 'weak';
  const points =
    Number(password.length >= 10) + Number(password.length >= 14) + Number(/[^\p{L}\d]/u.test(password));
  return points === 0 ? 'medium' : points === 1 ? 'strong' : 'very strong';
}

/** Whole years between an ISO date of birth and `today`. */
export function ageOn(birthDate: string, today: Date = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

// — Field schemas —

const trimmed = (max: number) => textField(max, { min: 1 });

/** Passwords are compared as typed: never trimmed or normalised. */
export const PASSWORD_MAX_LENGTH = 128;

export const emailField = z
  .pipe(
    z.string({ error: 'required' }),
    z.transform((v) => v.trim().toLowerCase()),
  )
  .check(
    z.minLength(1, { error: 'required' }),
    z.email({ error: 'invalidEmail' }),
    z.maxLength(254, { error: withBounds('maxCharacters', { max: 254 }) }),
  );

export const passwordField = secretField(PASSWORD_MAX_LENGTH, { min: 1 }).check(
  z.refine(meetsPasswordRule, { error: 'passwordRule' }),
);

/** A real day from 1900-01-01 to today, at least 18 years ago. */
export const birthDateField = isoDateField().check(
  z.refine((v) => !isIsoDate(v) || ageOn(v) >= LIMITS.minimumAge, { error: 'tooYoung' }),
);

/** Optional text; `lines` for the long texts that keep line breaks (bios). */
const optionalText = (max: number, lines = false) => z.optional(textField(max, { lines }));

const link = z.optional(
  z.union([
    z.literal(''),
    z.url({ protocol: /^https?$/, error: 'invalidLink' }).check(
      z.maxLength(500, { error: withBounds('maxCharacters', { max: 500 }) }),
      z.refine((v) => isCleanText(v), { error: 'invalidLink' }),
    ),
  ]),
);

const instagramUsername = z.optional(
  z
    .string()
    .check(
      z.maxLength(31, { error: withBounds('maxCharacters', { max: 30 }) }),
      z.regex(/^@?[\w.]{0,30}$/, { error: 'instagramUsername' }),
    ),
);

/** Form values arrive as strings from multipart; "true"/"false" and numbers are read here. */
const formBoolean = z.optional(
  z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false', 'on', ''])]),
    z.transform((v) => v === true || v === 'true' || v === 'on'),
  ),
);
/** A number, or its decimal text from a form ("59.91"; no exponents, hex or words); "" is no value. */
const formNumber = (schema: typeof latitudeField) =>
  z.optional(
    z.pipe(
      z.union(
        [z.number(), z.string().check(z.maxLength(40), z.regex(/^\s*(-?\d{1,20}(\.\d{1,20})?)?\s*$/))],
        { error: 'mustBeNumber' },
      ),
      z.pipe(
        z.transform((v: number | string) =>
          typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v),
        ),
        z.optional(schema),
      ),
    ),
  );

export const organizationNumberField = z.optional(
  z.union([
    z.literal(''),
    z
      .string()
      .check(
        z.maxLength(9, { error: 'invalidOrganizationNumber' }),
        z.regex(/^\d{9}$/, { error: 'invalidOrganizationNumber' }),
      ),
  ]),
);

/** Profile fields anyone may set (SPEC §3 User). */
export const profileFields = {
  firstName: trimmed(60),
  lastName: trimmed(60),
  country: z.optional(
    z
      .string()
      .check(z.maxLength(2, { error: 'invalidValue' }), z.regex(/^[A-Z]{2}$/, { error: 'invalidValue' })),
  ),
  viewCurrency: z.optional(z.enum(CURRENCY_CODES, { error: 'invalidValue' })),
  wineLevel: z.optional(z.enum(WINE_LEVELS, { error: 'invalidValue' })),
  bio: optionalText(1000, true),
  jobTitle: optionalText(100),
  location: optionalText(120),
  webUrl: link,
  instagramUrl: instagramUsername,
  newsletter: formBoolean,
  favoriteStores: z.optional(
    z.array(textField(100)).check(z.maxLength(20, { error: withBounds('maxItems', { max: 20 }) })),
  ),
};

/** Business profile fields (SPEC §3 Business profile). */
export const tastingLocationFields = {
  tastingLocationName: optionalText(120),
  tastingLocationAddress: optionalText(200),
  tastingLocationLat: formNumber(latitudeField),
  tastingLocationLong: formNumber(longitudeField),
  tastingLocationBio: optionalText(1000, true),
  tastingLocationWebUrl: link,
  tastingLocationMenuUrl: link,
  tastingLocationBookingUrl: link,
  tastingLocationInstagramUsername: instagramUsername,
  tastingLocationIsWineListPublic: formBoolean,
  organizationNumber: organizationNumberField,
};

/**
 * A path of this app to go to after log-in ("/wine-cellar/home?tab=2"): it starts with one "/" and
 * stays on the app's origin whatever origin it is resolved against. No scheme, no host, no "//host",
 * no backslash (browsers read "/\host" as "//host") and no control characters (browsers drop them,
 * so "/\t/host" would become "//host").
 */
export function isAppPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || value[i] === '\\') return false;
  }
  const base = 'https://kork.invalid';
  try {
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

const redirectPathField = z.optional(
  z.string().check(
    z.maxLength(500),
    z.refine(isAppPath, { error: 'invalidRedirect' }),
    z.refine((v) => isCleanText(v), { error: 'invalidRedirect' }),
  ),
);

/**
 * A business with a tasting location (a restaurant, wine bar, hotel, store, producer or wholesaler) sets
 * up its profile while registering: at least its name and address (SPEC §2, restaurant profile setup).
 */
type BusinessProfile = { userType: UserType; tastingLocationName?: string; tastingLocationAddress?: string };
const businessField = (field: 'tastingLocationName' | 'tastingLocationAddress') =>
  crossCheck<BusinessProfile>(
    ['userType', field],
    (v) => !hasTastingLocation(v.userType) || Boolean(v[field]?.trim()),
    {
      error: 'required',
      path: [field],
    },
  );
const businessProfileRequired = [
  businessField('tastingLocationName'),
  businessField('tastingLocationAddress'),
] as const;

export const SignUpInput = z
  .object({
    email: emailField,
    password: passwordField,
    confirmPassword: z.optional(secretField(PASSWORD_MAX_LENGTH)),
    userType: z.enum(USER_TYPES, { error: 'required' }),
    birthDate: birthDateField,
    ...profileFields,
    ...tastingLocationFields,
    redirect_uri: redirectPathField,
  })
  .check(
    crossCheck(
      ['password', 'confirmPassword'],
      (v) => v.confirmPassword === undefined || v.confirmPassword === v.password,
      {
        error: 'passwordsDoNotMatch',
        path: ['confirmPassword'],
      },
    ),
    ...businessProfileRequired,
  );
export type SignUpInput = z.infer<typeof SignUpInput>;

export const LogInInput = z.object({
  email: emailField,
  password: secretField(PASSWORD_MAX_LENGTH, { min: 1 }),
  redirect_uri: redirectPathField,
  /** The person confirmed "Reactivate your account?": a deactivated account becomes active (SPEC §4). */
  reactivate: z.optional(z.boolean({ error: 'invalidValue' })),
});
export type LogInInput = z.infer<typeof LogInInput>;

export const EmailInput = z.object({ email: emailField });

export const PasswordResetInput = z
  .object({
    token: tokenField(10, 200),
    password: passwordField,
    confirmPassword: secretField(PASSWORD_MAX_LENGTH),
  })
  .check(
    crossCheck(['password', 'confirmPassword'], (v) => v.confirmPassword === v.password, {
      error: 'passwordsDoNotMatch',
      path: ['confirmPassword'],
    }),
  );

/** Any profile field may change alone; a password change needs the current one; only admins set isExpert. */
export const UpdateProfileInput = z
  .extend(z.partial(z.object({ ...profileFields, ...tastingLocationFields })), {
    currentPassword: z.optional(secretField(PASSWORD_MAX_LENGTH)),
    password: z.optional(passwordField),
    confirmPassword: z.optional(secretField(PASSWORD_MAX_LENGTH)),
    isExpert: z.optional(z.boolean()),
  })
  .check(
    crossCheck(
      ['password', 'confirmPassword'],
      (v) => v.password === undefined || v.confirmPassword === v.password,
      {
        error: 'passwordsDoNotMatch',
        path: ['confirmPassword'],
      },
    ),
    crossCheck(
      ['password', 'currentPassword'],
      (v) => v.password === undefined || Boolean(v.currentPassword),
      {
        error: 'required',
        path: ['currentPassword'],
      },
    ),
  );
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const RemoveAccountInput = z.object({
  action: z.enum(['deactivate', 'delete'], { error: 'required' }),
  confirmation: textField(40),
});

/** The user as the API answers it: never a password, hash or token. */
export interface User {
  id: string;
  email: string;
  fullName: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  accountType: 1 | 2;
  role: Role;
  isBusiness: boolean;
  isExpert: boolean;
  status: AccountStatus;
  emailVerified: boolean;
  birthDate: string | null;
  country: string | null;
  viewCurrency: string;
  wineLevel: WineLevel | null;
  bio: string | null;
  jobTitle: string | null;
  location: string | null;
  webUrl: string | null;
  instagramUrl: string | null;
  profileImage: string | null;
  favoriteStores: string[];
  newsletter: boolean;
  organizationNumber: string | null;
  tastingLocationName: string | null;
  tastingLocationAddress: string | null;
  tastingLocationLat: number | null;
  tastingLocationLong: number | null;
  tastingLocationImage: string | null;
  tastingLocationLogo: string | null;
  tastingLocationBio: string | null;
  tastingLocationWebUrl: string | null;
  tastingLocationMenuUrl: string | null;
  tastingLocationBookingUrl: string | null;
  tastingLocationInstagramUsername: string | null;
  tastingLocationIsWineListPublic: boolean;
  createdAt: string;
}

/** What log-in, verification and social sign-in answer (SPEC §3 Login result). */
export interface LoginResult {
  access_token: string;
  user: User;
  redirect_uri?: string;
}

/** Sign-up with Google or Apple: the provider vouches for the email, so there is no password. */
export const SocialSignUpInput = z
  .object({
    userType: z.enum(USER_TYPES, { error: 'required' }),
    birthDate: birthDateField,
    ...profileFields,
    ...tastingLocationFields,
  })
  .check(...businessProfileRequired);
export type SocialSignUpInput = z.infer<typeof SocialSignUpInput>;

export const GoogleSignInInput = z.object({
  idToken: tokenField(20, 8000, 'invalidValue'),
  /** Set after "Reactivate your account?" was answered yes, as with a password. */
  reactivate: z.optional(z.boolean({ error: 'invalidValue' })),
});

export const AppleSignInInput = z.object({
  identityToken: tokenField(20, 8000, 'invalidValue'),
  authorizationCode: z.optional(tokenField(0, 2000, 'invalidValue')),
  email: z.optional(textField(254)),
  familyName: z.optional(textField(60)),
  givenName: z.optional(textField(60)),
  reactivate: z.optional(z.boolean({ error: 'invalidValue' })),
});

/** What `GET /api/users/{id}/statistic` answers. */
export interface UserStatistic {
  tastingNotes: number;
  ratings: number;
  cellarWines: number;
  wineLists: number;
  memberSince: string;
}
