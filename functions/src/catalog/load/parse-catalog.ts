/**
 * Reads Vinmonopolet's product catalogue row by row. Two forms of the file exist and both are read:
 * Kork's copy (UTF-8, comma separated, every field quoted, decimal point) and Vinmonopolet's own
 * (Windows-1252, semicolon separated, decimal comma). The form is detected from the bytes: a UTF-8
 * byte order mark or valid UTF-8 means UTF-8, anything else is Windows-1252; the delimiter is the one
 * the header line uses most. A row that cannot become a wine is reported with its line number and the
 * rows around it still come through.
 */
import { pipeline, Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { parse } from 'csv-parse';
import {
  CatalogRowError,
  columnKey,
  type ImportedWine,
  type MapCatalogRowOptions,
  mapCatalogRow,
  REQUIRED_CATALOG_COLUMNS,
} from './map-row';

/** One data row: the wine, or why the row was refused. `line` is 1-based and the header is line 1. */
export type CatalogRowResult = { line: number; wine: ImportedWine } | { line: number; error: string };

export type CatalogEncoding = 'utf-8' | 'windows-1252';
export type CatalogDelimiter = ',' | ';';
export interface CatalogForm {
  encoding: CatalogEncoding;
  delimiter: CatalogDelimiter;
}

/** The input is not a catalogue at all (no header, or a header without the product columns). */
export class CatalogFormatError extends Error {
  override name = 'CatalogFormatError';
}

export type CatalogInput = Buffer | NodeJS.ReadableStream | AsyncIterable<Buffer | Uint8Array | string>;

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const EMPTY = Buffer.alloc(0);

/**
 * Windows-1252's characters for bytes 0x80–0x9F. Some Node.js releases decode `windows-1252` as
 * Latin-1 when a whole buffer is decoded at once and leave these as C1 control characters
 * (nodejs/node#60888); they are mapped here. The five bytes the code page leaves undefined keep their
 * C1 code point, as the WHATWG decoder does.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(decoder: TextDecoder, bytes: Uint8Array, stream: boolean): string {
  return decoder
    .decode(bytes, { stream })
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

function startsWithBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** UTF-8 when the bytes are valid UTF-8 (a sequence cut off at the very end is allowed), else Windows-1252. */
function detectEncoding(bytes: Uint8Array): CatalogEncoding {
  if (startsWithBom(bytes)) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Index of the first line break outside quotes, or -1. */
function firstLineEnd(text: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) return i;
  }
  return -1;
}

/** The delimiter the header line uses more often (comma when neither or both equally). */
function detectDelimiter(text: string): CatalogDelimiter {
  const end = firstLineEnd(text);
  const line = end === -1 ? text : text.slice(0, end);
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** The form of a catalogue file, from its first bytes (the header line and a few rows are plenty). */
export function detectForm(head: Buffer): CatalogForm {
  const body = startsWithBom(head) ? head.subarray(UTF8_BOM.length) : head;
  const encoding = detectEncoding(body);
  const text =
    encoding === 'utf-8'
      ? new TextDecoder('utf-8').decode(body)
      : decodeWindows1252(new TextDecoder('windows-1252'), body, false);
  return { encoding, delimiter: detectDelimiter(text) };
}

/**
 * Turns the file's bytes into text as they arrive. The encoding is settled at the first byte outside
 * ASCII (ASCII reads the same in both encodings), so a long plain-ASCII start does not fool it. Windows
 * line ends become "\n" so that line numbers stay right inside quoted multi-line fields.
 */
class CatalogDecoder {
  encoding: CatalogEncoding | undefined;
  private decoder: TextDecoder | undefined;
  private held: Buffer = EMPTY;
  private started = false;
  private pendingCr = false;

  write(chunk: Buffer): string {
    return this.lineEnds(this.decode(chunk, false), false);
  }

  end(): string {
    return this.lineEnds(this.decode(EMPTY, true), true);
  }

  private settle(encoding: CatalogEncoding) {
    this.encoding = encoding;
    this.decoder = new TextDecoder(encoding);
  }

  private decode(chunk: Buffer, final: boolean): string {
    let bytes = this.held.length > 0 ? Buffer.concat([this.held, chunk]) : chunk;
    this.held = EMPTY;
    if (!this.started) {
      if (!final && bytes.length < UTF8_BOM.length && UTF8_BOM.subarray(0, bytes.length).equals(bytes)) {
        this.held = bytes;
        return '';
      }
      this.started = true;
      if (startsWithBom(bytes)) {
        bytes = bytes.subarray(UTF8_BOM.length);
        this.settle('utf-8');
      }
    }
    if (!this.decoder) {
      const first = bytes.findIndex((byte) => byte >= 0x80);
      if (first === -1) return bytes.toString('latin1');
      // Too few bytes to judge a multi-byte sequence: wait for the next chunk.
      if (!final && bytes.length - first < 4) {
        this.held = Buffer.from(bytes.subarray(first));
        return bytes.toString('latin1', 0, first);
      }
      this.settle(detectEncoding(bytes.subarray(first)));
    }
    const decoder = this.decoder as TextDecoder;
    return this.encoding === 'windows-1252'
      ? decodeWindows1252(decoder, bytes, !final)
      : decoder.decode(bytes, { stream: !final });
  }

  private lineEnds(text: string, final: boolean): string {
    let out = text;
    if (this.pendingCr) {
      out = `\r${out}`;
      this.pendingCr = false;
    }
    if (!final && out.endsWith('\r')) {
      this.pendingCr = true;
      out = out.slice(0, -1);
    }
    return out.includes('\r\n') ? out.replace(/\r\n/g, '\n') : out;
  }
}

function toBuffer(chunk: Buffer | Uint8Array | string): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

async function* chunksOf(input: CatalogInput): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(input)) {
    yield input;
    return;
  }
  for await (const chunk of input as AsyncIterable<Buffer | Uint8Array | string>) yield toBuffer(chunk);
}

