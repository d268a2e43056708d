/**
 * A Vectura delivery or order confirmation's text as wine lines: Vectura number, name, quantity, price.
 *
 * The table's header ("Varenr (Vectura) | Varenavn | Antall | Enhet | Pris", with "Beløp" often after)
 * gives the columns by the x positions of its words; the words of a row below it go to those columns
 * (left- and right-aligned columns both read, see `cellsOf`). A row whose
 * number cell is a Vectura number (5–8 digits) is a wine; a row under it with only a name is more of its
 * name. Quantities are bottles: a carton ("kart", "kartong" with "6 x 75 cl") counts its bottles. Vectura
 * invoices the trade ex VAT, per bottle: the price is the purchase price without VAT (checked against the
 * line's amount when there is one, which also tells a price per carton). A page without the header uses
 * the columns of the page before; a document without any is read row by row like an invoice.
 */
import type { LineIssue, ParsedWineLine } from '@kork/shared';
import type { DocumentText, DocumentWord } from '../../adapters/documents';
import type { ReadLine } from '../read/read-line';
import { parseMoneyMinor, parseQuantity, parseVintage } from '../read/values';
import { invoiceLines } from './invoice-lines';
import { type DocumentRow, documentRows } from './rows';
import { fixDigits, hasLetters, rowTokens } from './tokens';
import { nameParts } from './wine-name';

type Column = 'number' | 'name' | 'quantity' | 'unit' | 'price' | 'total' | 'vintage';

const HEADERS: [Column, RegExp][] = [
  ['number', /^(varenr|varenummer|art\.?nr|artnr|artikkelnr|artikkel|vnr)\.?:?$/i],
  ['name', /^(varenavn|produkt|produktnavn|beskrivelse|varebeskrivelse|navn|vare)$/i],
  ['quantity', /^(antall|ant\.?|kvantum|levert|bestilt)$/i],
  ['unit', /^(enhet|enh\.?|forp\.?|forpakning|pakning)$/i],
  ['price', /^(pris|enhetspris|a-pris|á-pris|nettopris|pris\/enhet)$/i],
  ['total', /^(beløp|sum|total|linjesum|nettobeløp)$/i],
  ['vintage', /^(årgang)$/i],
];

interface Span {
  column: Column;
  left: number;
  right: number;
}

const NUMBER = /^\d{5,8}$/;
const CARTON = /\b(kart|kartong|kartonger|kasse|kasser|kolli|eske|esker|krt)\b\.?/i;

/** The header's columns, when the row is the table's header. */
function headerOf(row: DocumentRow): Span[] | undefined {
  const spans: Span[] = [];
  for (const word of row.words) {
    const text = word.text.replace(/[:|]/g, '');
    const column = HEADERS.find(([, pattern]) => pattern.test(text))?.[0];
    const last = spans.at(-1);
    if (column && !spans.some((s) => s.column === column)) {
      spans.push({ column, left: word.left, right: word.left + word.width });
    } else if (last) {
      last.right = Math.max(last.right, word.left + word.width);
    }
  }
  const has = (c: Column) => spans.some((s) => s.column === c);
  return has('number') && has('name') && (has('quantity') || has('price')) ? spans : undefined;
}

/**
 * Words a space apart make a phrase ("1 020,00", "kart 6 x 75 cl"); a phrase belongs to the rightmost
 * column that starts before its right edge. That reads left-aligned text (it starts at its header) and
 * right-aligned amounts (they end under their header) alike.
 */
function cellsOf(words: DocumentWord[], spans: Span[]): Partial<Record<Column, string>> {
  const phrases: { text: string; right: number }[] = [];
  let previous: DocumentWord | undefined;
  for (const word of words) {
    const phrase = phrases.at(-1);
    const gap = previous ? word.left - (previous.left + previous.width) : Number.POSITIVE_INFINITY;
    if (phrase && previous && gap < 0.8 * Math.max(word.height, previous.height)) {
      phrase.text = `${phrase.text} ${word.text}`;
      phrase.right = word.left + word.width;
    } else {
      phrases.push({ text: word.text, right: word.left + word.width });
    }
    previous = word;
  }
  const cells: Partial<Record<Column, string>> = {};
  for (const phrase of phrases) {
    let span = spans[0] as Span;
    for (const candidate of spans) if (candidate.left < phrase.right - 0.002) span = candidate;
    cells[span.column] = cells[span.column] ? `${cells[span.column]} ${phrase.text}` : phrase.text;
  }
  return cells;
}

