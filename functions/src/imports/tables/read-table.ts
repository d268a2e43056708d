/**
 * A spreadsheet or CSV file as a table: header row and data rows of text (exceljs for .xlsx; CSV with
 * its delimiter and encoding, UTF-8 or Windows-1252, detected). A file without a header row (its first
 * row a wine) keeps that row as data. A corrupt file throws ImportFileError.
 *
 * What the file is comes from its bytes, not its name or media type: Windows sends CSV files as
 * `application/vnd.ms-excel`, and an .xlsx saved with the wrong ending is still a workbook. An .xlsx is
 * read as a stream, row by row, so a sheet of a million rows is never held whole: reading stops after
 * the header and `IMPORT_LIMITS.maxLines` rows and one more (to know the file had more), and cells past
 * `IMPORT_LIMITS.maxColumns` are not looked at.
 */
import { Readable } from 'node:stream';
import { IMPORT_LIMITS } from '@kork/shared';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { ImportFileError } from '../read/read-line';
import { decodeEntities } from '../read/values';
import { firstRowIsData } from './column-values';
import { namesField } from './guess-columns';

export interface TableData {
  /** The header row's cells; all empty for a table without one (`headerless`). */
  headers: string[];
  /** The file has no header row: its first row is data, kept among `rows`. */
  headerless?: boolean;
  /**
   * Data rows (fully empty rows left out), each as long as `headers`: at most `IMPORT_LIMITS.maxLines`
   * and one more when the file has more (so lines read from them show it, as `truncated` does).
   */
  rows: string[][];
  /** Each data row's row number in the file, 1-based, counting the header and blank rows. */
  rowNumbers: number[];
  /** The header row's number (rows above it were empty, or a title). */
  headerRow: number;
  /** The file had more data rows than an import holds (`IMPORT_LIMITS.maxLines`). */
  truncated: boolean;
  sheetName?: string;
  encoding?: 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
  delimiter?: string;
}

/** How long an .xlsx may take to read before it is taken as unreadable (a damaged archive can stall). */
const XLSX_READ_TIMEOUT_MS = 120_000;

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

const SAVE_AS = 'Save it as .xlsx or CSV in Excel and import that file';

export async function readTable(
  bytes: Uint8Array,
  fileName: string,
  contentType?: string,
): Promise<TableData> {
  const extension = extensionOf(fileName);
  if (bytes.length === 0) throw new ImportFileError('importFileEmpty', 'The file is empty');
  if (startsWith(bytes, ZIP)) return readXlsx(bytes);
  if (startsWith(bytes, OLE2)) {
    // Old Excel workbooks are OLE2 files; so are password-protected .xlsx files.
    if (extension === '.xlsx')
      throw new ImportFileError(
        'importFileUnreadable',
        'The workbook is password-protected. Remove the password in Excel and import it again',
      );
    throw new ImportFileError('unsupportedMediaType', `This is an old Excel workbook (.xls). ${SAVE_AS}`);
  }
  if (extension === '.xlsx')
    throw new ImportFileError('importFileUnreadable', 'The file is not an Excel workbook (.xlsx)');
  if (extension === '.xls' || extension === '.xlsb' || extension === '.ods' || extension === '.numbers')
    throw new ImportFileError('unsupportedMediaType', `This spreadsheet format cannot be read. ${SAVE_AS}`);
  void contentType;
  return readCsv(bytes);
}

// — CSV —

interface Decoded {
  text: string;
  encoding: NonNullable<TableData['encoding']>;
}

/** The text of a CSV file: by its byte-order mark, else UTF-8 if it is valid UTF-8, else Windows-1252. */
export function decodeText(bytes: Uint8Array): Decoded {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** Windows-1252's characters for 0x80–0x9F (undefined bytes kept as their C1 code points). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 text. Decoded by hand: Node's TextDecoder reads the label as Latin-1, which turns
 * 0x80–0x9F ("€", "’", "–") into control characters.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    units[i] = byte >= 0x80 && byte <= 0x9f ? (CP1252_HIGH[byte - 0x80] as number) : byte;
  }
  return new TextDecoder('utf-16le').decode(units);
}

/** Control characters no text file has (NUL, and the C0 range apart from tab and line ends). */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 64 * 1024);
  if (sample.includes('\u0000')) return true;
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) controls++;
  }
  return controls > Math.max(8, sample.length / 100);
}

const DELIMITERS = [',', ';', '\t', '|'];

