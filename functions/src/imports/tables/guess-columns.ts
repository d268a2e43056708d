/**
 * Guessing a table's column assignment: a CellarTracker or Vivino export by its column set; else what
 * the owner chose last for the same headers; else the headers' words in Norwegian and English, with the
 * sample values as a tiebreak; a column without a telling header (or a table without a header row) by its
 * values (./column-values.ts). A field is never given to two columns: the first, best column wins.
 */
import type { AssignmentSource, ImportField, ImportJob } from '@kork/shared';
import {
  parseBottleSize,
  parseDrinkingWindow,
  parseMoneyMinor,
  parseQuantity,
  parseRating,
  parseVintage,
} from '../read/values';
import { valueScores } from './column-values';

export interface AssignmentGuess {
  assignment: (ImportField | null)[];
  source: AssignmentSource;
  format: NonNullable<ImportJob['format']>;
}

type Remembered = Readonly<Record<string, ImportField | null>>;

/**
 * A header as remembered and compared: lower case, trimmed, accents folded (é→e, ü→u) but æ, ø and å
 * kept (they are letters of their own), and punctuation as single spaces ("Pris (inkl. mva)" is
 * "pris inkl mva").
 */
export function foldHeader(header: string): string {
  let folded = '';
  for (const char of header.normalize('NFC').toLowerCase()) {
    folded +=
      char === 'æ' || char === 'ø' || char === 'å' ? char : char.normalize('NFD').replace(/\p{M}/gu, '');
  }
  return folded.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

// — Known exports —

/**
 * CellarTracker's CSV exports (My Cellar / List, Bottles, Availability) by their column names, folded.
 * Each field lists the columns that can carry it, best first; the others stay unassigned (Kork has no
 * place for them, or another column carries the same: Type holds colour and style, so Color and
 * Category are left out). Scores are CellarTracker's 50–100 points already; `MY` is the owner's own.
 * `PNotes`/`CNotes` are counts of tasting notes, not notes.
 */
const CELLARTRACKER: Partial<Record<ImportField, string[]>> = {
  wineName: ['wine'],
  producer: ['producer'],
  vintage: ['vintage'],
  bottleSize: ['size', 'bottlesize'],
  quantity: ['quantity', 'totalquantity', 'inventory'],
  purchasePriceWvat: ['price', 'bottlecost'],
  country: ['country'],
  region: ['region'],
  category: ['type', 'color', 'category'],
  grapes: ['varietal', 'mastervarietal'],
  location: ['location'],
  drinkFrom: ['beginconsume', 'personalbegin'],
  drinkTo: ['endconsume', 'personalend'],
  rating: ['my', 'pscore', 'ct'],
  note: ['bottlenote', 'purchasenote', 'note'],
};

/**
 * Vivino's exports (the wine list and the cellar export), folded. "Your rating" is the owner's 1–5
 * stars (read as × 20 points); the community's "Average rating" is not the owner's and stays out. The
 * drinking window ("2024-2030") goes to drinkFrom and gives both ends when read. "Scan/Review Location"
 * is where a label was scanned, not where the bottle lies.
 */
const VIVINO: Partial<Record<ImportField, string[]>> = {
  wineName: ['wine name'],
  producer: ['winery'],
  vintage: ['vintage'],
  quantity: ['user cellar count'],
  purchasePriceWvat: ['wine price', 'price'],
  country: ['country'],
  region: ['region'],
  category: ['wine type'],
  drinkFrom: ['drinking window'],
  rating: ['your rating'],
  note: ['personal note', 'your review'],
};

function isCellarTracker(folded: readonly string[]): boolean {
  return folded.includes('iwine') && folded.includes('wine') && folded.includes('vintage');
}

function isVivino(folded: readonly string[]): boolean {
  const marks = [
    'regional wine style',
    'link to wine',
    'user cellar count',
    'scan date',
    'average rating',
    'label image',
  ];
  return (
    folded.includes('winery') && folded.includes('wine name') && marks.some((mark) => folded.includes(mark))
  );
}

function byExport(folded: readonly string[], fields: Partial<Record<ImportField, string[]>>) {
  const assignment: (ImportField | null)[] = folded.map(() => null);
  for (const [field, names] of Object.entries(fields) as [ImportField, string[]][]) {
    for (const name of names) {
      const index = folded.indexOf(name);
      if (index >= 0 && assignment[index] === null) {
        assignment[index] = field;
        break;
      }
    }
  }
  return assignment;
}

// — Header words —

/**
 * Words and phrases naming each field (folded as headers are). A header that is one of them scores
 * highest; one that holds a phrase as whole words next; one whose last word ends in it (Norwegian
 * compounds: "Innkjøpspris", "Vinnavn") lower.
 */
const WORDS: Record<ImportField, string[]> = {
  wineName: [
    'vin',
    'vinnavn',
    'navn',
    'wine',
    'wine name',
    'name',
    'product',
    'produkt',
    'produktnavn',
    'product name',
    'varenavn',
    'varebeskrivelse',
    'vare',
    'label',
    'cuvee',
    'etikett',
    'description',
  ],
  producer: [
    'produsent',
    'produced by',
    'producer',
    'winery',
    'produsentnavn',
    'vinhus',
    'domaine',
    'maker',
    'winemaker',
  ],
  vintage: ['årgang', 'argang', 'aargang', 'year', 'vintage', 'år'],
  bottleSize: [
    'volum',
    'størrelse',
    'storrelse',
    'flaskestørrelse',
    'flaskestorrelse',
    'size',
    'bottle size',
    'bottlesize',
    'cl',
    'ml',
    'liter',
    'volume',
    'format',
  ],
  quantity: [
    'antall',
    'beholdning',
    'lager',
    'lagerbeholdning',
    'qty',
    'quantity',
    'count',
    'stk',
    'antall flasker',
    'flasker',
    'bottles',
    'number of bottles',
    'on hand',
    'in stock',
    'inventory',
    'totalquantity',
  ],
  purchasePriceWvat: [
    'innkjøpspris',
    'innkjopspris',
    'kostpris',
    'pris inkl mva',
    'inkl mva',
    'purchase price',
    'cost',
    'bottle cost',
    'price paid',
    'pris',
    'price',
    'enhetspris',
    'unit price',
    'innkjøp',
  ],
  purchasePriceWovat: [
    'eks mva',
    'ex vat',
    'excl vat',
    'netto',
    'nettopris',
    'pris eks mva',
    'innkjøpspris eks mva',
  ],
  sellingPrice: [
    'utsalgspris',
    'salgspris',
    'menypris',
    'selling price',
    'price on list',
    'listepris',
    'vinkartpris',
    'list price',
    'menu price',
    'sales price',
    'sale price',
    'kartpris',
  ],
  country: ['land', 'country', 'opprinnelsesland', 'country of origin'],
  region: ['region', 'distrikt', 'område', 'omrade', 'appellasjon', 'appellation', 'area', 'underdistrikt'],
  category: [
    'farge',
    'type',
    'kategori',
    'colour',
    'color',
    'category',
    'vintype',
    'wine type',
    'varetype',
    'varegruppe',
  ],
  grapes: [
    'drue',
    'druer',
    'druesort',
    'druesorter',
    'grape',
    'grapes',
    'varietal',
    'variety',
    'grape variety',
    'råstoff',
    'rastoff',
    'cepage',
  ],
  vinmonopoletNumber: [
    'varenummer',
    'varenr',
    'vmp',
    'vmp nr',
    'vinmonopolet',
    'vinmonopolet nr',
    'vinmonopolet varenummer',
    'vinmonopolnr',
    'polnr',
    'pol nr',
  ],
  vecturaNumber: ['vectura', 'artikkelnr vectura', 'vectura nr', 'vectura artikkelnr', 'vectura varenummer'],
  location: [
    'lokasjon',
    'plassering',
    'hylle',
    'location',
    'bin',
    'lagerplass',
    'reol',
    'skap',
    'storage',
    'plass',
  ],
  drinkFrom: [
    'drikkevindu fra',
    'drink from',
    'drikkes fra',
    'drikke fra',
    'drinking window from',
    'begin consume',
    'beginconsume',
    'drikkevindu',
    'drinking window',
    'fra',
    'from',
  ],
  drinkTo: [
    'drikkevindu til',
    'drink to',
    'drikkes til',
    'drikke til',
    'drink by',
    'drink until',
    'drinking window to',
    'end consume',
    'endconsume',
    'til',
    'to',
  ],
  rating: [
    'poeng',
    'score',
    'rating',
    'karakter',
    'vurdering',
    'points',
    'my score',
    'your rating',
    'stjerner',
    'stars',
  ],
  note: [
    'notat',
    'note',
    'notes',
    'notater',
    'kommentar',
    'kommentarer',
    'comment',
    'comments',
    'merknad',
    'smaksnotat',
    'tasting note',
    'personal note',
  ],
};

/** Words that name a field only loosely: a header that is exactly one gives way to a more telling one. */
const LOOSE = new Set([
  'navn',
  'name',
  'vare',
  'pris',
  'price',
  'type',
  'fra',
  'til',
  'from',
  'to',
  'count',
  'plass',
  'format',
]);

/** Headers that say the price is without VAT ("Innkjøpspris eks. mva", "Netto"). */
const EX_VAT = /\b(eks|ekskl|ex|excl|exkl|uten|u)\s*(mva|vat|moms)\b|\bnetto|\beksmva\b|\bexvat\b/;

/** How well a header names each field (0 or absent: not at all). */
function headerScores(folded: string): Map<ImportField, number> {
  const scores = new Map<ImportField, number>();
  if (!folded) return scores;
  const words = folded.split(' ');
  const last = words.at(-1) ?? '';
  for (const [field, phrases] of Object.entries(WORDS) as [ImportField, string[]][]) {
    let best = 0;
    for (const phrase of phrases) {
      let score = 0;
      if (folded === phrase) score = LOOSE.has(phrase) ? 80 : 100;
      else if (` ${folded} `.includes(` ${phrase} `)) score = 50 + phrase.length;
      else if (
        !phrase.includes(' ') &&
        phrase.length >= 4 &&
        last.length > phrase.length &&
        last.endsWith(phrase)
      )
        score = 20 + phrase.length;
      best = Math.max(best, score);
    }
    if (best > 0) scores.set(field, best);
  }
  // Words that settle what a header is, whatever else it holds.
  if (folded.includes('vectura')) scores.set('vecturaNumber', 200);
  const pricey = ['purchasePriceWvat', 'purchasePriceWovat'] as const;
  if (EX_VAT.test(folded) && pricey.some((field) => scores.has(field))) {
    scores.set('purchasePriceWovat', 150);
    scores.delete('purchasePriceWvat');
  }
  if (EX_VAT.test(folded) && scores.has('sellingPrice')) {
    // Kork's selling price includes VAT; a price without it is left for the owner to place.
    scores.delete('sellingPrice');
    scores.delete('purchasePriceWovat');
  }
  return scores;
}

/** Whether a value reads as the field wants (for the fields whose values have a shape). */
const READS: Partial<Record<ImportField, (value: string) => boolean>> = {
  vintage: (v) => parseVintage(v) !== undefined,
  bottleSize: (v) => parseBottleSize(v) !== undefined,
  quantity: (v) => parseQuantity(v) !== undefined,
  purchasePriceWvat: (v) => parseMoneyMinor(v) !== undefined,
  purchasePriceWovat: (v) => parseMoneyMinor(v) !== undefined,
  sellingPrice: (v) => parseMoneyMinor(v) !== undefined,
  drinkFrom: (v) => parseDrinkingWindow(v) !== undefined,
  drinkTo: (v) => parseDrinkingWindow(v) !== undefined,
  rating: (v) => parseRating(v) !== undefined,
};

/** The share of a column's non-empty samples that read as the field wants; undefined if none to judge. */
function readShare(field: ImportField, samples: readonly string[]): number | undefined {
  const reads = READS[field];
  const values = samples.filter((sample) => sample.trim() !== '');
  if (!reads || values.length === 0) return undefined;
  return values.filter(reads).length / values.length;
}

/** Whether a cell reads as a header naming a field ("Årgang", "Wine", "Antall flasker"). */
export function namesField(cell: string): boolean {
  for (const score of headerScores(foldHeader(cell)).values()) if (score >= 50) return true;
  return false;
}

/** Fields a column's values say surely enough under a header that names nothing. */
const SURE_BY_VALUE = new Set<ImportField>(['vintage', 'bottleSize']);
/** valueScores' score of a column of sizes written with their unit. */
const SIZE_WITH_UNIT = 60;

function byHeaders(
  folded: readonly string[],
  samples: readonly (readonly string[])[],
  taken: (ImportField | null | undefined)[],
): (ImportField | null)[] {
  const assignment: (ImportField | null)[] = taken.map((field) => field ?? null);
  const used = new Set(assignment.filter((field): field is ImportField => field !== null));
  const candidates: { column: number; field: ImportField; score: number }[] = [];
  folded.forEach((header, column) => {
    if (taken[column] !== undefined) return;
    const columnSamples = samples[column] ?? [];
    const scores = headerScores(header);
    if (scores.size === 0) {
      for (const [field, score] of valueScores(columnSamples)) {
        // Under a header that names nothing, only values that cannot be anything else say what a column
        // is (years, sizes with their unit); numbers and words may be a shelf, a score or a note, and
        // are left for the owner. A column without any header is judged by its values alone.
        if (header && !SURE_BY_VALUE.has(field)) continue;
        if (header && field === 'bottleSize' && score < SIZE_WITH_UNIT) continue;
        scores.set(field, score);
      }
    }
    for (const [field, score] of scores) {
      const share = readShare(field, columnSamples);
      // Samples break ties between like headers, and pull down a header whose values are not its kind.
      const adjusted = share === undefined ? score : share >= 0.5 ? score + 5 : score - 30;
      if (adjusted > 0) candidates.push({ column, field, score: adjusted });
    }
  });
  candidates.sort((a, b) => b.score - a.score || a.column - b.column);
  for (const { column, field } of candidates) {
    if (assignment[column] !== null || used.has(field)) continue;
    assignment[column] = field;
    used.add(field);
  }
  // Two text columns told apart by their values alone: lists put the producer before the wine.
  const name = assignment.indexOf('wineName');
  const producer = assignment.indexOf('producer');
  if (name >= 0 && producer > name && !folded[name] && !folded[producer]) {
    assignment[name] = 'producer';
    assignment[producer] = 'wineName';
  }
  return assignment;
}

export function guessAssignment(
  headers: readonly string[],
  samples: readonly (readonly string[])[],
  remembered?: Readonly<Record<string, ImportField | null>>,
): AssignmentGuess {
  const folded = headers.map(foldHeader);
  if (isCellarTracker(folded))
    return { assignment: byExport(folded, CELLARTRACKER), source: 'cellarTracker', format: 'cellarTracker' };
  if (isVivino(folded)) return { assignment: byExport(folded, VIVINO), source: 'vivino', format: 'vivino' };

  // The owner's choices for headers seen before (a field once, the first column keeping it).
  const taken: (ImportField | null | undefined)[] = folded.map(() => undefined);
  const used = new Set<ImportField>();
  let fromMemory = 0;
  folded.forEach((header, column) => {
    if (!header || !remembered || !Object.hasOwn(remembered, header)) return;
    const field = (remembered as Remembered)[header] ?? null;
    if (field !== null && used.has(field)) return;
    taken[column] = field;
    if (field) used.add(field);
    fromMemory++;
  });
  const assignment = byHeaders(folded, samples, taken);
  const named = folded.filter(Boolean).length;
  const source: AssignmentSource =
    named === 0 ? 'values' : fromMemory > 0 && fromMemory * 2 >= named ? 'remembered' : 'headers';
  return { assignment, source, format: 'table' };
}
