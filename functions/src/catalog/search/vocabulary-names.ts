import en from '@kork/shared/vocabulary/en.json';
import nb from '@kork/shared/vocabulary/nb.json';

/**
 * The English and Bokmål names of the catalogue's controlled values. Wines keep Vinmonopolet's
 * Norwegian values as stored ("Italia", "Burgund", "Rødvin"); a search in either language finds them:
 * "italy" and "italia" the same country, "burgundy" the same region, "red wine" the same style.
 * Sub-regions use the region names. Values the vocabulary does not hold (grapes, most sub-regions,
 * proper names of places) are written the same in both languages and are found as they are.
 */
export type NamedField = 'country' | 'region' | 'style';

type Names = Record<string, string>;
const EN = en as unknown as Record<NamedField, Names>;
const NB = nb as unknown as Record<NamedField, Names>;

function lookUp(names: Names, value: string): string | undefined {
  return Object.hasOwn(names, value) ? names[value] : undefined;
}

/** A stored value's name in English or Bokmål; the stored value itself when the vocabulary has none. */
export function nameIn(language: 'en' | 'nb', field: NamedField, value: string): string {
  return lookUp((language === 'en' ? EN : NB)[field], value) ?? value;
}

/** Every name a stored value is known by: as stored, in English, in Bokmål (each once). */
export function namesOf(field: NamedField, value: string): string[] {
  const names = [value];
  for (const name of [lookUp(EN[field], value), lookUp(NB[field], value)]) {
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}
