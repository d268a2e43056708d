/**
 * The words a wine line and a catalogue wine are compared by: folded search terms (accents and case
 * aside) with bottle sizes and invoice noise left out, and the usual producer words in one spelling —
 * the catalogue writes "Ch.", "Dom.", "Bod.", "Weing."; a spreadsheet writes "Château", "Domaine",
 * "Bodegas", "Weingut".
 */
import { textTokens } from '../search/text-match';
import { editDistanceAtMost } from '../search/typos';

/** Full forms of the catalogue's abbreviations, folded, and the abbreviation they stand for. */
const CANONICAL: Record<string, string> = {
  chateau: 'ch',
  chateaux: 'ch',
  domaine: 'dom',
  domaines: 'dom',
  weingut: 'weing',
  agricola: 'agr',
  azienda: 'az',
  bodegas: 'bod',
  bodega: 'bod',
  cantina: 'cant',
  cantine: 'cant',
  saint: 'st',
  sankt: 'st',
  tenuta: 'ten',
  castello: 'cast',
  estate: 'est',
  vignobles: 'vign',
  marchesi: 'march',
  fattoria: 'fatt',
  marques: 'marq',
  podere: 'pod',
  cooperative: 'coop',
  distillery: 'dist',
};

/**
 * Words that name a kind of producer rather than a producer ("Ch.", "Dom.", "Weing."): they count
 * little in a match and never narrow a search, since one list writes them and another leaves them out.
 */
export const GENERIC = new Set([
  'ch',
  'dom',
  'weing',
  'agr',
  'az',
  'bod',
  'cant',
  'ten',
  'cast',
  'est',
  'vign',
  'march',
  'fatt',
  'marq',
  'pod',
  'coop',
  'dist',
  'soc',
  'sa',
  'srl',
  'spa',
  'ltd',
  'inc',
  'co',
  'de',
  'di',
  'du',
  'des',
  'del',
  'della',
  'la',
  'le',
  'les',
  'el',
  'il',
  'the',
  'and',
  'et',
  'y',
  'e',
  'da',
  'do',
  'von',
  'van',
  'zu',
  'zur',
  'der',
  'das',
]);

/** What invoices and cellar lists add to a name that no catalogue name has. */
const NOISE = new Set(['stk', 'flaske', 'flasker', 'fl', 'btl', 'cl', 'ml', 'ltr', 'nv']);

/** "75 cl", "0,75 l", "1.5L", "375ml": a bottle size written into a name. */
const SIZE_TEXT = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)?\s*(?:cl|ml|l|ltr|liter|litre|lt)(?![\p{L}\p{N}])/giu;

/** A year that can be a vintage. */
export function isYear(token: string): boolean {
  if (token.length !== 4) return false;
  const year = Number(token);
  return Number.isInteger(year) && year >= 1900 && year <= 2099;
}

/** The folded, canonical words of a text, in order, sizes and noise left out (repeats kept). */
export function matchWords(text: string): string[] {
  const words: string[] = [];
  for (const token of textTokens(text.replace(SIZE_TEXT, ' '))) {
    if (NOISE.has(token)) continue;
    words.push(CANONICAL[token] ?? token);
  }
  return words;
}

const FULL_FORMS = Object.keys(CANONICAL);

/** A misspelt full form ("Chataeu", "Doamine") as its abbreviation; any other word as it is. */
export function canonicalWord(word: string): string {
  if (word.length < 5) return word;
  for (const full of FULL_FORMS) {
    if (editDistanceAtMost(word, full, full.length >= 8 ? 2 : 1)) return CANONICAL[full] as string;
  }
  return word;
}
