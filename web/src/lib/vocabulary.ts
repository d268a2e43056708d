import { facetId } from '@kork/shared';
// Type only: the shared module's vocabularies stay out of the first download.
import type { VocabularyField } from '@kork/shared/vocabulary/names';
import { i18n } from '../i18n/i18n';

/**
 * The catalogue's controlled values in the reader's language. Wines keep Vinmonopolet's Norwegian values
 * as stored ("Frankrike", "Storfe", "Skrukapsel"); the lazily loaded text catalogues carry, under
 * `vocabulary`, one flat object per field from the stored value to its English or Bokmål form
 * (shared/src/vocabulary/*.json, which the server reads too). Stored values may hold dots, so they are looked up in the object,
 * never as i18next key paths.
 *
 * Sub-regions use `region`; free text (tasting notes, production methods, grapes, proper names of places)
 * has no entry and shows as written.
 */
export type { VocabularyField };

type Vocabulary = Partial<Record<VocabularyField, Record<string, string>>> & { unknown?: string };

/** Vinmonopolet's word for "no value". */
const UNKNOWN = 'ukjent';

function catalogueLanguage(language: string): string {
  const tag = language.toLowerCase();
  return /^(nb|no|nn)\b/.test(tag) ? 'nb' : tag.startsWith('en') ? 'en' : tag;
}

function vocabularyOf(language: string): Vocabulary | undefined {
  const found = i18n.getResource(catalogueLanguage(language), 'translation', 'vocabulary');
  return found && typeof found === 'object' ? (found as Vocabulary) : undefined;
}

/**
 * The form of a stored value in `language` ("en", "nb"): "Frankrike" → "France", "Ukjent" → "Unknown".
 * A value the vocabulary does not hold (free text, a new value, a catalogue not loaded yet) comes back as
 * it is; nothing comes back as an empty string. Never throws.
 */
export function vocabularyLabel(
  field: VocabularyField,
  value: string | null | undefined,
  language: string,
): string {
  if (typeof value !== 'string') return '';
  const text = value.trim();
  if (!text) return '';
  const vocabulary = vocabularyOf(language);
  if (!vocabulary) return text;
  if (text.toLowerCase() === UNKNOWN) return vocabulary.unknown ?? text;
  const entries = vocabulary[field];
  const label = entries && Object.hasOwn(entries, text) ? entries[text] : undefined;
  return typeof label === 'string' && label ? label : text;
}

/**
 * The name in `language` of the value a facet id stands for, when the answer that named it is gone (a
 * chosen filter the current results no longer hold): "lyst-kjott" → "White meat"; for an origin, its
 * last part ("france.burgundy" → "Burgundy"). Undefined when the vocabulary knows no such id.
 */
export function vocabularyLabelOfId(
  field: VocabularyField,
  id: string,
  language: string,
): string | undefined {
  const entries = vocabularyOf(language)?.[field];
  if (!entries) return undefined;
  const part = id.split('.').pop() ?? id;
  for (const [stored, name] of Object.entries(entries)) {
    if (typeof name !== 'string' || !name) continue;
    if (facetId(stored) === part || facetId(name) === part) return name;
  }
  return undefined;
}
