/**
 * The local engine's routing: a question in English or Bokmål, as people type it (any case, with or
 * without æøå, a typo or two), onto the assistant's tools with their inputs. Deterministic and pure: the
 * same question and day give the same calls. A question it cannot place answers `{ fallback: true }`,
 * and the engine says honestly what it can answer.
 *
 * Some answers take two steps, the second on the first's result: a wine named in the question is found
 * with `search_cellar`, then its lists (`wine_lists_of_wine`) or a new price (`propose_price`) use the
 * row's `cellarWineId`; a cart is proposed (`propose_cart`) from `reorder_suggestions`' suppliers and
 * wines. Those second steps are `next`.
 */
import { ASSISTANT_LIMITS, type AssistantToolInput, type AssistantToolName, type Locale } from '@kork/shared';
import {
  ALL_WORDS,
  BOTTLE_WORDS,
  CART_NOUNS,
  CART_VERBS,
  DISH_LEADS,
  DRINK_CUES,
  FIRST,
  FRAME,
  GREETINGS,
  LEAST,
  LIST_NOUNS,
  LOW_CUES,
  MONEY_CUES,
  PAST_CUES,
  PRICE_NOUNS,
  REORDER_CUES,
  SALES_CUES,
  SEARCH_CUES,
  SET_VERBS,
  TOTAL_CUES,
  VOCABULARY,
} from './cues';
import { countryOf, dishOf, numberOf, periodOf, priceOf, styleOf } from './parameters';
import { limitIn, matchWord, nameIn, vintageIn } from './wine-names';
import { fold, hasAny, type Word, wordsOf } from './words';

export type Intent =
  | 'cart'
  | 'price'
  | 'lists'
  | 'reorder'
  | 'low_stock'
  | 'sales'
  | 'pairing'
  | 'drink_now'
  | 'totals'
  | 'search';

export interface RoutedCall<N extends AssistantToolName = AssistantToolName> {
  name: N;
  input: AssistantToolInput<N>;
}

/** The second step, on the first call's answer. */
export type FollowUp =
  /** `wine_lists_of_wine` of the wine `search_cellar` found. */
  | { kind: 'lists'; vintage?: number }
  /** `propose_price` of the wine `search_cellar` found. */
  | { kind: 'price'; sellingPrice: number; vintage?: number }
  /**
   * `propose_cart` of `reorder_suggestions`' rows: those whose wine is `wine` (else all of them, or the
   * first `count`), each at `quantity` bottles (else the quantity suggested).
   */
  | { kind: 'cart'; wine?: string; quantity?: number; count?: number };

export type Route =
  | { intent: Intent; calls: RoutedCall[]; next?: FollowUp; wine?: string }
  | { fallback: true };

const MAX_LIMIT = ASSISTANT_LIMITS.toolRowsMax;

/** Words that describe a style rather than name a wine ("dry white", "gamle røde"). */
const DESCRIBING = new Set(
  'dry torr torre good god gode nice old gamle gammel young unge ung cheap billig billige expensive dyr dyre fine other andre light lett lette full fyldig fyldige'.split(
    ' ',
  ),
);

/** Routes one question; `now` fixes "last month" and "this year" (UTC days). */
export function routeQuestion(text: string, _locale: Locale, now: Date = new Date()): Route {
  const question = text.slice(0, ASSISTANT_LIMITS.messageMaxLength);
  const words = wordsOf(question, VOCABULARY);
  if (words.length === 0) return { fallback: true };
  const has = (phrases: readonly string[]) => hasAny(words, phrases);
  const ctx: Reading = { text: question, words, has, now };
  for (const rule of RULES) {
    const route = rule(ctx);
    if (route) return route;
  }
  return { fallback: true };
}

interface Reading {
  text: string;
  words: Word[];
  has(phrases: readonly string[]): boolean;
  now: Date;
}

type Rule = (q: Reading) => Route | undefined;

// — Rules, in the order they are tried —

