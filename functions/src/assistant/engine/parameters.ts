/**
 * What a question names besides its intent, in English and Bokmål: a wine style ("rødvin", "whites",
 * "bobler"), a country ("Italia", "France"), a dish ("lamb", "lammestek", "fisk"), a number of bottles
 * ("6", "seks"), a price ("450 kr", "kr 450,50", "NOK 1 200") and a period ("last month", "forrige
 * måned", "i år"). Everything here reads folded words (words.ts); prices read the text as typed.
 */
import type { MainCategory } from '@kork/shared';
import type { Word } from './words';

/** Folded word (or word start, with `*`) → the style it names. */
const STYLE_WORDS: ReadonlyArray<readonly [string, MainCategory]> = [
  ['red', 'red'],
  ['reds', 'red'],
  ['rod', 'red'],
  ['rode', 'red'],
  ['rodt', 'red'],
  ['rodvin*', 'red'],
  ['white', 'white'],
  ['whites', 'white'],
  ['hvit', 'white'],
  ['hvite', 'white'],
  ['hvitt', 'white'],
  ['hvitvin*', 'white'],
  ['rose', 'rose'],
  ['roses', 'rose'],
  ['rosevin*', 'rose'],
  ['sparkling', 'sparkling'],
  ['bubbles', 'sparkling'],
  ['bobler', 'sparkling'],
  ['musserende', 'sparkling'],
  ['champagne', 'sparkling'],
  ['champagner', 'sparkling'],
  ['cava', 'sparkling'],
  ['prosecco', 'sparkling'],
  ['cremant', 'sparkling'],
  ['orange', 'orange'],
  ['oransje', 'orange'],
  ['oransjevin*', 'orange'],
  ['dessert', 'dessert'],
  ['dessertvin*', 'dessert'],
  ['sweet', 'dessert'],
  ['sot', 'dessert'],
  ['sote', 'dessert'],
  ['fortified', 'fortified'],
  ['sterkvin*', 'fortified'],
  ['port', 'fortified'],
  ['portvin*', 'fortified'],
  ['sherry', 'fortified'],
  ['madeira', 'fortified'],
];

/** Words that name a style only as a whole phrase ("red wine"), or that are wine names as well ("Champagne"). */
const NAME_LIKE_STYLES = new Set(['champagne', 'cava', 'prosecco', 'cremant', 'port', 'sherry', 'madeira']);

function matches(pattern: string, word: string): boolean {
  return pattern.endsWith('*') ? word.startsWith(pattern.slice(0, -1)) : word === pattern;
}

export interface Found<T> {
  value: T;
  /** Indexes of the words that named it (left out of a wine's name). */
  at: number[];
}

/** The first wine style the question names. `names` says whether the word may be a wine's name as well. */
export function styleOf(words: readonly Word[]): (Found<MainCategory> & { nameLike: boolean }) | undefined {
  for (let i = 0; i < words.length; i++) {
    const word = (words[i] as Word).norm;
    const hit = STYLE_WORDS.find(([pattern]) => matches(pattern, word));
    if (!hit) continue;
    // "dessert" is a dish when the question is about food ("what goes with dessert"); the caller decides.
    return { value: hit[1], at: [i], nameLike: NAME_LIKE_STYLES.has(word) };
  }
  return undefined;
}

