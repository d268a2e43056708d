/**
 * Text matching: the folded words a text is searched by, how a query token matches a term (exactly, as
 * a prefix, within a few typos), and how well a wine matches a query as a whole (`rankCost`): the best
 * matches come first under the default sort.
 */
import { foldText } from '@kork/shared';
import { withAbbreviations } from './abbreviations';
import type { IndexQuery, SearchDoc } from './types';
import { editDistanceAtMost, maxEdits } from './typos';
import { namesOf } from './vocabulary-names';

/** Printable ASCII folds by lower-casing alone. */
const PRINTABLE_ASCII = /^[ -~]*$/;
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/**
 * Folded search terms of a text: runs of letters and digits, "Château Løiten" → ["chateau", "loiten"].
 * (Hand-rolled rather than a Unicode-aware split: the index tokenises every wine at build.)
 */
export function textTokens(text: string): string[] {
  const folded = PRINTABLE_ASCII.test(text) ? text.toLowerCase() : foldText(text);
  const tokens: string[] = [];
  let start = -1;
  let i = 0;
  while (i <= folded.length) {
    const c = i < folded.length ? folded.charCodeAt(i) : 32;
    let width = 1;
    let word: boolean;
    if (c < 128) {
      word = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
    } else {
      const point = folded.codePointAt(i) as number;
      width = point > 0xffff ? 2 : 1;
      word = WORD_CHARACTER.test(String.fromCodePoint(point));
    }
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      tokens.push(folded.slice(start, i));
      start = -1;
    }
    i += width;
  }
  return tokens;
}

/** How a query token matched a term, best first; `NO_MATCH` when it did not. */
export const EXACT = 0;
export const PREFIX = 1;
export const TYPO = 2;
export const NO_MATCH = -1;

/**
 * How a folded query token matches a folded term: `EXACT`ly; as a `PREFIX` of it (tokens of two
 * characters or more: typing as you go); within `maxEdits` typos (`TYPO`); or not at all (`NO_MATCH`).
 */
export function matchTier(token: string, term: string): number {
  if (token === term) return EXACT;
  if (token.length >= 2 && term.startsWith(token)) return PREFIX;
  const k = maxEdits(token.length);
  return k > 0 && editDistanceAtMost(token, term, k) ? TYPO : NO_MATCH;
}

/** Whether a folded query token matches a folded term (`matchTier`). */
export function termMatches(token: string, term: string): boolean {
  return matchTier(token, term) !== NO_MATCH;
}

/**
 * Whether a query ranks its matches by how well they match: it has text and the default sort, rating
 * descending (SPEC §3). Any other sort (price, name, vintage, newest, or rating ascending) is the
 * visitor's own choice and orders by its column alone.
 */
export function ranksByMatch(
  query: Pick<IndexQuery, 'sortColumn' | 'sortDirection'>,
  tokens: number,
): boolean {
  return tokens > 0 && query.sortColumn === 'rating' && query.sortDirection === 'desc';
}

/**
 * A wine's match rank for a query of `tokens` distinct words, from how each word matched it at best:
 * fewer words matched only through a typo first, then fewer matched only as a prefix; the rest are
 * exact. Within that, fewer words found only in what describes the wine (its grapes, origin, style)
 * rather than in its name or producer. (With B = tokens + 1, a typo costs B², a prefix B and a word
 * outside the name 1, so the rank is the triple (typos, prefixes, words outside the name) in one
 * number.) This keeps the order of the worst word's tier (exact, prefix, typo) and splits each tier
 * by how many words sit in it: "ch marg" lists "Ch. Margaux" (exact and prefix) above "Margan
 * Chardonnay" (two prefixes), and "chateau margaux" lists Ch. Margaux above the other châteaux of
 * Margaux. A plain sum of tiers would rank one typo beside two prefixes.
 */
export function rankCost(tier: number, tokens: number, inName = true): number {
  const b = tokens + 1;
  return (tier === TYPO ? b * b : tier === PREFIX ? b : 0) + (inName ? 0 : 1);
}

/** How many of `searchableText`'s first fields name the wine (its name and producer). */
export function namingFields(doc: SearchDoc): number {
  return (doc.name ? 1 : 0) + (doc.producer ? 1 : 0);
}

/**
 * The text a wine is found by: its name, producer, grapes, and its country, region, sub-region and
 * style under every name they have (as stored, in English and in Bokmål: `namesOf`).
 */
export function searchableText(doc: SearchDoc): string[] {
  const fields = [doc.name, doc.producer, ...doc.grapes];
  if (doc.country) fields.push(...namesOf('country', doc.country));
  if (doc.region) fields.push(...namesOf('region', doc.region));
  if (doc.subRegion) fields.push(...namesOf('region', doc.subRegion));
  if (doc.style) fields.push(...namesOf('style', doc.style));
  return fields.filter((field): field is string => typeof field === 'string' && field !== '');
}

/** The terms a field of a wine is filed under: its words and the other forms of its abbreviations. */
export function fieldTerms(field: string): readonly string[] {
  return withAbbreviations(textTokens(field));
}
