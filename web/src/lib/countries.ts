import type { Locale } from '@kork/shared';

/**
 * Countries a person or business can say they are in: the wine world Kork's users live in, Norway and
 * its neighbours first in mind. Names come from the browser (`Intl.DisplayNames`), so both languages
 * get them without a catalogue of their own.
 */
export const COUNTRY_CODES: readonly string[] = (
  'NO SE DK FI IS GB IE DE FR IT ES PT NL BE LU CH AT PL CZ SK HU SI HR RS BA RO BG GR CY MT EE LV LT ' +
  'GE AM MD UA TR IL LB US CA MX AR CL UY BR PE ZA AU NZ CN JP KR HK SG IN TH VN AE SA MA TN'
).split(' ');

export interface CountryOption {
  value: string;
  label: string;
}

const cache = new Map<Locale, CountryOption[]>();

/** Every country with its name in `locale`, sorted by that name. */
export function countryOptions(locale: Locale): CountryOption[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
  cache.set(locale, options);
  return options;
}
