/**
 * One row of Vinmonopolet's product catalogue (`produkter.csv`, Norwegian column names) turned into a
 * catalogue wine. Pure: no I/O, no clock except the vintage ceiling (current year + 1).
 */
import { facetId, foldText, type GrapeShare, type MainCategory, type Wine } from '@kork/shared';

/** A catalogue wine before it has an id. */
export type ImportedWine = Omit<Wine, 'id'>;

/** A row that cannot become a wine; the message names the column and the value. */
export class CatalogRowError extends Error {
  override name = 'CatalogRowError';
  constructor(
    message: string,
    readonly column?: string,
    readonly value?: string,
  ) {
    super(message);
  }
}

/** The columns of Vinmonopolet's file, spelled as in its header. */
export const CATALOG_COLUMNS = [
  'Datotid',
  'Varenummer',
  'Varenavn',
  'Volum',
  'Pris',
  'Literpris',
  'Varetype',
  'Produktutvalg',
  'Butikkategori',
  'Fylde',
  'Friskhet',
  'Garvestoffer',
  'Bitterhet',
  'Sodme',
  'Farge',
  'Lukt',
  'Smak',
  'Passertil01',
  'Passertil02',
  'Passertil03',
  'Land',
  'Distrikt',
  'Underdistrikt',
  'Argang',
  'Rastoff',
  'Metode',
  'Alkohol',
  'Sukker',
  'Syre',
  'Lagringsgrad',
  'Produsent',
  'Grossist',
  'Distributor',
  'Emballasjetype',
  'Korktype',
  'Vareurl',
] as const;
export type CatalogColumn = (typeof CATALOG_COLUMNS)[number];

/** Columns without which a file is not a catalogue at all. */
export const REQUIRED_CATALOG_COLUMNS: readonly CatalogColumn[] = [
  'Varenummer',
  'Varenavn',
  'Volum',
  'Varetype',
];

const columnKeys = new Map<string, string>();

/**
 * How a header name is matched: case, a byte order mark, surrounding whitespace and Norwegian letters
 * do not matter ("ÅRGANG", "Argang" and "\uFEFFargang" are the same column).
 */
export function columnKey(header: string): string {
  let key = columnKeys.get(header);
  if (key === undefined) {
    key = foldText(header.replace(/^\uFEFF/, '').trim());
    // Files have a few dozen distinct headers; the bound only guards against odd input.
    if (columnKeys.size < 1000) columnKeys.set(header, key);
  }
  return key;
}

/** Vinmonopolet writes "Ukjent" (unknown) where it has no value. */
const UNKNOWN = 'ukjent';

const STYLE_CATEGORIES: Record<string, MainCategory> = {
  rodvin: 'red',
  hvitvin: 'white',
  rosevin: 'rose',
  'musserende vin': 'sparkling',
  'perlende vin': 'sparkling',
  champagne: 'sparkling',
  oransjevin: 'orange',
  dessertvin: 'dessert',
  sterkvin: 'fortified',
  portvin: 'fortified',
  sherry: 'fortified',
  madeira: 'fortified',
  'ovrig sterkvin': 'fortified',
  'aromatisert sterkvin': 'fortified',
  fruktvin: 'fruit',
  'musserende fruktvin': 'fruit',
  sider: 'fruit',
  mjod: 'fruit',
  vermut: 'aromatized',
  'ovrig svakvin': 'aromatized',
  ol: 'beer',
  alkoholfritt: 'nonAlcoholic',
  akevitt: 'spirits',
  whisky: 'spirits',
  druebrennevin: 'spirits',
  vodka: 'spirits',
  likor: 'spirits',
  'likor under 22 %': 'spirits',
  fruktbrennevin: 'spirits',
  rom: 'spirits',
  gin: 'spirits',
  'ovrig brennevin': 'spirits',
  'ovrig brennevin under 22 %': 'spirits',
  bitter: 'spirits',
  'bitter under 22 %': 'spirits',
  genever: 'spirits',
  brennevin: 'spirits',
  cognac: 'spirits',
  armagnac: 'spirits',
  calvados: 'spirits',
  brandy: 'spirits',
  grappa: 'spirits',
  tequila: 'spirits',
  mezcal: 'spirits',
};