/** Countries as the catalogue writes them (Vinmonopolet's Norwegian names), by folded English and Bokmål word. */
const COUNTRY_WORDS: ReadonlyArray<readonly [string, string]> = [
  ['france', 'Frankrike'],
  ['french', 'Frankrike'],
  ['frankrike', 'Frankrike'],
  ['fransk*', 'Frankrike'],
  ['italy', 'Italia'],
  ['italian', 'Italia'],
  ['italia', 'Italia'],
  ['italiensk*', 'Italia'],
  ['spain', 'Spania'],
  ['spanish', 'Spania'],
  ['spania', 'Spania'],
  ['spansk*', 'Spania'],
  ['germany', 'Tyskland'],
  ['german', 'Tyskland'],
  ['tyskland', 'Tyskland'],
  ['tysk*', 'Tyskland'],
  ['portugal', 'Portugal'],
  ['portuguese', 'Portugal'],
  ['portugisisk*', 'Portugal'],
  ['austria', 'Østerrike'],
  ['austrian', 'Østerrike'],
  ['osterrike', 'Østerrike'],
  ['osterriksk*', 'Østerrike'],
  ['usa', 'USA'],
  ['american', 'USA'],
  ['amerikansk*', 'USA'],
  ['chile', 'Chile'],
  ['chilean', 'Chile'],
  ['chilensk*', 'Chile'],
  ['argentina', 'Argentina'],
  ['argentinsk*', 'Argentina'],
  ['australia', 'Australia'],
  ['australian', 'Australia'],
  ['australsk*', 'Australia'],
  ['norway', 'Norge'],
  ['norwegian', 'Norge'],
  ['norge', 'Norge'],
  ['norsk*', 'Norge'],
  ['greece', 'Hellas'],
  ['hellas', 'Hellas'],
  ['hungary', 'Ungarn'],
  ['ungarn', 'Ungarn'],
  ['lebanon', 'Libanon'],
  ['libanon', 'Libanon'],
];

/** The country the question names ("from Italy", "fra Frankrike", "italienske"). */
export function countryOf(words: readonly Word[]): Found<string> | undefined {
  for (let i = 0; i < words.length; i++) {
    const word = (words[i] as Word).norm;
    const hit = COUNTRY_WORDS.find(([pattern]) => matches(pattern, word));
    if (hit) return { value: hit[1], at: [i] };
  }
  return undefined;
}

export interface Dish {
  /** The catalogue's word for it (its food pairings are Vinmonopolet's Bokmål: "Lam og sau", "Fisk"). */
  nb: string;
  en: string;
}

/** Folded word (or word start) → the dish. Bokmål compounds start with the dish ("lammestek", "fiskesuppe"). */
const DISH_WORDS: ReadonlyArray<readonly [string, Dish]> = [
  ...(['lamb', 'lam', 'lamme*', 'lammet', 'mutton', 'sau', 'fenalar', 'pinnekjott'] as const).map(
    (w) => [w, { nb: 'lam', en: 'lamb' }] as const,
  ),
  ...(['beef', 'steak', 'storfe', 'biff', 'okse*', 'entrecote', 'burger', 'hamburger'] as const).map(
    (w) => [w, { nb: 'storfe', en: 'beef' }] as const,
  ),
  ...(
    [
      'fish',
      'fisk',
      'fiske*',
      'salmon',
      'laks',
      'torsk',
      'cod',
      'trout',
      'orret',
      'kveite',
      'halibut',
    ] as const
  ).map((w) => [w, { nb: 'fisk', en: 'fish' }] as const),
  ...(
    [
      'shellfish',
      'seafood',
      'skalldyr',
      'reker',
      'shrimp',
      'prawns',
      'lobster',
      'hummer',
      'krabbe',
      'crab',
      'oysters',
      'osters',
      'kamskjell',
      'scallops',
      'blaskjell',
      'mussels',
    ] as const
  ).map((w) => [w, { nb: 'skalldyr', en: 'shellfish' }] as const),
  ...(['cheese', 'cheeses', 'ost', 'oster', 'osten', 'ostefat'] as const).map(
    (w) => [w, { nb: 'ost', en: 'cheese' }] as const,
  ),
  ...(['pork', 'svin', 'svine*', 'ribbe', 'skinke', 'ham', 'bacon'] as const).map(
    (w) => [w, { nb: 'svinekjøtt', en: 'pork' }] as const,
  ),
  ...(['chicken', 'kylling', 'turkey', 'kalkun', 'veal', 'kalv', 'poultry'] as const).map(
    (w) => [w, { nb: 'lyst kjøtt', en: 'white meat' }] as const,
  ),
  ...(
    [
      'game',
      'vilt',
      'elg',
      'moose',
      'elk',
      'reinsdyr',
      'reindeer',
      'hjort',
      'venison',
      'deer',
      'rein',
    ] as const
  ).map((w) => [w, { nb: 'vilt', en: 'game' }] as const),
  ...(['duck', 'and', 'anda', 'rype', 'grouse', 'fugl', 'fowl'] as const).map(
    (w) => [w, { nb: 'fugl', en: 'fowl' }] as const,
  ),
  ...(['desserts', 'cake', 'kake', 'kaker', 'chocolate', 'sjokolade', 'fruit', 'frukt'] as const).map(
    (w) => [w, { nb: 'dessert', en: 'dessert' }] as const,
  ),
  ...(['vegetables', 'vegetarian', 'vegan', 'gronnsaker', 'vegetar'] as const).map(
    (w) => [w, { nb: 'grønnsaker', en: 'vegetables' }] as const,
  ),
  ...(['aperitif', 'aperitiff', 'apero', 'avec', 'snacks', 'tapas'] as const).map(
    (w) => [w, { nb: 'aperitiff', en: 'aperitif' }] as const,
  ),
];