/**
 * The delimiter: the one that splits the first lines into the same number of fields (more than one),
 * the most fields winning; none for a list of one column (Excel's "sep=;" first line is read before).
 */
function detectDelimiter(text: string): string | undefined {
  const sample = text.slice(0, 64 * 1024);
  let best: { delimiter: string | undefined; score: number } = { delimiter: undefined, score: 0 };
  let split = false;
  for (const delimiter of DELIMITERS) {
    const parsed = Papa.parse<string[]>(sample, { delimiter, preview: 20, skipEmptyLines: 'greedy' });
    // A row cut where the sample ends is not counted.
    const cut = parsed.data.length < 20 && text.length > sample.length;
    const rows = cut ? parsed.data.slice(0, -1) : parsed.data;
    const all = rows.map((row) => row.length);
    // A title line or two above the headers is no sign.
    let skip = 0;
    while (skip < TITLE_ROWS_MAX && all[skip] === 1 && (all[skip + 1] ?? 0) >= 2) skip++;
    const counts = all.slice(skip);
    const first = counts[0] ?? 0;
    if (first < 2) continue;
    split = true;
    const consistent = counts.filter((count) => count === first).length / counts.length;
    const score = consistent * first;
    if (consistent >= 0.8 && score > best.score) best = { delimiter, score };
  }
  // A header of one field is a list of one column (of names, say), whatever commas the names hold.
  return split ? (best.delimiter ?? ',') : undefined;
}

/** What splits no line: a one-column list read as one. */
const NO_DELIMITER = '\u001f';

function cleanCsvCell(cell: string): string {
  let value = cell.trim();
  // Excel's way to keep leading zeros: ="0123".
  const kept = /^="(.*)"$/.exec(value);
  if (kept) value = kept[1] as string;
  return decodeEntities(value).trim();
}

function readCsv(bytes: Uint8Array): TableData {
  const { text: decoded, encoding } = decodeText(bytes);
  let text = decoded.replace(/^\ufeff/, '');
  if (looksBinary(text)) throw new ImportFileError('importFileUnreadable', 'The file is not a table of text');
  if (!text.trim()) throw new ImportFileError('importFileEmpty', 'The file is empty');
  let lineOffset = 0;
  let delimiter: string | undefined;
  const sep = /^"?sep=(.)"?\r?\n/i.exec(text);
  if (sep) {
    delimiter = sep[1];
    text = text.slice(sep[0].length);
    lineOffset = 1;
  }
  delimiter ??= detectDelimiter(text);

  const collector = new RowCollector();
  let line = 1 + lineOffset;
  let counted = 0;
  Papa.parse<string[]>(text, {
    delimiter: delimiter ?? NO_DELIMITER,
    skipEmptyLines: false,
    step(results, parser) {
      const start = line;
      const end = results.meta.cursor;
      for (let i = counted; i < end; i++) if (text.charCodeAt(i) === 10) line++;
      counted = end;
      const cells = results.data.slice(0, IMPORT_LIMITS.maxColumns).map(cleanCsvCell);
      if (!collector.add(cells, start)) parser.abort();
    },
  });
  return { ...collector.table(), encoding, ...(delimiter ? { delimiter } : {}) };
}

// — The rows, whatever the file —

/**
 * Rows as read, fully empty ones left out: the header is the first non-empty row, unless that row is a
 * lone title above a row of several headers ("Vinkjeller 2024" in A1, the headers in row 3).
 */
class RowCollector {
  private readonly seen: { cells: string[]; row: number }[] = [];
  private extra = false;

  /** Takes a row; false once it has all it can use. */
  add(cells: string[], row: number): boolean {
    if (!cells.some((cell) => cell !== '')) return true;
    if (this.seen.length >= IMPORT_LIMITS.maxLines + TITLE_ROWS_MAX + 2) {
      this.extra = true;
      return false;
    }
    this.seen.push({ cells, row });
    return true;
  }