interface Pending {
  row: DocumentRow;
  raw: string[];
  cells: Partial<Record<Column, string>>;
  name: string[];
}

export function vecturaLines(document: DocumentText): ReadLine[] {
  const rows = documentRows(document);
  const wines: Pending[] = [];
  let spans: Span[] | undefined;
  let page = 0;
  let last: Pending | undefined;
  for (const row of rows) {
    if (row.page !== page) {
      page = row.page;
      last = undefined;
    }
    const header = headerOf(row);
    if (header) {
      spans = header;
      last = undefined;
      continue;
    }
    if (!spans) continue;
    const cells = cellsOf(row.words, spans);
    const number = fixDigits((cells.number ?? '').replace(/\s/g, ''));
    if (NUMBER.test(number) && hasLetters(cells.name ?? '')) {
      last = { row, raw: [row.text.trim()], cells: { ...cells, number }, name: [cells.name ?? ''] };
      wines.push(last);
      continue;
    }
    const onlyName =
      cells.name &&
      hasLetters(cells.name) &&
      !cells.number &&
      !cells.quantity &&
      !cells.price &&
      !cells.total;
    if (last && onlyName && !/^(sum|total|totalt|mva|frakt)\b/i.test(cells.name ?? '')) {
      last.raw.push(row.text.trim());
      last.name.push(cells.name as string);
      continue;
    }
    last = undefined;
  }
  if (!spans) return invoiceLines({ pages: document.pages }).map(asVectura);
  return wines.map(finish);
}

function finish(wine: Pending): ReadLine {
  const { cells } = wine;
  const issues: LineIssue[] = [];
  const parts = nameParts(wine.name.join(' '));
  const parsed: ParsedWineLine = { wineName: parts.name, vecturaNumber: cells.number as string };
  const unit = cells.unit ?? '';
  const unitParts = nameParts(unit);
  const pack = unitParts.pack ?? parts.pack;
  const bottleSize = unitParts.bottleSize ?? parts.bottleSize;
  if (bottleSize !== undefined) parsed.bottleSize = bottleSize;
  const vintage = cells.vintage ? parseVintage(cells.vintage) : parts.vintage;
  if (vintage !== undefined) parsed.vintage = vintage;

  const count = cells.quantity ? parseQuantity(rowTokens(cells.quantity).join(' ')) : undefined;
  const cartons = CARTON.test(unit) || (pack !== undefined && !/\b(fl|flaske|flasker|stk|btl)\b/i.test(unit));
  let bottles: number | undefined;
  if (count !== undefined && count > 0) {
    if (!cartons) bottles = count;
    else if (pack) bottles = count * pack;
  }
  if (bottles !== undefined) parsed.quantity = bottles;
  else issues.push('quantityUnreadable');

  const price = cells.price ? parseMoneyMinor(rowTokens(cells.price).join(' ')) : undefined;
  const total = cells.total ? parseMoneyMinor(rowTokens(cells.total).join(' ')) : undefined;
  const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(1, count ?? 1);
  if (price !== undefined) {
    // A price per carton shows in the amount: cartons × price.
    if (
      total !== undefined &&
      bottles &&
      pack &&
      count &&
      !near(price * bottles, total) &&
      near(price * count, total)
    ) {
      parsed.purchasePriceWovat = Math.round(price / pack);
    } else {
      parsed.purchasePriceWovat = price;
      if (total !== undefined && bottles && !near(price * bottles, total)) issues.push('partlyRead');
    }
  } else if (total !== undefined && bottles) {
    parsed.purchasePriceWovat = Math.round(total / bottles);
    if (total % bottles !== 0) issues.push('partlyRead');
  } else {
    issues.push('priceUnreadable');
  }
  if (!parts.name) issues.push('nameMissing');
  return { at: { page: wine.row.page, line: wine.row.line }, raw: wine.raw.join(' '), parsed, issues };
}

/** A row read the invoice way: the number is Vectura's, the price ex VAT. */
function asVectura(line: ReadLine): ReadLine {
  const { vinmonopoletNumber, purchasePriceWvat, ...rest } = line.parsed;
  const parsed: ParsedWineLine = { ...rest };
  if (vinmonopoletNumber) parsed.vecturaNumber = vinmonopoletNumber;
  if (purchasePriceWvat !== undefined) parsed.purchasePriceWovat = purchasePriceWvat;
  return { ...line, parsed };
}
