/**
 * Table rows under a column assignment as wine lines. A row with no wine name (a blank, a totals row,
 * the header repeated) is left out. Each value is read with the value parsers; what cannot be read is
 * kept out of the parsed line and named in its issues, and the row's text stays in `raw` for the user.
 */
import { foldText, type ImportField, type LineIssue, type ParsedWineLine } from '@kork/shared';
import type { ReadLine } from '../read/read-line';
import {
  isNoWindow,
  isPlaceholder,
  parseBottleSize,
  parseCategory,
  parseDrinkingWindow,
  parseGrapes,
  parseMoneyMinor,
  parseQuantity,
  parseRating,
  parseVintage,
  parseYear,
} from '../read/values';
import { foldHeader } from './guess-columns';
import type { TableData } from './read-table';

/** What shows a row is a sum, not a wine. */
const TOTALS = /^(sum|sum totalt|total|totalt|totals|totalsum|i alt|grand total|subtotal|delsum|sum\s*:?)$/;

/** The longest `raw` kept (a row of long notes is cut with an ellipsis). */
const RAW_MAX = 1_000;

function rawOf(cells: readonly string[]): string {
  const raw = cells.filter((cell) => cell !== '').join(' · ');
  return raw.length > RAW_MAX ? `${raw.slice(0, RAW_MAX - 1)}…` : raw;
}

/** Text of a cell, or undefined for an empty one or a placeholder ("Unknown", "-"). */
function textOf(value: string | undefined): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text && !isPlaceholder(text) ? text : undefined;
}

/**
 * The wine's name without the producer in front when the name repeats it (CellarTracker's "Wine" is
 * "Domaine Leflaive Puligny-Montrachet"): the line's display name puts the producer before the name.
 */
function withoutProducer(name: string, producer: string | undefined): string {
  if (!producer) return name;
  const words = name.split(' ');
  const producerWords = producer.split(' ');
  if (words.length <= producerWords.length) return name;
  if (!producerWords.every((word, i) => foldText(word) === foldText(words[i] ?? ''))) return name;
  const rest = words
    .slice(producerWords.length)
    .join(' ')
    .replace(/^[\s,\-–]+/, '');
  return /\p{L}/u.test(rest) ? rest : name;
}

const SIZE_IN_NAME = /(?<![\p{L}\p{N},.])(\d+(?:[,.]\d+)?)\s*(ml|cl|dl|l|ltr|liter|litre)\b\.?/giu;
const YEAR_IN_NAME = /(?<![\p{L}\p{N},.])(1[89]\d\d|20\d\d)(?![\p{L}\p{N}])/gu;
const NV_IN_NAME = /(?<![\p{L}\p{N}.])(n\.?v\.?|u\.?v\.?)(?![\p{L}\p{N}])/giu;

/**
 * The name without the vintage and the bottle size its own columns hold ("Ch. Margaux 1990 (750ML)"
 * with 1990 and 750 ml beside it is "Ch. Margaux"): only what equals the columns' values goes, and
 * brackets left empty with it. A name that would be left without a letter is kept as it is.
 */
export function withoutColumnValues(
  name: string,
  vintage: number | null | undefined,
  bottleSize: number | undefined,
): string {
  let cleaned = name;
  if (bottleSize !== undefined)
    cleaned = cleaned.replace(SIZE_IN_NAME, (text, amount: string, unit: string) =>
      parseBottleSize(`${amount} ${unit}`) === bottleSize ? ' ' : text,
    );
  if (typeof vintage === 'number')
    cleaned = cleaned.replace(YEAR_IN_NAME, (text) => (Number(text) === vintage ? ' ' : text));
  else if (vintage === null) cleaned = cleaned.replace(NV_IN_NAME, ' ');
  if (cleaned === name) return name;
  cleaned = cleaned
    .replace(/[([{]\s*[)\]}]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.])/g, '$1')
    .replace(/^[\s,.·\-–/]+|[\s,·\-–/]+$/g, '')
    .trim();
  return /\p{L}/u.test(cleaned) ? cleaned : name;
}

