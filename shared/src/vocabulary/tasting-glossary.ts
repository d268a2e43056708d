import glossary from './tasting-glossary.json';

/**
 * Vinmonopolet's colour, smell and taste sentences ("Dyp rød.", "Frisk og fruktig med preg av røde
 * bær.") in English, through a glossary of the small, repetitive vocabulary they are written in
 * (tasting-glossary.json):
 * - `phrases`: two words that read as one ("preg av" → "notes of", "i munnen" → "on the palate");
 * - `words`: one word each ("strågul" → "straw yellow");
 * - compounds the glossary does not list are read as their two parts: a `modifiers` form of the first
 *   ("kirsebær" → "cherry") and a word or a `suffixes` pattern for the second ("kirsebærpreg" →
 *   "cherry character", "fatpreget" → "oak-driven").
 * A word none of these covers stays in Norwegian, marked so (`translated: false`), for the page to tag
 * with `lang="nb"`. Punctuation and spacing pass through as written.
 */

type Glossary = {
  words: Record<string, string>;
  modifiers: Record<string, string>;
  suffixes: Record<string, string>;
  phrases: Record<string, string>;
};

const GLOSSARY: Glossary = glossary;

export interface TastingSegment {
  text: string;
  /** False for Norwegian words the glossary does not cover, shown as written. */
  translated: boolean;
}

const TOKEN = /\p{L}+|[^\p{L}]+/gu;
const WORD = /^\p{L}/u;

function own(record: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A compound read as its parts: "bærpreget" → "berry-driven", "mørkrød" → "dark red". */
function compound(word: string): string | undefined {
  for (let cut = word.length - 2; cut >= 3; cut--) {
    const head = word.slice(cut);
    const first = word.slice(0, cut);
    // Norwegian joins some compounds with an -s- or -e- ("rødbærsfrukt", "urtepreg").
    const firsts = /[se]$/.test(first) && first.length > 3 ? [first, first.slice(0, -1)] : [first];
    for (const part of firsts) {
      const modifier = own(GLOSSARY.modifiers, part) ?? own(GLOSSARY.words, part);
      if (!modifier) continue;
      const pattern = own(GLOSSARY.suffixes, head);
      if (pattern) return pattern.replace('{}', modifier);
      const rest = own(GLOSSARY.words, head);
      if (rest) return `${modifier} ${rest}`;
    }
  }
  return undefined;
}

/** One word in English, or undefined when the glossary does not cover it. */
export function tastingWord(word: string): string | undefined {
  const lower = word.toLowerCase();
  return own(GLOSSARY.words, lower) ?? compound(lower);
}

/** "Deep" for "Dyp", "deep" for "dyp": the source word's capital kept on the first letter. */
function cased(source: string, english: string): string {
  const capital = source.charAt(0) !== source.charAt(0).toLowerCase();
  return capital ? english.charAt(0).toUpperCase() + english.slice(1) : english;
}

/** A tasting sentence in English, as runs of translated and untranslated text. */
export function translateTasting(text: string): TastingSegment[] {
  const tokens = text.match(TOKEN) ?? [];
  const segments: TastingSegment[] = [];
  const push = (part: string, translated: boolean) => {
    const last = segments.at(-1);
    // Spacing and punctuation join the run before them.
    if (last && (last.translated === translated || !WORD.test(part))) last.text += part;
    else segments.push({ text: part, translated });
  };
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at] as string;
    if (!WORD.test(token)) {
      push(token, segments.at(-1)?.translated ?? true);
      continue;
    }
    const space = tokens[at + 1];
    const next = tokens[at + 2];
    if (space?.trim() === '' && next && WORD.test(next)) {
      const phrase = own(GLOSSARY.phrases, `${token.toLowerCase()} ${next.toLowerCase()}`);
      if (phrase) {
        push(cased(token, phrase), true);
        at += 2;
        continue;
      }
    }
    const english = tastingWord(token);
    push(english === undefined ? token : cased(token, english), english !== undefined);
  }
  return segments;
}

/** How many of a text's words the glossary translates: for measuring it on the whole catalogue. */
export function tastingCoverage(text: string): { words: number; translated: number } {
  let words = 0;
  let translated = 0;
  for (const token of text.match(TOKEN) ?? []) {
    if (!WORD.test(token)) continue;
    words++;
    if (tastingWord(token) !== undefined) translated++;
  }
  return { words, translated };
}
