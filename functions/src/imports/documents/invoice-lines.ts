/**
 * A Vinmonopolet invoice's text as wine lines: Vinmonopolet number, name, quantity, unit price.
 *
 * A wine row starts with the Vinmonopolet number (5–8 digits) and ends with the quantity, the unit price
 * and usually the line's amount ("1234567  Barolo 2019 75 cl  2  349,90  699,80"); the amount checks the
 * unit price (or gives it when the unit price was misread). Vinmonopolet's prices include VAT. Headers,
 * totals, VAT lines, addresses, dates and page footers start with no such number and are passed over; a
 * name printed over two rows is joined. When the reader gives line items (Textract's AnalyzeExpense),
 * those are read first.
 */
import type { LineIssue, ParsedWineLine } from '@kork/shared';
import type { DocumentText, ExpenseItem } from '../../adapters/documents';
import type { ReadLine } from '../read/read-line';
import { parseMoneyMinor, parseQuantity } from '../read/values';
import { type DocumentRow, documentRows } from './rows';
import { amountsEndingAt, fixDigits, hasLetters, rowTokens } from './tokens';
import { nameParts } from './wine-name';

const NUMBER = /^\d{5,8}$/;
const QUANTITY = /^\d{1,4}$/;
/** Rows that end a wine's name printed over two rows. */
const NOT_A_NAME =
  /^(sum|total|totalt|mva|merverdiavgift|side|frakt|pant|rabatt|gebyr|levering|å betale|betalt|beløp|netto|brutto)\b/i;
/** Line items that are not wines. */
const NOT_A_WINE = /^(frakt|pant|rabatt|gebyr|levering|emballasje|porto|fraktkostnad|bærepose|pose)\b/i;

export function invoiceLines(document: DocumentText): ReadLine[] {
  if (document.expenseItems && document.expenseItems.length > 0) {
    const lines = expenseLines(document.expenseItems);
    if (lines.length > 0) return lines;
  }
  return rowLines(documentRows(document));
}

interface Tail {
  nameEnd: number;
  quantity: number;
  unit?: number;
  total?: number;
  score: number;
}

/** How the row's end reads as quantity, unit price and amount; the reading whose sums agree wins. */
function readTail(tokens: readonly string[]): Tail | undefined {
  const tails: Tail[] = [];
  const n = tokens.length;
  const quantityAt = (i: number) =>
    i >= 2 && QUANTITY.test(tokens[i] ?? '') ? Number(tokens[i]) : undefined;
  for (const total of amountsEndingAt(tokens, n)) {
    for (const unit of amountsEndingAt(tokens, total.start)) {
      const quantity = quantityAt(unit.start - 1);
      if (quantity === undefined) continue;
      const agrees = Math.abs(quantity * unit.minor - total.minor) <= Math.max(1, quantity);
      tails.push({
        nameEnd: unit.start - 1,
        quantity,
        unit: unit.minor,
        total: total.minor,
        score: agrees ? 3 : 1,
      });
    }
  }
  for (const unit of amountsEndingAt(tokens, n)) {
    const quantity = quantityAt(unit.start - 1);
    if (quantity !== undefined) tails.push({ nameEnd: unit.start - 1, quantity, unit: unit.minor, score: 2 });
  }
  const quantity = quantityAt(n - 1);
  if (quantity !== undefined) tails.push({ nameEnd: n - 1, quantity, score: 0 });
  tails.sort((a, b) => b.score - a.score || b.nameEnd - a.nameEnd);
  return tails[0];
}

interface Pending {
  row: DocumentRow;
  raw: string[];
  name: string[];
  nameLeft: number;
  bottom: number;
  number: string;
  tail?: Tail;
}

function rowLines(rows: DocumentRow[]): ReadLine[] {
  const pending: Pending[] = [];
  let last: Pending | undefined;
  for (const row of rows) {
    const tokens = rowTokens(row.text);
    const first = tokens[0] ?? '';
    if (NUMBER.test(first) && tokens.length >= 2) {
      const tail = readTail(tokens);
      const name = tokens.slice(1, tail ? tail.nameEnd : tokens.length);
      if (hasLetters(name.join(' '))) {
        const nameWord = row.words.find((w) => hasLetters(w.text));
        last = {
          row,
          raw: [row.text.trim()],
          name,
          nameLeft: nameWord?.left ?? 0,
          bottom: row.top + row.height,
          number: first,
          ...(tail ? { tail } : {}),
        };
        pending.push(last);
        continue;
      }
    }
    if (last && continuesName(last, row, tokens)) {
      last.raw.push(row.text.trim());
      last.name.push(...tokens);
      last.bottom = row.top + row.height;
      continue;
    }
    last = undefined;
  }
  return pending.map(finish);
}

