import type { Locale } from '../locales';
import en from './en.json';
import nb from './nb.json';

/**
 * The catalogue's controlled values in either language, for code that runs outside the web app (the
 * server's global search labels, public lists, printed PDFs). Wines keep Vinmonopolet's Norwegian
 * values as stored ("Frankrike", "Storfe"); en.json and nb.json map each stored value to its English and
 * Bokmål name. The web reads the same files through its lazily loaded text catalogues
 * (web/src/lib/vocabulary.ts), so this module stays out of its first download.
 */
export type VocabularyField =
  | 'country'
  | 'region'
  | 'style'
  | 'food'
  | 'storingGrade'
  | 'cork'
  | 'packaging'
  | 'method'
  | 'productSelection'
  | 'storeCategory';

type Vocabulary = Partial<Record<VocabularyField, Record<string, string>>> & { unknown?: string };

export const VOCABULARIES: Readonly<Record<Locale, Vocabulary>> = { en, nb };

/** Vinmonopolet's word for "no value". */
const UNKNOWN = 'ukjent';

/**
 * A stored value's name in `locale` ("Frankrike" → "France"); a value the vocabulary does not hold
 * (free text, a proper name, a new value) comes back as written, trimmed.
 */
export function vocabularyName(
  field: VocabularyField,
  value: string | null | undefined,
  locale: Locale,
): string {
  if (typeof value !== 'string') return '';
  const text = value.trim();
  if (!text) return '';
  const vocabulary = VOCABULARIES[locale] ?? VOCABULARIES.en;
  if (text.toLowerCase() === UNKNOWN) return vocabulary.unknown ?? text;
  const entries = vocabulary[field];
  const name = entries && Object.hasOwn(entries, text) ? entries[text] : undefined;
  return name?.trim() ? name : text;
}

/** "Champagne, France": the narrowest place first, each in `locale`; undefined when none is known. */
export function originName(
  wine: { country?: string | null; region?: string | null; subRegion?: string | null },
  locale: Locale,
  order: 'narrowestFirst' | 'widestFirst' = 'narrowestFirst',
): string | undefined {
  const parts = [
    vocabularyName('country', wine.country, locale),
    vocabularyName('region', wine.region, locale),
    vocabularyName('region', wine.subRegion, locale),
  ].filter(Boolean);
  if (order === 'narrowestFirst') parts.reverse();
  return parts.length > 0 ? parts.join(', ') : undefined;
}