const cart: Rule = (q) => {
  if (!q.has(CART_NOUNS)) return undefined;
  const used = new Set<number>();
  // "the first two", "top 3", "de to første", "de 3 første"
  let count: number | undefined;
  q.words.forEach((word, i) => {
    if (!FIRST.includes(word.norm)) return;
    const n = numberOf(q.words[i + 1]) ?? numberOf(q.words[i - 1]);
    if (n !== undefined && n >= 1) {
      count = Math.min(n, ASSISTANT_LIMITS.proposalItemsMax);
      used.add(i).add(numberOf(q.words[i + 1]) !== undefined ? i + 1 : i - 1);
    }
  });
  // "put 6 (bottles) of X", "legg seks flasker X", "add 12 x X": the number right after the verb, or digits.
  let quantity: number | undefined;
  if (count === undefined) {
    const verb = q.words.findIndex((w) => CART_VERBS.includes(w.norm));
    let at = verb >= 0 && numberOf(q.words[verb + 1]) !== undefined ? verb + 1 : -1;
    if (at < 0)
      at = q.words.findIndex(
        (w, i) => !used.has(i) && /^\d{1,5}$/.test(w.folded) && !/^(19|20)\d\d$/.test(w.folded),
      );
    const n = at >= 0 ? numberOf(q.words[at]) : undefined;
    if (n !== undefined && n >= 1 && n <= 10_000) {
      quantity = n;
      used.add(at);
    }
  }
  const stop = new Set([
    ...FRAME,
    ...CART_VERBS,
    ...BOTTLE_WORDS,
    ...ALL_WORDS,
    ...FIRST,
    'cart',
    'basket',
    'trolley',
  ]);
  const name = nameIn(q, used, (w) => stop.has(w.norm) || CART_NOUNS.some((c) => matchWord(c, w.norm)));
  const wine = name && !ALL_WORDS.includes(fold(name)) ? name : undefined;
  const limit = wine ? MAX_LIMIT : count;
  return {
    intent: 'cart',
    calls: [{ name: 'reorder_suggestions', input: limit ? { limit } : {} }],
    next: {
      kind: 'cart',
      ...(wine ? { wine } : {}),
      ...(quantity ? { quantity } : {}),
      ...(count ? { count } : {}),
    },
    ...(wine ? { wine } : {}),
  };
};

const price: Rule = (q) => {
  const found = priceOf(q.text);
  // A price no selling price can be (too large, negative) is still the price asked for: the tool refuses
  // it with the rule's message, rather than the question being read as something else.
  if (!found) return undefined;
  const priceWord = q.words.findIndex((w) => PRICE_NOUNS.some((p) => matchWord(p, w.norm)));
  const verb = q.words.findIndex((w) => SET_VERBS.includes(w.norm));
  const currency = /kr|nok|,-|€|\$|eur|sek|dkk|usd/i.test(q.text);
  if (priceWord < 0 && !currency) return undefined;
  const before = q.words.filter((w) => w.end <= found.index).at(-1)?.norm;
  if (verb < 0 && before !== 'to' && before !== 'til') return undefined;
  const used = new Set<number>();
  q.words.forEach((w, i) => {
    if (w.start >= found.index && w.start < found.index + 12 && /^\d/.test(w.folded)) used.add(i);
    if (/^(kr|nok|sek|dkk|eur|usd)$/.test(w.folded)) used.add(i);
  });
  // Everything from the price on is not the wine's name ("… to 450 kr", "… til kr 450,50").
  q.words.forEach((w, i) => {
    if (w.start >= found.index) used.add(i);
  });
  const vintage = vintageIn(q.words, used);
  const stop = new Set([...FRAME, ...SET_VERBS, 'selling', 'new', 'ny', 'nye', 'new', 'per', 'bottle']);
  const name = nameIn(q, used, (w) => stop.has(w.norm) || PRICE_NOUNS.some((p) => matchWord(p, w.norm)));
  if (!name) return undefined;
  return {
    intent: 'price',
    calls: [{ name: 'search_cellar', input: { text: name.slice(0, 100), limit: 5 } }],
    next: { kind: 'price', sellingPrice: found.minor, ...(vintage ? { vintage } : {}) },
    wine: name,
  };
};