/** "Aromatisert Svakvin og annen blandet drikk" arrives cut to 40 characters; match its start. */
const STYLE_PREFIXES: [string, MainCategory][] = [['aromatisert svakvin', 'aromatized']];

/** Still red and white wines this sweet (grams of sugar per litre) are dessert wines. */
export const DESSERT_SUGAR_MIN = 45;

function styleKey(style: string): string {
  return foldText(style).replace(/\s+/g, ' ').trim();
}

/**
 * The main category for a Vinmonopolet `Varetype`. A type the table does not know is a spirit when it
 * is 22 % or stronger (Norway's line between wine and spirits), otherwise an aromatized drink.
 */
export function categoryOf(style: string | undefined, alcohol?: number, sugar?: number): MainCategory {
  const key = style ? styleKey(style) : '';
  let category = STYLE_CATEGORIES[key] ?? STYLE_PREFIXES.find(([prefix]) => key.startsWith(prefix))?.[1];
  if (!category) category = alcohol !== undefined && alcohol >= 22 ? 'spirits' : 'aromatized';
  if ((category === 'red' || category === 'white') && sugar !== undefined && sugar >= DESSERT_SUGAR_MIN) {
    return 'dessert';
  }
  return category;
}

const SHARE = String.raw`(\d{1,3}(?:[.,]\d+)?)\s*%`;
const NAME_THEN_SHARE = new RegExp(String.raw`^(.*?)\s*\(?\s*${SHARE}\s*\)?$`);
const SHARE_THEN_NAME = new RegExp(String.raw`^\(?\s*${SHARE}\s*\)?\s*(.*)$`);