/** Words that are dishes only when the question is about food ("and" is a duck in Bokmål, a conjunction in English). */
const DISH_ONLY_AFTER_CUE = new Set(['and', 'game', 'ham', 'rein', 'fruit', 'sau', 'dessert']);

/** The dish a question asks about; `cued` when it follows "with", "til", "to", "for"… */
export function dishOf(words: readonly Word[], cued: (index: number) => boolean): Found<Dish> | undefined {
  for (let i = 0; i < words.length; i++) {
    const word = (words[i] as Word).norm;
    if (word === 'dessert' && cued(i)) return { value: { nb: 'dessert', en: 'dessert' }, at: [i] };
    const hit = DISH_WORDS.find(([pattern]) => matches(pattern, word));
    if (!hit) continue;
    if (DISH_ONLY_AFTER_CUE.has(word) && !cued(i)) continue;
    return { value: hit[1], at: [i] };
  }
  return undefined;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  en: 1,
  ei: 1,
  ett: 1,
  two: 2,
  to: 2,
  three: 3,
  tre: 3,
  four: 4,
  fire: 4,
  five: 5,
  fem: 5,
  six: 6,
  seks: 6,
  seven: 7,
  sju: 7,
  syv: 7,
  eight: 8,
  atte: 8,
  nine: 9,
  ni: 9,
  ten: 10,
  ti: 10,
  eleven: 11,
  elleve: 11,
  twelve: 12,
  tolv: 12,
  dozen: 12,
  dusin: 12,
};

/** A whole number written as digits or a word ("6", "seks"), if the word is one. */
export function numberOf(word: Word | undefined, words = true): number | undefined {
  if (!word) return undefined;
  if (/^\d{1,6}$/.test(word.folded)) return Number(word.folded);
  return words ? NUMBER_WORDS[word.folded] : undefined;
}

/**
 * A price as typed, in minor units: "450 kr", "kr 450,50", "NOK 1 200", "450,-", "1.200 kr", "450".
 * A separator before exactly three digits groups thousands; before one or two it marks the decimals.
 */