const lists: Rule = (q) => {
  if (!q.has(LIST_NOUNS)) return undefined;
  // "list my reds" and "vis listen" ask for wines, not for the lists a wine is on.
  if (['list', 'liste', 'vis', 'show'].includes(q.words[0]?.norm ?? '')) return undefined;
  if (
    !q.has([
      'which',
      'what',
      'hvilke',
      'hvilken',
      'hvilket',
      'is',
      'are',
      'er',
      'star',
      'pa',
      'on',
      'included',
      'featured',
    ])
  )
    return undefined;
  const used = new Set<number>();
  const vintage = vintageIn(q.words, used);
  const stop = new Set([
    ...FRAME,
    'include',
    'includes',
    'contain',
    'contains',
    'inneholder',
    'featured',
    'listed',
    'oppfort',
    'carry',
    'carries',
  ]);
  const name = nameIn(q, used, (w) => stop.has(w.norm) || LIST_NOUNS.some((l) => matchWord(l, w.norm)));
  if (!name) return undefined;
  return {
    intent: 'lists',
    calls: [{ name: 'search_cellar', input: { text: name.slice(0, 100), limit: 5 } }],
    next: { kind: 'lists', ...(vintage ? { vintage } : {}) },
    wine: name,
  };
};

const reorder: Rule = (q) => {
  if (!q.has(REORDER_CUES)) return undefined;
  const limit = limitIn(q.words);
  return {
    intent: 'reorder',
    calls: [{ name: 'reorder_suggestions', input: limit ? { limit } : {} }],
    next: { kind: 'cart' },
  };
};

const lowStock: Rule = (q) => {
  if (!q.has(LOW_CUES)) return undefined;
  // "low margin" is about money, not stock.
  if (
    q.has(MONEY_CUES) &&
    !q.has(['stock', 'lager*', 'beholdning*', 'bottles', 'flasker', 'left', 'igjen', 'out', 'tom*'])
  )
    return undefined;
  // "under 3 bottles", "færre enn 5", "less than 4" (threshold below); "3 or fewer", "at most 3", "maks 3"
  let threshold: number | undefined;
  q.words.forEach((w, i) => {
    const n = numberOf(q.words[i + 1], false) ?? numberOf(q.words[i + 2], false);
    if (n === undefined) return;
    if (['under', 'below', 'than', 'enn'].includes(w.norm)) threshold = Math.max(0, n - 1);
    if (['most', 'maks', 'max', 'hoyst', 'maksimalt'].includes(w.norm)) threshold = n;
  });
  const limit = limitIn(q.words);
  return {
    intent: 'low_stock',
    calls: [
      {
        name: 'low_stock',
        input: {
          ...(threshold !== undefined ? { threshold: Math.min(threshold, 1000) } : {}),
          ...(limit ? { limit } : {}),
        },
      },
    ],
  };
};

const sales: Rule = (q) => {
  if (!q.has(SALES_CUES)) return undefined;
  const money = q.has(MONEY_CUES);
  const least = q.has(LEAST) || q.has(['least profitable', 'minst lonnsom*']);
  const revenue = q.has(['revenue', 'omsetning*', 'turnover', 'income', 'how much', 'hvor mye']);
  const order = money
    ? least
      ? 'margin_asc'
      : 'margin_desc'
    : revenue
      ? 'revenue_desc'
      : q.has([
            'sold',
            'sell',
            'sells',
            'solgt',
            'solgte',
            'selger',
            'selges',
            'bestseller*',
            'popular',
            'populaer*',
          ])
        ? 'bottles_desc'
        : 'revenue_desc';
  const period = periodOf(q.words, q.now, (phrases) => q.has(phrases));
  const limit = limitIn(q.words);
  return {
    intent: 'sales',
    calls: [{ name: 'sales_and_margins', input: { ...(period ?? {}), order, ...(limit ? { limit } : {}) } }],
  };
};

