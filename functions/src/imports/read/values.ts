/**
 * Reading the values people write in spreadsheets, invoices and e-mails: prices ("kr 1 299,90",
 * "1,299.90", "299,-"), bottle sizes ("75 cl", "0,75", "1.5L", "Magnum"), vintages ("2017", "NV",
 * "'17"), quantities ("6", "6 stk"; "1 kasse" is not a number of bottles), ratings, drinking windows,
 * wine categories and grape lists. Each answers undefined when it cannot read the value, never a guess;
 * callers record a `LineIssue` then.
 */
import { foldText, type MainCategory, MONEY_MAX_MINOR } from '@kork/shared';

/** Spaces of every width people and spreadsheets put in numbers (no-break, thin, narrow no-break). */
const SPACES = /[\s\u00a0\u2007\u2009\u202f]+/g;

/**
 * A money amount as integer minor units (øre/cents). Takes Norwegian and English writing: "289,90",
 * "289.90", "1 299,90", "1.299,90", "1,299.90", "1'299.90", "kr 299,-", "299.-", "NOK 1299", "€25".
 * One separator followed by exactly three digits is a thousands separator ("1.299" is 1299 kroner).
 */
export function parseMoneyMinor(text: string): number | undefined {
  let t = text
    .replace(SPACES, '')
    .toLowerCase()
    .replace(/^(kr|nok|eur|usd|sek|dkk|gbp|chf|[€$£])\.?/, '')
    .replace(/(kr|nok|eur|usd|sek|dkk|gbp|chf|[€$£])\.?$/, '')
    .replace(/[,.]-+$/, '')
    .replace(/'/g, '');
  if (!/^\d[\d.,]*$/.test(t)) return undefined;
  const comma = t.lastIndexOf(',');
  const dot = t.lastIndexOf('.');
  let decimal: ',' | '.' | undefined;
  if (comma >= 0 && dot >= 0) decimal = comma > dot ? ',' : '.';
  else if (comma >= 0 || dot >= 0) {
    const sep = comma >= 0 ? ',' : '.';
    const parts = t.split(sep);
    // "1.299" and "12,500" are thousands; "289,9", "289.90" and "1.5" are decimals.
    const thousands = parts.length > 2 || (parts[1]?.length === 3 && parts[0] !== '0');
    decimal = thousands ? undefined : sep;
  }
  if (decimal) {
    const thousandsSep = decimal === ',' ? '.' : ',';
    const [whole = '', fraction = '', extra] = t.split(decimal);
    if (extra !== undefined || fraction.length > 2 || fraction === '') return undefined;
    if (!/^\d{1,3}(?:[.,]\d{3})*$|^\d+$/.test(whole) || whole.includes(decimal)) return undefined;
    t = `${whole.split(thousandsSep).join('')}.${fraction}`;
  } else {
    if (!/^\d{1,3}(?:([.,])\d{3}(?:\1\d{3})*)?$|^\d+$/.test(t)) return undefined;
    t = t.replace(/[.,]/g, '');
  }
  const minor = Math.round(Number(t) * 100);
  return Number.isSafeInteger(minor) && minor <= MONEY_MAX_MINOR ? minor : undefined;
}

/** Named bottle sizes, in litres (folded names). */
const NAMED_SIZES: [RegExp, number][] = [
  [/^(halv(flaske)?|half( bottle)?|demi|demie|fillette)$/, 0.375],
  [/^(standard|hel(flaske)?|bottle|flaske)$/, 0.75],
  [/^magnum$/, 1.5],
  [/^(double magnum|dobbel magnum|jeroboam)$/, 3],
  [/^rehoboam$/, 4.5],
  [/^(methuselah|methusalem|imperial|imperiale)$/, 6],
  [/^salmanazar$/, 9],
  [/^balthazar$/, 12],
  [/^(nebuchadnezzar|nebukadnesar)$/, 15],
];

/**
 * A bottle size in litres: "75cl", "75 cl", "0,75 l", "0.75", "750 ml", "1,5L", "1.5 ltr", "37,5 cl",
 * "Magnum", "Jeroboam" (3 l), "Halv"/"Half" (0.375). A bare number is read by its size: 100 and up is
 * millilitres, 10–99 centilitres, below 10 litres.
 */
export function parseBottleSize(text: string): number | undefined {
  const folded = foldText(text).trim().replace(SPACES, ' ');
  if (!folded) return undefined;
  for (const [pattern, litres] of NAMED_SIZES) if (pattern.test(folded)) return litres;
  const match =
    /^(\d+(?:[.,]\d+)?)\s*(ml|cl|dl|l|ltr|liter|litre|litres|liters)?\.?$/.exec(folded) ??
    // "Magnum (1,5 l)", "Halvflaske 37,5 cl": the measure inside the words.
    /(?:^|[\s(])(\d+(?:[.,]\d+)?)\s*(ml|cl|dl|l|ltr|liter|litre|litres|liters)\b/.exec(folded);
  if (!match) {
    const words = folded.replace(/[^a-z ]+/g, ' ').split(' ');
    for (const [pattern, litres] of NAMED_SIZES) if (words.some((word) => pattern.test(word))) return litres;
    return undefined;
  }
  const n = Number((match[1] as string).replace(',', '.'));
  const unit = match[2];
  const litres =
    unit === 'ml'
      ? n / 1000
      : unit === 'cl'
        ? n / 100
        : unit === 'dl'
          ? n / 10
          : unit
            ? n
            : n >= 100
              ? n / 1000
              : n >= 10
                ? n / 100
                : n;
  return litres > 0 && litres < 100 ? Math.round(litres * 10000) / 10000 : undefined;
}

/** CellarTracker writes 1001 for a wine without a vintage. */
const CELLARTRACKER_NV = 1001;

/**
 * A vintage: a year ("2017", "'17", "2017.0" from a spreadsheet), or null for NV ("NV", "N.V.", "U.V.",
 * "Non vintage", "uten årgang", CellarTracker's 1001); undefined when unreadable.
 */
export function parseVintage(text: string): number | null | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const folded = foldText(t).replace(/[\s.\-_]/g, '');
  if (/^(nv|uv|nonvintage|utenargang|ua|sa|sansannee|multivintage|mv)$/.test(folded)) return null;
  if (Number(t) === CELLARTRACKER_NV) return null;
  const year = /^(1[89]\d\d|20\d\d)(?:\.0+)?$/.exec(t);
  if (year) return Number(year[1]);
  const short = /^[’'‘](\d\d)$/.exec(t);
  if (short) {
    const yy = Number(short[1]);
    const thisYear = new Date().getUTCFullYear() % 100;
    return yy <= thisYear + 1 ? 2000 + yy : 1900 + yy;
  }
  return undefined;
}

/** A whole number of bottles: "6", "6.0", "6 stk", "6 fl.", "6 flasker", "6 bottles", "6 btl". */
export function parseQuantity(text: string): number | undefined {
  const match =
    /^\s*(\d{1,7})(?:[.,]0+)?\s*(stk|st|fl|flaske|flasker|btl|bt|bottle|bottles|pcs|x)?\.?\s*$/i.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * A year in a drinking window: "2024", "2024.0", a date ("2024-01-01", "1/1/2024", "01.01.2024").
 * CellarTracker's 9999 (no window) and 1001 are not years.
 */
export function parseYear(text: string): number | undefined {
  const t = text.trim();
  const year =
    /^(1[89]\d\d|20\d\d)(?:\.0+)?$/.exec(t) ??
    /^(1[89]\d\d|20\d\d)-\d\d?-\d\d?(?:[T ].*)?$/.exec(t) ??
    /^\d\d?[./]\d\d?[./](1[89]\d\d|20\d\d)$/.exec(t);
  return year ? Number(year[1]) : undefined;
}

/** CellarTracker's placeholder for an unknown drinking window end or start. */
const NO_WINDOW = /^(9999|1001|0)(?:\.0+)?$/;

/** Whether a window cell says "no window" rather than a year (empty, "-", CellarTracker's 9999). */
export function isNoWindow(text: string): boolean {
  const t = text.trim();
  return !t || t === '-' || NO_WINDOW.test(t);
}

/** A drinking window "2024-2030", "2024–2030", "2024 - 2030", "2024 til 2030", "fra 2024"; or one year. */
export function parseDrinkingWindow(text: string): { from?: number; to?: number } | undefined {
  const t = foldText(text).trim();
  const range = /^(?:fra |from )?(\d{4})\s*(?:-|–|—|til|to|\/)\s*(\d{4})$/.exec(t);
  if (range) {
    const from = parseYear(range[1] as string);
    const to = parseYear(range[2] as string);
    if (from === undefined || to === undefined || to < from) return undefined;
    return { from, to };
  }
  const open = /^(fra|from|til|to|until|by)\s+(\d{4})$/.exec(t);
  if (open) {
    const year = parseYear(open[2] as string);
    if (year === undefined) return undefined;
    return open[1] === 'fra' || open[1] === 'from' ? { from: year } : { to: year };
  }
  const year = parseYear(text);
  return year === undefined ? undefined : { from: year };
}

/**
 * A rating as 50–100 points: "92", "92/100", "92p", "4.5" or "4,5/5" stars (× 20), "18/20" (× 5),
 * "★★★★". A star rating below 2.5 is 50 points, the scale's floor. 0 (unrated in Vivino) is undefined.
 */
export function parseRating(text: string): number | undefined {
  const t = text.trim().toLowerCase().replace(',', '.');
  if (!t) return undefined;
  const stars = /^[★☆]+$/.exec(t);
  if (stars) return points([...t].filter((c) => c === '★').length * 20);
  const match = /^(\d{1,3}(?:\.\d+)?)\s*(?:\/\s*(100|20|10|5)|p|pts|poeng|points|stars?|stjerner?)?$/.exec(t);
  if (!match) return undefined;
  const value = Number(match[1]);
  const scale = match[2] ? Number(match[2]) : value <= 5 ? 5 : value <= 100 && value >= 50 ? 100 : undefined;
  if (!scale || value <= 0 || value > scale) return undefined;
  return points((value / scale) * 100);
}

function points(value: number): number | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  return Math.min(100, Math.max(50, Math.round(value)));
}

/**
 * Words naming a wine's main category, most telling first: "White - Sparkling" is sparkling, "Red -
 * Sweet/Dessert" dessert, "Rødvin" red. Folded (æ→ae, ø→o, accents gone).
 */
const CATEGORY_WORDS: [MainCategory, RegExp][] = [
  [
    'nonAlcoholic',
    /\b(alkoholfri|alkoholfritt|alkoholfrie|alcohol free|alcohol-free|non alcoholic|non-alcoholic|alcoholfree|0 ?%)\b/,
  ],
  ['beer', /\b(ol|beer|pils|lager|ale|ipa|stout|porter)\b/],
  [
    'spirits',
    /\b(brennevin|spirits?|sprit|whisky|whiskey|cognac|armagnac|calvados|gin|vodka|rom|rum|akevitt|aquavit|grappa|brandy|tequila|mezcal|likor|liqueur)\b/,
  ],
  [
    'fortified',
    /\b(sterkvin|fortified|port|portvin|porto|sherry|madeira|marsala|vin doux naturel|ovrig sterkvin)\b/,
  ],
  ['aromatized', /\b(aromatisert|aromatised|aromatized|vermut|vermouth|vermouth)\b/],
  ['fruit', /\b(fruktvin|fruit wine|sider|cider|mjod|mead)\b/],
  [
    'sparkling',
    /\b(musserende|mousserende|sparkling|champagne|cava|prosecco|cremant|spumante|sekt|perlende|frizzante|petillant|pet nat|pet-nat|franciacorta)\b/,
  ],
  ['dessert', /\b(dessert|dessertvin|sot|sote|sweet|sauternes|tokaji|ice ?wine|isvin|eiswein)\b/],
  ['orange', /\b(oransje|oransjevin|orange|orange wine|skin contact|skinnkontakt|amber)\b/],
  ['rose', /\b(rose|rosevin|rosado|rosato|rose wine|blush)\b/],
  ['white', /\b(hvit|hvitvin|hvitt|white|blanc|blanco|bianco|weiss|weisswein)\b/],
  ['red', /\b(rod|rodvin|rodt|red|rouge|tinto|rosso|rot|rotwein)\b/],
];

/** A main category from a type, colour or category word in Norwegian or English; undefined if none. */
export function parseCategory(text: string): MainCategory | undefined {
  const folded = foldText(text)
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
  if (!folded) return undefined;
  for (const [category, words] of CATEGORY_WORDS) if (words.test(folded)) return category;
  return undefined;
}

/**
 * Grapes from a list: split on "," "/" ";" "&" "+" and " og "/" and "; a share ("Merlot 60%",
 * "60% Merlot") is dropped. Duplicates are kept once.
 */
export function parseGrapes(text: string): string[] {
  const seen = new Set<string>();
  const grapes: string[] = [];
  for (const part of text.split(/[,/;&+]|\s+(?:og|and|und|et|y|e)\s+/i)) {
    const grape = part
      .replace(/\(?\s*\d+(?:[.,]\d+)?\s*%\s*\)?/g, '')
      .replace(SPACES, ' ')
      .trim();
    const key = foldText(grape);
    if (!grape || seen.has(key)) continue;
    seen.add(key);
    grapes.push(grape);
  }
  return grapes;
}

/** Text that says "nothing here" ("Unknown", "ukjent", "n/a", "-"): CellarTracker fills empty places so. */
export function isPlaceholder(text: string): boolean {
  return /^(unknown|ukjent|n\/?a|none|ingen|-+|–|\?)$/i.test(text.trim());
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  nbsp: ' ',
};

/** HTML character references in exported text ("Feteasc&#259;", "Moët &amp; Chandon") as characters. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#\d{1,7}|#x[\da-f]{1,6}|amp|quot|apos|lt|gt|nbsp);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