async function* textOf(input: CatalogInput, decoder: CatalogDecoder): AsyncGenerator<string> {
  for await (const chunk of chunksOf(input)) {
    const text = decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

function countLineBreaks(fields: string[]): number {
  let count = 0;
  for (const field of fields) {
    for (let i = 0; i < field.length; i++) {
      const code = field.charCodeAt(i);
      if (code === 10 || code === 13) count++;
    }
  }
  return count;
}

function mapRow(line: number, row: Record<string, string>, options: MapCatalogRowOptions): CatalogRowResult {
  try {
    return { line, wine: mapCatalogRow(row, options) };
  } catch (error) {
    if (error instanceof CatalogRowError) return { line, error: error.message };
    throw error;
  }
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

interface SkippedRecord {
  line: number;
  error: string;
}

/**
 * Reads a catalogue (a whole file in a Buffer, or a stream of its bytes) and yields one result per data
 * row, in file order. Throws CatalogFormatError when the header lacks the product columns.
 */
export async function* readCatalogRows(
  input: CatalogInput,
  options: MapCatalogRowOptions = {},
): AsyncGenerator<CatalogRowResult> {
  const decoder = new CatalogDecoder();
  const text = textOf(input, decoder);
  const iterator = text[Symbol.asyncIterator]();
  try {
    // Read up to the end of the header line to learn the delimiter.
    let head = '';
    let ended = false;
    while (firstLineEnd(head) === -1) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      head += next.value;
    }
    if (!head.trim()) return;
    const delimiter = detectDelimiter(head);

    async function* all(): AsyncGenerator<string> {
      yield head;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    }

    const skipped: SkippedRecord[] = [];
    // A record the parser gives up on (a quote left open) starts after the last record it read.
    let lastRecordEnd = 0;
    const parser = parse({
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_record: (record, context) => {
        lastRecordEnd = context.lines;
        return record;
      },
      on_skip: (error) => {
        skipped.push({
          line: lastRecordEnd + 1,
          error: `The row cannot be read: ${error?.message ?? 'unknown error'}`,
        });
        lastRecordEnd = typeof error?.lines === 'number' ? error.lines : lastRecordEnd + 1;
        return undefined;
      },
    });
    const records = pipeline(Readable.from(all()), parser, () => {
      // Errors surface through the iteration below.
    }) as AsyncIterable<ParsedRecord>;

    let header: string[] | undefined;
    for await (const { record, info } of records) {
      const line = info.lines - countLineBreaks(record);
      while (skipped.length > 0 && (skipped[0]?.line ?? 0) <= line) yield skipped.shift() as SkippedRecord;
      if (!header) {
        header = record.map((name) => name.replace(/^\uFEFF/, '').trim());
        const keys = new Set(header.map(columnKey));
        const missing = REQUIRED_CATALOG_COLUMNS.filter((column) => !keys.has(columnKey(column)));
        if (missing.length > 0) {
          throw new CatalogFormatError(
            `The catalogue header (line ${line}) lacks the column(s) ${missing.map((c) => `"${c}"`).join(', ')}`,
          );
        }
        continue;
      }
      if (record.every((field) => !field.trim())) continue;
      const extra = record.slice(header.length);
      if (record.length < header.length || extra.some((field) => field.trim())) {
        yield { line, error: `The row has ${record.length} fields, the header has ${header.length}` };
        continue;
      }
      const row: Record<string, string> = {};
      for (const [i, name] of header.entries()) row[name] = record[i] ?? '';
      yield mapRow(line, row, options);
    }
    yield* skipped;
  } finally {
    await iterator.return?.(undefined);
  }
}