export function priceOf(text: string): { minor: number; index: number } | undefined {
  const re =
    /(?<![\p{L}\p{N}])([-−]?)(\d{1,3}(?:[ \u00a0.]\d{3})+|\d+)(?:[.,](\d{1,2}))?(?:[eE]([+-]?\d{1,3}))?(?:,-)?(?![\p{N}])/gu;
  let best: { minor: number; index: number; score: number } | undefined;
  for (const match of text.matchAll(re)) {
    const whole = Number((match[2] as string).replace(/[ \u00a0.]/g, ''));
    const cents = match[3] === undefined ? 0 : Number(match[3].padEnd(2, '0'));
    // What was typed, whole: "1e9" is a billion (refused as too large), "-1" is negative (refused),
    // never a 1 read off its front.
    const scaled = (whole * 100 + cents) * 10 ** Number(match[4] ?? 0);
    const magnitude = Number.isFinite(scaled) ? Math.min(Math.round(scaled), 1e15) : 1e15;
    const minor = match[1] ? -magnitude : magnitude;
    const around = `${text.slice(Math.max(0, match.index - 5), match.index)}|${text.slice(match.index + match[0].length, match.index + match[0].length + 5)}`;
    // A number next to a currency wins over a bare one ("set the 2019 Barolo to 450 kr").
    const score = /kr|nok|sek|dkk|eur|usd|€|\$|,-/i.test(around) ? 2 : 1;
    if (!best || score > best.score || (score === best.score && match.index > best.index))
      best = { minor, index: match.index, score };
  }
  return best && { minor: best.minor, index: best.index };
}

export interface Period {
  from: string;
  to: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, day: number) => new Date(Date.UTC(y, m, day));

/** The period a question names, in UTC days relative to `now`; undefined leaves the tool's own default. */
export function periodOf(
  words: readonly Word[],
  now: Date,
  has: (phrases: string[]) => boolean,
): Period | undefined {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = utc(y, m, now.getUTCDate());
  const daysBack = (n: number) => ({
    from: iso(new Date(today.getTime() - (n - 1) * 86_400_000)),
    to: iso(today),
  });
  if (has(['last month', 'previous month', 'forrige maned', 'sist maned', 'forrige mnd']))
    return { from: iso(utc(y, m - 1, 1)), to: iso(utc(y, m, 0)) };
  if (has(['this month', 'denne maneden', 'denne maned', 'i maned', 'hittil i maned']))
    return { from: iso(utc(y, m, 1)), to: iso(today) };
  if (has(['last year', 'previous year', 'i fjor', 'forrige ar', 'fjoraret']))
    return { from: iso(utc(y - 1, 0, 1)), to: iso(utc(y - 1, 11, 31)) };
  if (has(['this year', 'i ar', 'hittil i ar', 'dette aret', 'so far this year', 'year to date', 'ytd']))
    return { from: iso(utc(y, 0, 1)), to: iso(today) };
  if (has(['last week', 'forrige uke', 'sist uke'])) {
    const weekday = (today.getUTCDay() + 6) % 7; // Monday 0
    const monday = new Date(today.getTime() - weekday * 86_400_000);
    return {
      from: iso(new Date(monday.getTime() - 7 * 86_400_000)),
      to: iso(new Date(monday.getTime() - 86_400_000)),
    };
  }
  if (has(['this week', 'denne uken', 'denne uka', 'i uka', 'i uken'])) {
    const weekday = (today.getUTCDay() + 6) % 7;
    return { from: iso(new Date(today.getTime() - weekday * 86_400_000)), to: iso(today) };
  }
  if (has(['yesterday', 'i gar'])) {
    const day = iso(new Date(today.getTime() - 86_400_000));
    return { from: day, to: day };
  }
  if (has(['today', 'i dag'])) return { from: iso(today), to: iso(today) };
  // "last 30 days", "siste 90 dager", "past 2 weeks"
  for (let i = 0; i + 2 < words.length; i++) {
    const lead = (words[i] as Word).norm;
    if (!['last', 'past', 'siste', 'forrige'].includes(lead)) continue;
    const n = numberOf(words[i + 1]);
    const unit = (words[i + 2] as Word).norm;
    if (n === undefined || n < 1 || n > 3660) continue;
    if (/^(days?|dager|dogn)$/.test(unit)) return daysBack(n);
    if (/^(weeks?|uker?)$/.test(unit)) return daysBack(n * 7);
    if (/^(months?|maneder|maned)$/.test(unit))
      return { from: iso(utc(y, m - n, now.getUTCDate() + 1)), to: iso(today) };
  }
  return undefined;
}
