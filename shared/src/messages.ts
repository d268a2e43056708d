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
  idempotencyKeyInUse: {
    en: 'A request with this Idempotency-Key is still being handled',
    nb: 'En forespørsel med denne Idempotency-Key behandles fortsatt',
  },
  idempotencyKeyReused: {
    en: 'This Idempotency-Key was used for another request',
    nb: 'Denne Idempotency-Key er brukt til en annen forespørsel',
  },
  invalidIdempotencyKey: {
    en: 'Idempotency-Key must be 8 to 128 letters, digits or - _ . :',
    nb: 'Idempotency-Key må være 8 til 128 bokstaver, sifre eller - _ . :',
  },
  payloadTooLarge: {
    en: 'Image size exceeds maximum allowed size (50MB)',
    nb: 'Bildestørrelsen overskrider maksimal tillatt størrelse (50MB)',
  },
  unsupportedMediaType: { en: 'File type not allowed', nb: 'Filtypen er ikke tillatt' },
  rateLimited: {
    en: 'Too many requests. Please wait and try again.',
    nb: 'For mange forespørsler. Vent litt og prøv igjen.',
  },
  passwordRule: {
    en: 'At least 6 characters with a digit, an uppercase and a lowercase letter',
    nb: 'Minst 6 tegn med et tall, en stor og en liten bokstav',
  },
  tooYoung: { en: 'You must be at least 18 years old', nb: 'Du må være minst 18 år' },
  invalidDate: { en: 'Invalid date', nb: 'Ugyldig dato' },
  invalidPoints: { en: 'Invalid points', nb: 'Ugyldige poeng' },
  bottleSizeTooLarge: {
    en: 'Bottle size must be less than 100 litres',
    nb: 'Flaskestørrelsen må være under 100 liter',
  },
  customWineNoSuggestedWindow: {
    en: 'Custom wines cannot have a suggested drinking window',
    nb: 'Egne viner kan ikke ha et foreslått drikkevindu',
  },
  notEnoughBottles: {
    en: 'There are not that many bottles in that location',
    nb: 'Det er ikke så mange flasker på den plasseringen',
  },
  locationCycle: {
    en: 'A location cannot be placed inside itself',
    nb: 'En plassering kan ikke ligge inni seg selv',
  },
  wineNotInCatalog: { en: 'That wine is not in the catalogue', nb: 'Den vinen finnes ikke i katalogen' },
  unknownLocation: { en: 'Unknown location', nb: 'Ukjent plassering' },
  unknownCategory: { en: 'Unknown category', nb: 'Ukjent kategori' },
  glassSizeTooLarge: { en: 'Glass size can be at most 99 cl', nb: 'Glassstørrelsen kan være høyst 99 cl' },
  unableToCopyLink: { en: 'Unable to copy link', nb: 'Kunne ikke kopiere lenken' },
  invalidOrganizationNumber: {
    en: 'Organization number must be 9 digits',
    nb: 'Organisasjonsnummeret må ha 9 siffer',
  },
  loginFailed: {
    en: 'Password or email you entered is incorrect',
    nb: 'Passordet eller e-postadressen du skrev inn er feil',
  },
  emailNotVerified: {
    en: 'Please verify your email address first. Check your inbox, or send the link again.',
    nb: 'Bekreft e-postadressen din først. Sjekk innboksen, eller send lenken på nytt.',
  },
  emailTaken: {
    en: 'An account with this email already exists',
    nb: 'Det finnes allerede en konto med denne e-postadressen',
  },
  accountCreated: {
    en: 'Account created. Check your email to verify your address.',
    nb: 'Kontoen er opprettet. Sjekk e-posten din for å bekrefte adressen.',
  },
  passwordChanged: { en: 'Password changed', nb: 'Passordet er endret' },
  invalidToken: {
    en: 'The link is invalid or has expired',
    nb: 'Lenken er ugyldig eller har utløpt',
  },
  appleLoginFailed: {
    en: 'We are having trouble logging you in with your AppleID, please try again',
    nb: 'Vi har problemer med å logge deg inn med Apple-ID-en din, vennligst prøv igjen',
  },
  socialLoginFailed: {
    en: 'We could not verify your sign-in. Please try again.',
    nb: 'Vi kunne ikke bekrefte innloggingen. Vennligst prøv igjen.',
  },
  accountNotFound: {
    en: 'No account uses this sign-in yet. Register first.',
    nb: 'Ingen konto bruker denne innloggingen ennå. Registrer deg først.',
  },
  accountDeactivated: {
    en: 'This account is deactivated',
    nb: 'Denne kontoen er deaktivert',
  },
  confirmationMismatch: {
    en: 'Type the confirmation phrase exactly as shown',
    nb: 'Skriv bekreftelsesfrasen nøyaktig som vist',
  },
  wrongCurrentPassword: { en: 'The current password is wrong', nb: 'Nåværende passord er feil' },
  imageUrlNotAllowed: { en: 'Image address not allowed', nb: 'Bildeadressen er ikke tillatt' },
  imageWidthNotAllowed: { en: 'Image width not allowed', nb: 'Bildebredden er ikke tillatt' },
  malformedMultipart: {
    en: 'The form data could not be read',
    nb: 'Skjemadataene kunne ikke leses',
  },
  fieldNameNotAllowed: { en: 'This field name is not allowed', nb: 'Dette feltnavnet er ikke tillatt' },
  fieldRepeated: {
    en: 'This field was sent more than once',
    nb: 'Dette feltet ble sendt mer enn én gang',
  },
  tooManyParts: {
    en: 'The form has too many fields or files',
    nb: 'Skjemaet har for mange felt eller filer',
  },
  imageUnreadable: {
    en: 'The file is not an image that can be read',
    nb: 'Filen er ikke et bilde som kan leses',
  },
  imageTooManyPixels: {
    en: 'The image is too large: at most 40 megapixels',
    nb: 'Bildet er for stort: høyst 40 megapiksler',
  },
  imageUnavailable: {
    en: 'The image is not available right now',
    nb: 'Bildet er ikke tilgjengelig akkurat nå',
  },
  invalidId: { en: 'Not a valid id', nb: 'Ikke en gyldig id' },
  invalidPath: { en: 'The address is not valid', nb: 'Adressen er ikke gyldig' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, locale: Locale): string {
  return MESSAGES[key][locale];
}
