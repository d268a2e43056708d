import type { User } from '@kork/shared';
import type { GetInputPropsOptions, GetInputPropsReturnType } from '@mantine/form';
import { currentLocale } from '../../i18n/i18n';
import { numberText, schemaNumber } from '../../lib/number-text';

/**
 * The profile fields a person fills in at registration and edits later (SPEC §3), as form values: text
 * inputs hold strings, so "nothing chosen" is ''. Registration and the profile page share them, and
 * the field groups beside this file.
 */
export interface ProfileValues {
  country: string;
  viewCurrency: string;
  wineLevel: string;
  bio: string;
  webUrl: string;
  instagramUrl: string;
  newsletter: boolean;
}

/** A business's tasting location (SPEC §3 Business profile), for the types that have one. */
export interface TastingLocationValues {
  tastingLocationIsWineListPublic: boolean;
  tastingLocationName: string;
  tastingLocationAddress: string;
  /** The text typed in the number field (a number set by code is taken as it is). */
  tastingLocationLat: string | number;
  tastingLocationLong: string | number;
  tastingLocationBio: string;
  tastingLocationWebUrl: string;
  tastingLocationMenuUrl: string;
  tastingLocationBookingUrl: string;
  tastingLocationInstagramUsername: string;
  organizationNumber: string;
}

/** How a field group binds its inputs: `form.getInputProps` of whichever form holds the values. */
export type BindField<Values> = (
  name: keyof Values & string,
  options?: GetInputPropsOptions,
) => GetInputPropsReturnType;

export function emptyProfile(viewCurrency: string): ProfileValues {
  return {
    country: '',
    viewCurrency,
    wineLevel: '',
    bio: '',
    webUrl: '',
    instagramUrl: '',
    newsletter: false,
  };
}

export function emptyTastingLocation(): TastingLocationValues {
  return {
    tastingLocationIsWineListPublic: true,
    tastingLocationName: '',
    tastingLocationAddress: '',
    tastingLocationLat: '',
    tastingLocationLong: '',
    tastingLocationBio: '',
    tastingLocationWebUrl: '',
    tastingLocationMenuUrl: '',
    tastingLocationBookingUrl: '',
    tastingLocationInstagramUsername: '',
    organizationNumber: '',
  };
}

export const PROFILE_FIELDS = Object.keys(emptyProfile('EUR')) as (keyof ProfileValues)[];
export const TASTING_LOCATION_FIELDS = Object.keys(emptyTastingLocation()) as (keyof TastingLocationValues)[];

export function profileValuesOf(user: User): ProfileValues {
  return {
    country: user.country ?? '',
    viewCurrency: user.viewCurrency,
    wineLevel: user.wineLevel ?? '',
    bio: user.bio ?? '',
    webUrl: user.webUrl ?? '',
    instagramUrl: user.instagramUrl ?? '',
    newsletter: user.newsletter,
  };
}

export function tastingLocationValuesOf(user: User): TastingLocationValues {
  return {
    tastingLocationIsWineListPublic: user.tastingLocationIsWineListPublic,
    tastingLocationName: user.tastingLocationName ?? '',
    tastingLocationAddress: user.tastingLocationAddress ?? '',
    tastingLocationLat: numberText(user.tastingLocationLat, currentLocale()),
    tastingLocationLong: numberText(user.tastingLocationLong, currentLocale()),
    tastingLocationBio: user.tastingLocationBio ?? '',
    tastingLocationWebUrl: user.tastingLocationWebUrl ?? '',
    tastingLocationMenuUrl: user.tastingLocationMenuUrl ?? '',
    tastingLocationBookingUrl: user.tastingLocationBookingUrl ?? '',
    tastingLocationInstagramUsername: user.tastingLocationInstagramUsername ?? '',
    organizationNumber: user.organizationNumber ?? '',
  };
}

/** Choices (country, currency, wine level) and numbers left empty are left out: the schema has no '' for them. */
const OMIT_WHEN_EMPTY = new Set([
  'country',
  'viewCurrency',
  'wineLevel',
  'tastingLocationLat',
  'tastingLocationLong',
]);

/** Numbers typed as text, read in the page's language ("59,91" in Norwegian); text that is none is NaN. */
const NUMBER_FIELDS = new Set(['tastingLocationLat', 'tastingLocationLong']);

/** People type "@name" as often as "name"; the API stores the bare username. */
const USERNAME_FIELDS = new Set(['instagramUrl', 'tastingLocationInstagramUsername']);

/**
 * Form values as the shared schemas read them: texts trimmed, usernames without "@", numbers read from
 * their text (NaN when it is none, which the schema refuses with "Must be a number"), empty choices left
 * out. Files and anything not a profile field are for the caller to add.
 */
export function toProfileInput<V extends object>(values: V): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value instanceof File) continue;
    if (typeof value === 'string') {
      let text = value.trim();
      if (USERNAME_FIELDS.has(key)) text = text.replace(/^@/, '');
      if (text === '' && OMIT_WHEN_EMPTY.has(key)) continue;
      out[key] = NUMBER_FIELDS.has(key) ? schemaNumber(text, currentLocale()) : text;
      continue;
    }
    out[key] = value;
  }
  return out;
}
