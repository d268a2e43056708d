/**
 * The local engine's reading of a question, word by word: lower case, æøå folded (ø → o, å → a, æ → ae,
 * so "hva bor jeg bestille" reads as "hva bør jeg bestille"), other accents dropped, and a word a letter
 * or two off a word the engine knows read as that word ("reoder" → "reorder", "kjeleren" → "kjelleren").
 * Each word keeps where it stood in the question, so a wine's name is cut from the question as typed.
 */

export interface Word {
  /** Folded and corrected: what the rules compare. */
  norm: string;
  /** Folded only (a wine's name is never corrected). */
  folded: string;
  /** Where the word stands in the question. */
  start: number;
  end: number;
}

/** Lower case, æøå and accents folded: "Rødvin Château" → "rodvin chateau". */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/[øö]/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

/** Damerau–Levenshtein distance (adjacent swaps count once), stopping early past `max`. */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (rows[i - 1]?.[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (rows[i - 1]?.[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? max + 1;
}

/** Typos a word may carry and still be read as a known word: none under 5 letters, one, two from 9. */
function typosAllowed(word: string): number {
  if (word.length < 5) return 0;
  return word.length < 9 ? 1 : 2;
}

/**
 * The words of a question. A word that is not in `vocabulary` but a typo or two off exactly one length
 * class of it is read as the closest known word; digits and short words are never corrected.
 */
export function wordsOf(text: string, vocabulary: ReadonlySet<string>): Word[] {
  const words: Word[] = [];
  // Letters and digits (a price's "450,50" and "1 200" are read from the text itself, not from words).
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    const folded = fold(match[0]).replace(/['’]/g, '');
    words.push({
      norm: correct(folded, vocabulary),
      folded,
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return words;
}

const corrections = new Map<string, string>();

function correct(word: string, vocabulary: ReadonlySet<string>): string {
  if (vocabulary.has(word) || /\d/.test(word)) return word;
  const allowed = typosAllowed(word);
  if (allowed === 0) return word;
  const known = corrections.get(word);
  if (known !== undefined) return known;
  let best = word;
  let bestDistance = allowed + 1;
  for (const candidate of vocabulary) {
    if (candidate.length < 5) continue;
    const max = Math.min(allowed, typosAllowed(candidate));
    const d = distance(word, candidate, max);
    if (d > max) continue;
    if (d < bestDistance || (d === bestDistance && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  // Kept small: questions are short, but a long text of made-up words must not grow the map forever.
  if (corrections.size > 5000) corrections.clear();
  corrections.set(word, best);
  return best;
}

/** True when the words hold `phrase` (space-separated folded words) in a row. */
export function hasPhrase(words: readonly Word[], phrase: string): boolean {
  return phraseAt(words, phrase) >= 0;
}

/** Where `phrase` starts in the words, or -1. A trailing `*` on a phrase word matches any word it starts. */
export function phraseAt(words: readonly Word[], phrase: string, from = 0): number {
  const parts = phrase.split(' ');
  outer: for (let i = from; i + parts.length <= words.length; i++) {
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k] as string;
      const word = (words[i + k] as Word).norm;
      if (part.endsWith('*') ? !word.startsWith(part.slice(0, -1)) : word !== part) continue outer;
    }
    return i;
  }
  return -1;
}

/** True when any of the phrases is in the words. */
export function hasAny(words: readonly Word[], phrases: readonly string[]): boolean {
  return phrases.some((phrase) => phraseAt(words, phrase) >= 0);
}