/** A row under a wine's name, starting where the name starts, with words and no amounts: more name. */
function continuesName(wine: Pending, row: DocumentRow, tokens: string[]): boolean {
  if (row.page !== wine.row.page || tokens.length === 0) return false;
  const text = tokens.join(' ');
  if (!hasLetters(text) || NOT_A_NAME.test(text)) return false;
  if (tokens.some((_t, i) => amountsEndingAt(tokens, i + 1).length > 0)) return false;
  const first = row.words[0];
  if (!first || Math.abs(first.left - wine.nameLeft) > 0.02) return false;
  return row.top - wine.bottom < row.height * 1.2;
}

function finish(wine: Pending): ReadLine {
  const issues: LineIssue[] = [];
  const parts = nameParts(wine.name.join(' '));
  const parsed: ParsedWineLine = { wineName: parts.name, vinmonopoletNumber: wine.number };
  if (parts.vintage !== undefined) parsed.vintage = parts.vintage;
  if (parts.bottleSize !== undefined) parsed.bottleSize = parts.bottleSize;
  const tail = wine.tail;
  if (tail && tail.quantity > 0) parsed.quantity = tail.quantity;
  else issues.push('quantityUnreadable');
  const price = tail ? unitPrice(tail) : undefined;
  if (price) {
    parsed.purchasePriceWvat = price.minor;
    if (price.doubtful) issues.push('partlyRead');
  } else issues.push('priceUnreadable');
  if (!parts.name) issues.push('nameMissing');
  return { at: { page: wine.row.page, line: wine.row.line }, raw: wine.raw.join(' '), parsed, issues };
}

/** The unit price, checked against the amount; from the amount when the two disagree and it divides. */
function unitPrice(tail: Tail): { minor: number; doubtful: boolean } | undefined {
  if (tail.unit === undefined) return undefined;
  if (tail.total === undefined || tail.score === 3) return { minor: tail.unit, doubtful: false };
  if (tail.quantity > 1 && tail.total % tail.quantity === 0) {
    return { minor: tail.total / tail.quantity, doubtful: true };
  }
  return { minor: tail.unit, doubtful: true };
}

function expenseLines(items: ExpenseItem[]): ReadLine[] {
  const lines: ReadLine[] = [];
  items.forEach((item, index) => {
    const description = (item.description ?? item.row ?? '').replace(/\s+/g, ' ').trim();
    const code = fixDigits((item.productCode ?? '').replace(/\s/g, ''));
    const leading = /^([\dOoIl]{5,8})\s+(.*)$/.exec(description);
    const leadingNumber = leading ? fixDigits(leading[1] as string) : '';
    const number = NUMBER.test(code) ? code : NUMBER.test(leadingNumber) ? leadingNumber : undefined;
    const text = leading && number === leadingNumber ? (leading[2] as string) : description;
    if (!hasLetters(text) || NOT_A_WINE.test(text)) return;
    const issues: LineIssue[] = [];
    const parts = nameParts(text);
    const parsed: ParsedWineLine = { wineName: parts.name };
    if (number) parsed.vinmonopoletNumber = number;
    if (parts.vintage !== undefined) parsed.vintage = parts.vintage;
    if (parts.bottleSize !== undefined) parsed.bottleSize = parts.bottleSize;
    const quantity = item.quantity ? parseQuantity(fixDigits(item.quantity.trim())) : undefined;
    if (quantity) parsed.quantity = quantity;
    else issues.push('quantityUnreadable');
    const unit = item.unitPrice ? parseMoneyMinor(fixDigits(item.unitPrice)) : undefined;
    const total = item.price ? parseMoneyMinor(fixDigits(item.price)) : undefined;
    const price =
      unit !== undefined
        ? unitPrice({
            nameEnd: 0,
            quantity: quantity ?? 1,
            unit,
            total,
            score: agrees(quantity, unit, total),
          })
        : total !== undefined && quantity
          ? { minor: Math.round(total / quantity), doubtful: total % quantity !== 0 }
          : undefined;
    if (price) {
      parsed.purchasePriceWvat = price.minor;
      if (price.doubtful) issues.push('partlyRead');
    } else issues.push('priceUnreadable');
    const raw =
      item.row ?? [number, text, item.quantity, item.unitPrice, item.price].filter(Boolean).join(' ');
    lines.push({ at: { page: item.page ?? 1, line: index + 1 }, raw, parsed, issues });
  });
  return lines;
}

function agrees(quantity: number | undefined, unit: number, total: number | undefined): number {
  if (total === undefined || quantity === undefined) return 2;
  return Math.abs(quantity * unit - total) <= Math.max(1, quantity) ? 3 : 1;
}
