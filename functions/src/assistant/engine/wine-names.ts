/**
 * What the routing cuts from a question besides its intent: a wine's name as typed, a vintage, a row
 * limit ("top 5", "fem viner").
 */
import { ASSISTANT_LIMITS } from '@kork/shared';
import { numberOf } from './parameters';
import type { Word } from './words';

const MAX_LIMIT = ASSISTANT_LIMITS.toolRowsMax;

/** A cue word against a question's word (`*` matches the word's start). */
export function matchWord(pattern: string, word: string): boolean {
  return pattern.endsWith('*') ? word.startsWith(pattern.slice(0, -1)) : word === pattern;
}

/** "top 5", "5 wines", "fem viner", "10 bottles": a row limit (at most the tools' maximum). */
export function limitIn(words: readonly Word[]): number | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    const next = words[i + 1];
    if (['top', 'topp', 'first', 'forste'].includes(w.norm)) {
      const n = numberOf(next);
      if (n !== undefined && n >= 1) return Math.min(n, MAX_LIMIT);
    }
    const n = numberOf(w, false);
    if (n !== undefined && n >= 1 && n <= 100 && next && /^(wines?|viner|vinene)$/.test(next.norm))
      return Math.min(n, MAX_LIMIT);
  }
  return undefined;
}

/** A vintage named in the question (1900–2099); its word is marked used, so it is not part of the name. */
export function vintageIn(words: readonly Word[], used: Set<number>): number | undefined {
  for (let i = 0; i < words.length; i++) {
    if (used.has(i)) continue;
    const folded = (words[i] as Word).folded;
    if (/^(19|20)\d\d$/.test(folded)) {
      used.add(i);
      return Number(folded);
    }
  }
  return undefined;
}

/**
 * The wine's name as typed: the longest run of words between the used ones (parameters), with the frame
 * words ("how many bottles of … do I have") cut from both ends; words inside the name stay ("Vin de Pays").
 */
export function nameIn(
  q: { text: string; words: readonly Word[] },
  used: ReadonlySet<number>,
  isFrame: (word: Word) => boolean,
): string {
  let best = '';
  let run: Word[] = [];
  const flush = () => {
    let from = 0;
    let to = run.length - 1;
    while (from <= to && isFrame(run[from] as Word)) from++;
    while (to >= from && isFrame(run[to] as Word)) to--;
    if (from <= to) {
      const name = q.text
        .slice((run[from] as Word).start, (run[to] as Word).end)
        .replace(/['’]s$/i, '')
        .trim();
      if (name.length > best.length) best = name;
    }
    run = [];
  };
  q.words.forEach((word, i) => {
    if (used.has(i)) flush();
    else run.push(word);
  });
  flush();
  return best;
}