  table(): Omit<TableData, 'encoding' | 'delimiter' | 'sheetName'> {
    let start = 0;
    const filled = (i: number) => this.seen[i]?.cells.filter((cell) => cell !== '').length ?? 0;
    while (start < TITLE_ROWS_MAX && filled(start) === 1 && filled(start + 1) >= 2) start++;
    const header = this.seen[start];
    if (!header) throw new ImportFileError('importFileEmpty', 'The file is empty');
    // A list exported without headers: its first row is a wine, not the columns' names.
    const headerless = firstRowIsData(header.cells, namesField);
    const body = this.seen.slice(headerless ? start : start + 1);
    const truncated = this.extra || body.length > IMPORT_LIMITS.maxLines;
    // One row past the limit is kept, so lines read from the rows show the file had more.
    const rows = body.slice(0, IMPORT_LIMITS.maxLines + 1);
    // Columns run to the last one with anything in it, in the header or any row.
    let width = 0;
    for (const { cells } of [header, ...rows]) {
      for (let i = cells.length - 1; i >= width; i--) {
        if (cells[i] !== '') {
          width = i + 1;
          break;
        }
      }
    }
    const pad = (cells: string[]) => Array.from({ length: width }, (_, i) => cells[i] ?? '');
    return {
      headers: headerless ? pad([]) : pad(header.cells),
      ...(headerless ? { headerless } : {}),
      rows: rows.map(({ cells }) => pad(cells)),
      rowNumbers: rows.map(({ row }) => row),
      headerRow: headerless ? header.row - 1 : header.row,
      truncated,
    };
  }
}

/** Lone title rows skipped above the header row, at most. */
const TITLE_ROWS_MAX = 3;

// — .xlsx —

/** A number as people read it: no float noise (0.30000000000000004 is "0.3", 289.9 "289.9"). */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

function dateText(value: Date): string {
  return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
}

/** A cell's value as the user sees it: numbers, dates (ISO), rich text, formula results, links' text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return (v.richText as { text?: unknown }[])
        .map((run) => (typeof run.text === 'string' ? run.text : ''))
        .join('')
        .trim();
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if ('hyperlink' in v || 'text' in v) return cellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
}

async function readXlsx(bytes: Uint8Array): Promise<TableData> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ImportFileError('importFileUnreadable', 'The workbook could not be read to its end')),
      XLSX_READ_TIMEOUT_MS,
    );
  });
  try {
    try {
      return await Promise.race([readWorkbook(bytes), stalled]);
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      // The streaming reader can lose its place in a workbook whose first sheet is empty when the
      // machine is busy: the same bytes are read once more, whole (uploads are bounded in size).
      return await Promise.race([readWholeWorkbook(bytes), stalled]);
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('importFileUnreadable', 'The file is not a readable Excel workbook (.xlsx)');
  } finally {
    clearTimeout(timer);
  }
}

interface StreamRow {
  number: number;
  values: unknown[] | Record<number, unknown>;
}

async function readWorkbook(bytes: Uint8Array): Promise<TableData> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let sheets = 0;
  for await (const worksheet of reader) {
    sheets++;
    const collector = new RowCollector();
    let hasRows = false;
    for await (const row of worksheet as unknown as AsyncIterable<StreamRow>) {
      const values = row.values;
      const last = Array.isArray(values) ? Math.min(values.length - 1, IMPORT_LIMITS.maxColumns) : 0;
      const cells: string[] = [];
      for (let column = 1; column <= last; column++) cells.push(cellText((values as unknown[])[column]));
      if (cells.some((cell) => cell !== '')) hasRows = true;
      if (!collector.add(cells, row.number)) break;
    }
    if (hasRows) {
      const name = (worksheet as unknown as { name?: string }).name;
      return { ...collector.table(), ...(name ? { sheetName: name } : {}) };
    }
  }
  if (sheets === 0) throw new ImportFileError('importFileUnreadable', 'The file has no worksheets');
  throw new ImportFileError('importFileEmpty', 'The workbook has no rows');
}

/** The same reading as `readWorkbook`, from the workbook loaded whole. */
export async function readWholeWorkbook(bytes: Uint8Array): Promise<TableData> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  if (book.worksheets.length === 0)
    throw new ImportFileError('importFileUnreadable', 'The file has no worksheets');
  for (const worksheet of book.worksheets) {
    const collector = new RowCollector();
    let hasRows = false;
    for (let number = 1; number <= worksheet.rowCount; number++) {
      const row = worksheet.getRow(number);
      if (!row.hasValues) continue;
      const values = row.values;
      const last = Array.isArray(values) ? Math.min(values.length - 1, IMPORT_LIMITS.maxColumns) : 0;
      const cells: string[] = [];
      for (let column = 1; column <= last; column++) cells.push(cellText((values as unknown[])[column]));
      if (cells.some((cell) => cell !== '')) hasRows = true;
      if (!collector.add(cells, number)) break;
    }
    if (hasRows) return { ...collector.table(), ...(worksheet.name ? { sheetName: worksheet.name } : {}) };
  }
  throw new ImportFileError('importFileEmpty', 'The workbook has no rows');
}