export function linesFromTable(table: TableData, assignment: readonly (ImportField | null)[]): ReadLine[] {
  const columnOf = new Map<ImportField, number>();
  assignment.forEach((field, column) => {
    if (field && !columnOf.has(field) && column < table.headers.length) columnOf.set(field, column);
  });
  const nameColumn = columnOf.get('wineName');
  if (nameColumn === undefined) return [];
  const nameHeader = foldHeader(table.headers[nameColumn] ?? '');

  const lines: ReadLine[] = [];
  table.rows.forEach((cells, i) => {
    const cell = (field: ImportField): string => {
      const column = columnOf.get(field);
      return column === undefined ? '' : (cells[column] ?? '').trim();
    };
    const name = textOf(cell('wineName'));
    if (!name) return;
    const foldedName = foldHeader(name);
    if (TOTALS.test(foldedName) || (nameHeader && foldedName === nameHeader)) return;

    const issues = new Set<LineIssue>();
    const producer = textOf(cell('producer'));
    const parsed: ParsedWineLine = { wineName: withoutProducer(name, producer) };
    if (producer) parsed.producer = producer;

    const vintageText = cell('vintage');
    if (vintageText) {
      const vintage = parseVintage(vintageText);
      if (vintage === undefined) issues.add('vintageUnreadable');
      else parsed.vintage = vintage;
    }

    const sizeText = cell('bottleSize');
    if (sizeText) {
      const size = parseBottleSize(sizeText);
      if (size === undefined) issues.add('bottleSizeUnreadable');
      else parsed.bottleSize = size;
    }

    const quantityText = cell('quantity');
    if (quantityText) {
      const quantity = parseQuantity(quantityText);
      if (quantity === undefined) issues.add('quantityUnreadable');
      else parsed.quantity = quantity;
    }

    for (const field of ['purchasePriceWvat', 'purchasePriceWovat', 'sellingPrice'] as const) {
      const priceText = cell(field);
      if (!priceText || isPlaceholder(priceText)) continue;
      const minor = parseMoneyMinor(priceText);
      if (minor === undefined) issues.add('priceUnreadable');
      // No price is written as 0 by many (CellarTracker among them); a wine is not free.
      else if (minor > 0) parsed[field] = minor;
    }

    const country = textOf(cell('country'));
    if (country) parsed.country = country;
    const region = textOf(cell('region'));
    if (region) parsed.region = region;

    const categoryText = textOf(cell('category'));
    if (categoryText) {
      const category = parseCategory(categoryText);
      if (category) parsed.mainCategoryId = category;
      else issues.add('categoryUnknown');
    }

    const grapesText = textOf(cell('grapes'));
    if (grapesText) {
      const grapes = parseGrapes(grapesText);
      if (grapes.length > 0) parsed.grapes = grapes;
    }

    const vmp = textOf(cell('vinmonopoletNumber'))?.replace(/\s/g, '');
    if (vmp) {
      if (/^\d{1,9}$/.test(vmp)) parsed.vinmonopoletNumber = vmp;
      else issues.add('partlyRead');
    }
    const vectura = textOf(cell('vecturaNumber'))?.replace(/\s/g, '');
    if (vectura) parsed.vecturaNumber = vectura;

    const location = textOf(cell('location'));
    if (location) parsed.location = location;

    readWindow(cell('drinkFrom'), cell('drinkTo'), parsed, issues);

    const ratingText = cell('rating');
    if (ratingText && !isPlaceholder(ratingText) && Number(ratingText) !== 0) {
      const rating = parseRating(ratingText);
      if (rating === undefined) issues.add('ratingUnreadable');
      else parsed.rating = rating;
    }

    const note = textOf(cell('note'));
    if (note) parsed.note = note;

    // The vintage and size have their columns: the name that repeats them is cleaned of them.
    parsed.wineName = withoutProducer(withoutColumnValues(name, parsed.vintage, parsed.bottleSize), producer);

    lines.push({
      at: { row: table.rowNumbers?.[i] ?? (table.headerRow ?? 1) + i + 1 },
      raw: rawOf(cells),
      parsed,
      issues: [...issues],
    });
  });
  return perBottle(table, columnOf) ? bottlesTogether(lines) : lines;
}

/**
 * Whether each row is one bottle: CellarTracker's List export (it has an `iWine` column and no
 * quantity) writes six bottles of a wine as six rows.
 */
function perBottle(table: TableData, columnOf: Map<ImportField, number>): boolean {
  return !columnOf.has('quantity') && table.headers.some((header) => foldHeader(header) === 'iwine');
}

/** Rows of the same wine, read the same, as one line of as many bottles (at the first row). */
function bottlesTogether(lines: ReadLine[]): ReadLine[] {
  const byWine = new Map<string, ReadLine>();
  for (const line of lines) {
    const key = JSON.stringify([line.parsed, line.issues]);
    const first = byWine.get(key);
    if (first) first.parsed.quantity = (first.parsed.quantity ?? 1) + 1;
    else byWine.set(key, { ...line, parsed: { ...line.parsed, quantity: 1 } });
  }
  return [...byWine.values()];
}

/**
 * The drinking window from its two columns. A "from" cell may hold the whole window ("2024-2030", as
 * Vivino's Drinking Window does); CellarTracker's 9999 and 1001 mean no window.
 */
function readWindow(fromText: string, toText: string, parsed: ParsedWineLine, issues: Set<LineIssue>): void {
  if (!isNoWindow(fromText)) {
    const window = parseDrinkingWindow(fromText);
    if (!window) issues.add('windowUnreadable');
    else {
      if (window.from !== undefined) parsed.drinkFrom = window.from;
      if (window.to !== undefined) parsed.drinkTo = window.to;
    }
  }
  if (!isNoWindow(toText)) {
    const to = parseYear(toText) ?? parseDrinkingWindow(toText)?.to;
    if (to === undefined) issues.add('windowUnreadable');
    else parsed.drinkTo = to;
  }
  if (parsed.drinkFrom !== undefined && parsed.drinkTo !== undefined && parsed.drinkTo < parsed.drinkFrom) {
    issues.add('windowUnreadable');
    delete parsed.drinkFrom;
    delete parsed.drinkTo;
  }
}
