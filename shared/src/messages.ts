import type { Locale } from './locales';

/**
 * Messages the API and the forms show, in English and Norwegian Bokmål (SPEC §5 and §8). The web app's
 * screen texts live in its i18n catalogues; these are the ones both sides must word identically.
 */
export const MESSAGES = {
  required: { en: 'Required', nb: 'Påkrevd' },
  invalidEmail: { en: 'Invalid email', nb: 'Ugyldig e-postadresse' },
  invalidLink: { en: 'Invalid link', nb: 'Ugyldig lenke' },
  tooShort: { en: 'Too short', nb: 'For kort' },
  tooLong: { en: 'Too long', nb: 'For lang' },
  invalidValue: { en: 'Invalid value', nb: 'Ugyldig verdi' },
  passwordsDoNotMatch: { en: 'Passwords do not match', nb: 'Passordene er ikke like' },
  generic: { en: 'Error occurred. Please try again.', nb: 'Det oppstod en feil. Vennligst prøv igjen.' },
  internal: { en: 'Internal server error', nb: 'Internal server error' },
  validation: { en: 'Some fields are not valid', nb: 'Noen felt er ikke gyldige' },
  malformedJson: { en: 'The request body is not valid JSON', nb: 'Forespørselen er ikke gyldig JSON' },
  missingApiKey: { en: 'Missing or unknown API key', nb: 'Manglende eller ukjent API-nøkkel' },
  unauthorized: { en: 'You need to log in', nb: 'Du må logge inn' },
  forbidden: { en: 'Permission denied', nb: 'Ingen tilgang' },
  notFound: { en: 'Not found', nb: 'Ikke funnet' },
  conflict: { en: 'Conflict with the current state', nb: 'Konflikt med gjeldende tilstand' },
  payloadTooLarge: {
    en: 'Image size exceeds maximum allowed size (50MB)',
    nb: 'Bildestørrelsen overskrider maksimal tillatt størrelse (50MB)',
  },
  unsupportedMediaType: { en: 'File type not allowed', nb: 'Filtypen er ikke tillatt' },
  rateLimited: {
    en: 'Too many requests. Please wait and try again.',
    nb: 'For mange forespørsler. Vent litt og prøv igjen.',
  },
  imageUrlNotAllowed: { en: 'Image address not allowed', nb: 'Bildeadressen er ikke tillatt' },
  imageWidthNotAllowed: { en: 'Image width not allowed', nb: 'Bildebredden er ikke tillatt' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, locale: Locale): string {
  return MESSAGES[key][locale];
}
