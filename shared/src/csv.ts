/**
 * CSV files Kork writes (the till's product feed, the sales and analytics exports): RFC 4180 quoting,
 * CRLF line ends, and text a spreadsheet would run as a formula made plain text. Every CSV writer
 * builds its cells with `csvCell` (or its rows with `toCsv`), so no export can carry a formula.
 */

/** A cell's value: text (escaped), a number (written as it is), or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

export interface CsvOptions {
  /** Between cells: `,` (RFC 4180) or `;` (what Excel expects where `,` is the decimal mark). */
  separator?: ',' | ';';
  /** A number's decimal mark (`,` in Norwegian). */
  decimalMark?: string;
  /** A byte order mark first, so Excel reads the file as UTF-8. */
  bom?: boolean;
}

/** Text starting with one of these is read by a spreadsheet as a formula (`=`, `+`, `-`, `@`, tab, CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet would run as a formula gets a leading `'`, which makes it plain text. Numbers are
 * written as numbers (`csvCell(-12.5)`), so a minus that belongs to a number is never touched.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell: text made formula-safe and quoted where it needs to be; numbers with the decimal mark. */
export function csvCell(value: CsvValue, { separator = ',', decimalMark = '.' }: CsvOptions = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', decimalMark) : '';
  const safe = neutralizeFormula(value);
  const quote = safe.includes(separator) || /["\r\n]/.test(safe) || safe !== safe.trim();
  return quote ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of cells as CSV text: cells joined by the separator, CRLF after every row. */
export function toCsv(rows: readonly (readonly CsvValue[])[], options: CsvOptions = {}): string {
  const separator = options.separator ?? ',';
  const lines = rows.map((row) => row.map((cell) => csvCell(cell, options)).join(separator));
  return `${options.bom ? '\uFEFF' : ''}${lines.map((line) => `${line}\r\n`).join('')}`;
}
