import { hasTastingLocation, SignUpInput, SocialSignUpInput, type UserType } from '@kork/shared';
import * as z from 'zod/mini';
import {
  emptyProfile,
  emptyTastingLocation,
  PROFILE_FIELDS,
  type ProfileValues,
  TASTING_LOCATION_FIELDS,
  type TastingLocationValues,
  toProfileInput,
} from '../../components/account-fields/account-values';
import { type FieldErrors, schemaErrors, translateMessage } from '../../lib/form-schema';

/**
 * The registration form of SPEC §2 as data: its values, which fields each step holds, each step's check
 * with the shared SignUpInput schema, and the multipart body the API takes. Kept apart from the screens
 * so the rules can be read and tested without rendering a step.
 */
export interface RegistrationValues extends ProfileValues, TastingLocationValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  userType: UserType | '';
}

export interface RegistrationImages {
  profileImage: File | null;
  tastingLocationLogo: File | null;
  tastingLocationImage: File | null;
}

export const NO_IMAGES: RegistrationImages = {
  profileImage: null,
  tastingLocationLogo: null,
  tastingLocationImage: null,
};

export function emptyRegistration(viewCurrency: string): RegistrationValues {
  return {
    email: '',
    password: '',
    confirmPassword: '',
    firstName: '',
    lastName: '',
    birthDate: '',
    userType: '',
    ...emptyProfile(viewCurrency),
    ...emptyTastingLocation(),
  };
}

/** The steps with fields; a fourth, "check your email", follows a successful sign-up. */
export const FORM_STEPS = ['basic', 'type', 'profile'] as const;
export type FormStep = (typeof FORM_STEPS)[number];

export function withTastingLocation(userType: UserType | ''): boolean {
  return userType !== '' && hasTastingLocation(userType);
}

/** A business with a tasting location sets up the place; everyone else (importers too) a personal profile. */
function profileStepFields(userType: UserType | ''): string[] {
  return withTastingLocation(userType)
    ? ['country', 'viewCurrency', 'newsletter', ...TASTING_LOCATION_FIELDS]
    : [...PROFILE_FIELDS];
}

/**
 * A sign-up with Google or Apple: the provider gives the address and vouches for it, so the first step
 * asks no email or password.
 */
export interface SocialSignUp {
  provider: 'google' | 'apple';
  /** The provider's token, sent as `idToken` (Google) or `identityToken` (Apple). */
  token: string;
  email?: string;
}

export function stepFields(step: FormStep, userType: UserType | '', social?: SocialSignUp): string[] {
  if (step === 'basic')
    return social
      ? ['firstName', 'lastName', 'birthDate']
      : ['email', 'password', 'confirmPassword', 'firstName', 'lastName', 'birthDate'];
  if (step === 'type') return ['userType'];
  return profileStepFields(userType);
}

/** The values as SignUpInput reads them; only the profile fields of the chosen type go along. */
export function signUpInput(values: RegistrationValues): Record<string, unknown> {
  const profile: Record<string, unknown> = { firstName: values.firstName, lastName: values.lastName };
  for (const field of profileStepFields(values.userType)) {
    profile[field] = values[field as keyof RegistrationValues];
  }
  return {
    email: values.email.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    birthDate: values.birthDate,
    userType: values.userType || undefined,
    ...toProfileInput(profile),
  };
}

const shape = SignUpInput.shape as Record<string, z.ZodMiniType>;

/**
 * The messages that keep a step from moving on: the step's own fields checked with their SignUpInput
 * rules. The schema compares the two passwords only once every field of the whole form passes (and
 * lets the repeat be left out, for API clients), so the first step asks for the repeat and compares the
 * two itself, with the schema's messages.
 */
export function stepErrors(step: FormStep, values: RegistrationValues, social?: SocialSignUp): FieldErrors {
  const fields = stepFields(step, values.userType, social);
  const schema = z.object(Object.fromEntries(fields.map((field) => [field, shape[field] as z.ZodMiniType])));
  const errors = schemaErrors(schema, signUpInput(values));
  // A business's place needs its name and address (SignUpInput checks them across fields).
  if (step === 'profile' && withTastingLocation(values.userType)) {
    for (const field of ['tastingLocationName', 'tastingLocationAddress'] as const)
      if (!errors[field] && !values[field].trim()) errors[field] = translateMessage('required');
  }
  if (step === 'basic' && !social && !errors.confirmPassword) {
    if (!values.confirmPassword) errors.confirmPassword = translateMessage('required');
    else if (values.confirmPassword !== values.password)
      errors.confirmPassword = translateMessage('passwordsDoNotMatch');
  }
  return errors;
}

/** The first step holding one of `fields` (field paths such as `email` or `favoriteStores.2`). */
export function firstStepOf(
  fields: readonly string[],
  userType: UserType | '',
  social?: SocialSignUp,
): FormStep | undefined {
  const roots = fields.map((field) => field.split('.')[0] ?? field);
  return FORM_STEPS.find((step) => stepFields(step, userType, social).some((field) => roots.includes(field)));
}

/** The whole form against the whole schema, as the API will check it; with the first step that fails. */
export function formErrors(
  values: RegistrationValues,
  social?: SocialSignUp,
): { errors: FieldErrors; step?: FormStep | undefined } {
  const errors = social
    ? schemaErrors(SocialSignUpInput, socialSignUpInput(values))
    : schemaErrors(SignUpInput, signUpInput(values));
  return { errors, step: firstStepOf(Object.keys(errors), values.userType, social) };
}

/** The values as SocialSignUpInput reads them: no address or password, the provider gives those. */
function socialSignUpInput(values: RegistrationValues): Record<string, unknown> {
  const { email: _email, password: _password, confirmPassword: _confirm, ...rest } = signUpInput(values);
  return rest;
}

/** The multipart body of `POST /api/auth/sign-up`: every value as text, and the pictures of the chosen type. */
export function signUpFormData(
  values: RegistrationValues,
  images: RegistrationImages,
  social?: SocialSignUp,
): FormData {
  const form = new FormData();
  // With Google or Apple: `POST /api/auth/sign-up/{provider}`, the provider's token for the address.
  if (social) form.append(social.provider === 'google' ? 'idToken' : 'identityToken', social.token);
  const input = social ? socialSignUpInput(values) : signUpInput(values);
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    form.append(key, String(value));
  }
  const files: (keyof RegistrationImages)[] = withTastingLocation(values.userType)
    ? ['tastingLocationLogo', 'tastingLocationImage']
    : ['profileImage'];
  for (const field of files) {
    const file = images[field];
    if (file) form.append(field, file, file.name);
  }
  return form;
}

/** The latest birth date of someone 18 today (SPEC §5), for the date input's `max`. */
export function latestBirthDate(minimumAge: number, today: Date = new Date()): string {
  const date = new Date(Date.UTC(today.getFullYear() - minimumAge, today.getMonth(), today.getDate()));
  return date.toISOString().slice(0, 10);
}