/**
 * Splits a list at commas, semicolons, " og ", " & " and " + " that are not inside parentheses; a
 * comma between two digits is a decimal comma ("12,5%") and stays.
 */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    if (depth > 0) continue;
    let skip = 0;
    if (char === ',' || char === ';') {
      if (char === ',' && /\d/.test(text[i - 1] ?? '') && /\d/.test(text[i + 1] ?? '')) continue;
      skip = 1;
    } else if (char === ' ') {
      const rest = text.slice(i, i + 4).toLowerCase();
      if (rest === ' og ') skip = 4;
      else if (rest.startsWith(' & ') || rest.startsWith(' + ')) skip = 3;
    }
    if (skip) {
      parts.push(text.slice(start, i));
      start = i + skip;
      i = start - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function toShare(text: string): number | undefined {
  const share = Number(text.replace(',', '.'));
  return Number.isFinite(share) && share > 0 && share <= 100 ? share : undefined;
}

/**
 * The grapes (or, for spirits and beer, the raw materials) of a `Rastoff` value:
 * "Cabernet Sauvignon 53%, Merlot 47%", "90% Ugni Blanc, 10% Colombard", "Maltet bygg, gjær og vann".
 */
export function parseGrapes(text: string | undefined): GrapeShare[] {
  if (!text) return [];
  const grapes: GrapeShare[] = [];
  for (const part of splitList(text)) {
    const item = part.trim().replace(/[.\s]+$/, '');
    if (!item || item.toLowerCase() === UNKNOWN) continue;
    const after = NAME_THEN_SHARE.exec(item);
    const before = after?.[1] ? undefined : SHARE_THEN_NAME.exec(item);
    const match = after?.[1]
      ? { name: after[1], share: after[2] }
      : before && { name: before[2], share: before[1] };
    const name = (match ? (match.name ?? '') : item).trim();
    if (!name || name.toLowerCase() === UNKNOWN) continue;
    const share = toShare(match?.share ?? '');
    grapes.push(share === undefined ? { name } : { name, share });
  }
  return grapes;
}

/** A number written with a decimal point or a decimal comma ("13.50", "13,50", "1 299,90"). */
function parseDecimal(column: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const compact = raw.replace(/[\s\u00a0]/g, '');
  if (!/^-?\d+(?:[.,]\d+)?$/.test(compact)) {
    throw new CatalogRowError(`${column} "${raw}" is not a number`, column, raw);
  }
  return Number(compact.replace(',', '.'));
}

function nonNegative(column: string, raw: string | undefined, max = Number.POSITIVE_INFINITY) {
  const value = parseDecimal(column, raw);
  if (value !== undefined && (value < 0 || value > max)) {
    throw new CatalogRowError(`${column} "${raw}" is out of range`, column, raw);
  }
  return value;
}

/** Vinmonopolet's 1–12 taste profile; 0 means not rated. */
function tasteProfile(column: string, raw: string | undefined): number | undefined {
  const value = parseDecimal(column, raw);
  if (value === undefined || value === 0) return undefined;
  if (!Number.isInteger(value) || value < 0 || value > 12) {
    throw new CatalogRowError(`${column} "${raw}" is not a taste profile value (1 to 12)`, column, raw);
  }
  return value;
}

function vintageOf(raw: string | undefined, now: Date): number | null {
  if (raw === undefined) return null;
  const year = Number(raw);
  if (!/^\d{4}$/.test(raw) || year < 1800 || year > now.getUTCFullYear() + 1) {
    throw new CatalogRowError(`Argang "${raw}" is not a vintage year`, 'Argang', raw);
  }
  return year;
}

/** The earliest year a name's last word counts as a vintage (docs/decisions.md, "Vintages in names"). */
export const NAME_VINTAGE_MIN = 1950;

/** Words before a year that make it a founding year, a solera's or a cask's number, not a vintage. */
const NOT_VINTAGE_BEFORE = new Set([
  'anno',
  'solera',
  'since',
  'siden',
  'est',
  'etabl',
  'cask',
  'fat',
  'nr',
  'no',
]);

/**
 * A vintage written at the end of a name whose `Argang` is empty ("… Clos St. Jacques 2006"): the last
 * word, a year from 1950 to next year after at least one other word, and not a founding year ("Anno
 * 1900", "Solera 1847", "Since 1998"). The name loses the year, as names do whose `Argang` says it, so
 * a display never shows "2006 2006".
 */
export function vintageInName(fullName: string, now: Date): { vintage: number; name: string } | undefined {
  const match = /^(.*\S)\s+(\d{4})$/.exec(fullName);
  if (!match) return undefined;
  const [, rest = '', digits = ''] = match;
  const year = Number(digits);
  if (year < NAME_VINTAGE_MIN || year > now.getUTCFullYear() + 1) return undefined;
  const before = foldText(rest.split(/\s+/).pop() ?? '').replace(/[^a-z]/g, '');
  if (NOT_VINTAGE_BEFORE.has(before)) return undefined;
  return { vintage: year, name: rest };
}

export interface MapCatalogRowOptions {
  /** Today, for the latest plausible vintage (next year's). */
  now?: Date;
}

/**
 * Maps one catalogue row (column name → text) to a wine. Header names are matched without regard to
 * case; every value is trimmed and "Ukjent" counts as no value. Throws CatalogRowError for a row that
 * cannot be a wine (no product number, an impossible vintage or bottle size, a price that is no number).
 */
export function mapCatalogRow(row: Record<string, string>, options: MapCatalogRowOptions = {}): ImportedWine {
  const values = new Map<string, string>();
  for (const [header, value] of Object.entries(row)) {
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (text && text.toLowerCase() !== UNKNOWN) values.set(columnKey(header), text);
  }
  const get = (column: CatalogColumn): string | undefined => values.get(columnKey(column));

  const number = get('Varenummer');
  if (!number) throw new CatalogRowError('Varenummer is missing', 'Varenummer');
  if (!/^\d+$/.test(number)) {
    throw new CatalogRowError(`Varenummer "${number}" is not a product number`, 'Varenummer', number);
  }
  const fullName = get('Varenavn');
  if (!fullName) throw new CatalogRowError('Varenavn is missing', 'Varenavn');

  const now = options.now ?? new Date();
  let vintage = vintageOf(get('Argang'), now);
  const volume = get('Volum');
  const bottleSize = parseDecimal('Volum', volume);
  if (bottleSize === undefined) throw new CatalogRowError('Volum is missing', 'Volum');
  if (!(bottleSize > 0 && bottleSize < 100)) {
    throw new CatalogRowError(`Volum "${volume}" is not a bottle size in litres`, 'Volum', volume);
  }
  const price = nonNegative('Pris', get('Pris'));
  const priceMinor = price ? Math.round(price * 100) : undefined;

  const alcohol = nonNegative('Alkohol', get('Alkohol'), 100);
  const sugar = nonNegative('Sukker', get('Sukker'));
  const acid = nonNegative('Syre', get('Syre'));
  const style = get('Varetype');

  const region = get('Distrikt');
  let subRegion = get('Underdistrikt');
  // A sub-region that only repeats the region ("Rioja" in Rioja, "Øvrige" in Øvrige, accents and
  // punctuation aside) says nothing more: the wine has the region alone.
  if (subRegion && region && facetId(subRegion) === facetId(region)) subRegion = undefined;

  let name = fullName;
  if (vintage !== null && fullName.endsWith(String(vintage))) {
    // "Petite Folie 2011" → "Petite Folie"; "Siglo Saco Crianza 2008/2009" keeps its year.
    const stripped = fullName.slice(0, -4);
    if (/\S\s+$/.test(stripped)) name = stripped.trimEnd();
  } else if (vintage === null) {
    const fromName = vintageInName(fullName, now);
    if (fromName) {
      vintage = fromName.vintage;
      name = fromName.name;
    }
  }
  const wholesaler = get('Grossist');

  const wine: ImportedWine = {
    source: 'KORK',
    externalIds: [{ kind: 'VinmonopoletID', value: number }],
    name,
    producer: get('Produsent'),
    vintage,
    bottleSize,
    mainCategoryId: categoryOf(style, alcohol, sugar),
    style,
    country: get('Land'),
    region,
    subRegion,
    grapes: parseGrapes(get('Rastoff')),
    alcohol,
    acid,
    sugar,
    colour: get('Farge'),
    taste: get('Smak'),
    aroma: get('Lukt'),
    foodPairings: (['Passertil01', 'Passertil02', 'Passertil03'] as const)
      .map((column) => get(column))
      .filter((food): food is string => food !== undefined),
    body: tasteProfile('Fylde', get('Fylde')),
    freshness: tasteProfile('Friskhet', get('Friskhet')),
    tannins: tasteProfile('Garvestoffer', get('Garvestoffer')),
    bitterness: tasteProfile('Bitterhet', get('Bitterhet')),
    sweetness: tasteProfile('Sodme', get('Sodme')),
    packaging: get('Emballasjetype'),
    corkType: get('Korktype'),
    storingGrade: get('Lagringsgrad'),
    method: get('Metode'),
    wholesaler,
    carrier: get('Distributor'),
    productSelection: get('Produktutvalg'),
    storeCategory: get('Butikkategori'),
    vinmonopoletNumber: number,
    productUrl: get('Vareurl'),
    priceMinor,
    priceCurrency: 'NOK',
    isAvailable: priceMinor !== undefined,
    isHorecaAvailable: wholesaler !== undefined,
  };
  return withoutUndefined(wine);
}

/** The wine without its undefined keys (so that stored items and test expectations stay lean). */
export function withoutUndefined(wine: ImportedWine): ImportedWine {
  for (const key of Object.keys(wine) as (keyof ImportedWine)[]) {
    if (wine[key] === undefined) delete wine[key];
  }
  return wine;
}