const pairing: Rule = (q) => {
  const cued = (i: number) =>
    [1, 2].some((back) => DISH_LEADS.has(q.words[i - back]?.norm ?? '')) ||
    q.has(['passer til', 'passer med', 'goes with', 'go with']);
  const dish = dishOf(q.words, cued);
  const limit = limitIn(q.words);
  if (dish) {
    // The dish as typed ("lamb", "lammestek"): the tool reads both languages, and the answer echoes it.
    const word = q.words[dish.at[0] as number] as Word;
    const food = q.text.slice(word.start, word.end);
    return {
      intent: 'pairing',
      calls: [{ name: 'pair_with_food', input: { food, ...(limit ? { limit } : {}) } }],
    };
  }
  if (
    !q.has([
      'pair',
      'pairs',
      'pairing',
      'goes with',
      'go with',
      'goes well with',
      'serve with',
      'passer til',
      'passer med',
      'passe til',
      'passer godt til',
      'server til',
      'servere til',
    ])
  )
    return undefined;
  // A dish the engine does not know: the words after "with" / "til", as typed.
  const lead = q.words.findIndex((w, i) => DISH_LEADS.has(w.norm) && i < q.words.length - 1);
  if (lead < 0) return undefined;
  const rest = q.words
    .slice(lead + 1)
    .filter((w) => !FRAME.has(w.norm) && !/^(from|fra|cellar|kjeller\w*)$/.test(w.norm));
  const first = rest[0];
  const last = rest[rest.length - 1];
  if (!first || !last) return undefined;
  const food = q.text.slice(first.start, last.end).slice(0, 100);
  return {
    intent: 'pairing',
    calls: [{ name: 'pair_with_food', input: { food, ...(limit ? { limit } : {}) } }],
  };
};

const drinkNow: Rule = (q) => {
  if (!q.has(DRINK_CUES)) return undefined;
  const style = styleOf(q.words);
  const limit = limitIn(q.words);
  const past = q.has(PAST_CUES);
  return {
    intent: 'drink_now',
    calls: [
      {
        name: 'drink_now',
        input: {
          ...(style ? { category: style.value } : {}),
          ...(past ? { includePastWindow: true } : {}),
          ...(limit ? { limit } : {}),
        },
      },
    ],
  };
};

const totalsOrSearch: Rule = (q) => {
  const country = countryOf(q.words);
  const found = styleOf(q.words);
  // A style word right after a name's word is part of the name ("Husets røde"), not a filter.
  const before = found ? q.words[(found.at[0] as number) - 1] : undefined;
  const inName =
    before !== undefined &&
    !FRAME.has(before.norm) &&
    !DESCRIBING.has(before.norm) &&
    !country?.at.includes((found?.at[0] as number) - 1) &&
    !/^\d+$/.test(before.folded);
  const style = found && inName ? { ...found, nameLike: true } : found;
  const used = new Set<number>([...(style && !style.nameLike ? style.at : []), ...(country?.at ?? [])]);
  const vintage = vintageIn(q.words, used);
  const stop = new Set([
    ...FRAME,
    ...[
      'worth',
      'value',
      'valued',
      'verdt',
      'verdi',
      'verdien',
      'total',
      'totals',
      'totalt',
      'sum',
      'summen',
      'big',
      'stor',
      'size',
      'overview',
      'oversikt',
      'status',
      'inventory',
      'antall',
      'red',
      'white',
      'rose',
      'sparkling',
      'orange',
      'dessert',
      'fortified',
      'kind',
      'kinds',
      'type',
      'types',
      'slags',
    ],
  ]);
  const name = nameIn(q, used, (w) => stop.has(w.norm) || GREETINGS.includes(w.norm));
  const text = [name, vintage ? String(vintage) : ''].filter(Boolean).join(' ');
  const filtered = country !== undefined || (style !== undefined && !style.nameLike);
  // "How many bottles do I have?" is the totals; "how many bottles of red?" a search by style.
  if (!text && !filtered && q.has(TOTAL_CUES))
    return { intent: 'totals', calls: [{ name: 'cellar_totals', input: {} }] };
  if (!text && !country && !(style && !style.nameLike)) return undefined;
  if (!q.has(SEARCH_CUES) && !style && !country && !q.has(TOTAL_CUES)) return undefined;
  const limit = limitIn(q.words);
  return {
    intent: 'search',
    calls: [
      {
        name: 'search_cellar',
        input: {
          ...(name ? { text: name.slice(0, 100) } : {}),
          ...(style && !style.nameLike ? { category: style.value } : {}),
          ...(country ? { country: country.value } : {}),
          ...(limit ? { limit } : {}),
        },
      },
    ],
    ...(name ? { wine: name } : {}),
  };
};

const RULES: readonly Rule[] = [
  cart,
  price,
  lists,
  reorder,
  lowStock,
  sales,
  pairing,
  drinkNow,
  totalsOrSearch,
];
