/**
 * Importing a till's CSV sales export (docs/pos.md). The owner names the file's columns; rows are
 * grouped into till transactions by the transaction-id column, or without one each row is its own
 * transaction identified by its row number and text, so the same file imported twice changes nothing.
 * Each transaction is taken in as the till would send it (pos-ingest.ts), four at a time. A row that
 * cannot be read is reported with its row number, and its transaction is not taken in; the rest are.
 */
import { createHash } from 'node:crypto';
import {
  MONEY_MAX_MINOR,
  POS_LIMITS,
  type PosImportOutcome,
  type PosImportRowError,
  type PosSaleEvent,
  type PosSalesImport,
  withBounds,
} from '@kork/shared';
import Papa from 'papaparse';
import { DomainError, ValidationError } from '../platform/errors';
import { ingestPosSale, type PosSource } from './pos-ingest';
import { ProductResolver } from './pos-products-resolve';

const CONCURRENCY = 4;
const FIELDS = ['transactionId', 'soldAt', 'productId', 'quantity', 'unitPrice'] as const;
type Field = (typeof FIELDS)[number];

/** A row as read. */
interface Row {
  row: number;
  transactionId: string;
  soldAt: string;
  line: PosSaleEvent['lines'][number];
}

class RowError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

const pad = (n: string) => n.padStart(2, '0');

function validDay(year: number, month: number, day: number): boolean {
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/**
 * A time of sale as written: ISO 8601 (with or without its offset), `YYYY-MM-DD HH:mm[:ss]`,
 * `DD.MM.YYYY HH:mm[:ss]` or `DD.MM.YYYY` (midnight). Without an offset it is the till's local time and
 * is kept as written; the sale's day is its date part.
 */
export function parseSoldAt(text: string): string {
  const value = text.trim();
  const iso =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(value);
  const nordic = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  let parts: [string, string, string, string, string, string] | undefined;
  let offset = '';
  if (iso) {
    parts = [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6] ?? '00'] as typeof parts;
    offset = iso[8] ? iso[8].toUpperCase() : '';
  } else if (nordic) {
    parts = [
      nordic[3],
      pad(nordic[2] as string),
      pad(nordic[1] as string),
      pad(nordic[4] ?? '00'),
      nordic[5] ?? '00',
      nordic[6] ?? '00',
    ] as typeof parts;
  } else if (dateOnly) {
    parts = [dateOnly[1], dateOnly[2], dateOnly[3], '00', '00', '00'] as typeof parts;
  }
  if (!parts) throw new RowError('invalidDate');
  const [y, mo, d, h, mi, s] = parts;
  if (!validDay(Number(y), Number(mo), Number(d)) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    throw new RowError('invalidDate');
  if (offset && offset !== 'Z' && !offset.includes(':')) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`;
}

/** A price as written: whole currency units with `.` or `,` decimals (`249.50`, `1 249,50`), or minor units. */
export function parsePrice(text: string, unit: 'major' | 'minor'): number {
  const value = text.replace(/[\s\u00a0]/g, '');
  if (value === '') throw new RowError('required');
  let minor: number;
  if (unit === 'minor') {
    if (!/^\d+$/.test(value)) throw new RowError('mustBeWholeNumber');
    minor = Number(value);
  } else {
    if (value.startsWith('-')) throw new RowError('mustNotBeNegative');
    const decimal = Math.max(value.lastIndexOf(','), value.lastIndexOf('.'));
    const whole = decimal < 0 ? value : value.slice(0, decimal).replace(/[.,]/g, '');
    const fraction = decimal < 0 ? '' : value.slice(decimal + 1);
    if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) throw new RowError('mustBeNumber');
    if (fraction.length > 2) throw new RowError('tooManyDecimals');
    minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  }
  if (minor > MONEY_MAX_MINOR) throw new RowError('amountTooLarge');
  return minor;
}

function parseQuantity(text: string): number {
  const value = text.trim();
  if (value === '') throw new RowError('required');
  if (!/^\d+$/.test(value)) throw new RowError('mustBeWholeNumber');
  const quantity = Number(value);
  if (quantity < 1 || quantity > POS_LIMITS.quantityMax)
    throw new RowError(withBounds('between', { min: 1, max: POS_LIMITS.quantityMax }));
  return quantity;
}

function parseText(text: string, max: number): string {
  const value = text.trim();
  if (value === '') throw new RowError('required');
  if (value.length > max) throw new RowError(withBounds('maxCharacters', { max }));
  return value;
}

/** The file's rows (the header is row 1), with the columns assigned; 400 for a column the file has not. */
function readRows(input: PosSalesImport): { rows: Row[]; errors: PosImportRowError[] } {
  const parsed = Papa.parse<string[]>(input.csv.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
  });
  const [header = [], ...body] = parsed.data;
  const names = header.map((name) => name.trim());
  const index = {} as Record<Field, number>;
  const unknown: Record<string, string> = {};
  for (const field of FIELDS) {
    const name = input.columns[field];
    if (name === undefined) continue;
    let at = names.indexOf(name.trim());
    if (at < 0) at = names.findIndex((n) => n.toLowerCase() === name.trim().toLowerCase());
    if (at < 0) unknown[`columns.${field}`] = withBounds('unknownColumn', { name: name.trim() });
    else index[field] = at;
  }
  if (Object.keys(unknown).length > 0) throw new ValidationError(unknown);
  if (body.length > POS_LIMITS.importRowsMax)
    throw new ValidationError({ csv: withBounds('maxItems', { max: POS_LIMITS.importRowsMax }) });

  const unit = input.priceUnit ?? 'major';
  const delimiter = parsed.meta.delimiter || ',';
  const rows: Row[] = [];
  const errors: PosImportRowError[] = [];
  body.forEach((cells, i) => {
    const row = i + 2;
    const cell = (field: Field) => cells[index[field]] ?? '';
    try {
      const transactionId =
        index.transactionId === undefined
          ? `csv-${createHash('sha256')
              .update(`${row}\n${cells.join(delimiter)}`)
              .digest('hex')
              .slice(0, 32)}`
          : parseText(cell('transactionId'), POS_LIMITS.transactionIdMax);
      rows.push({
        row,
        transactionId,
        soldAt: parseSoldAt(cell('soldAt')),
        line: {
          productId: parseText(cell('productId'), POS_LIMITS.productIdMax),
          quantity: parseQuantity(cell('quantity')),
          unitPrice: parsePrice(cell('unitPrice'), unit),
        },
      });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      // The transaction of a row that cannot be read is not taken in: its other rows say so below.
      const id = index.transactionId === undefined ? undefined : cell('transactionId').trim();
      errors.push({ row, message: error.key });
      if (id)
        rows.push({
          row: -row,
          transactionId: id,
          soldAt: '',
          line: { productId: '', quantity: 0, unitPrice: 0 },
        });
    }
  });
  return { rows, errors };
}

/** What a refused transaction's rows say: its first field's message, or the error's own. */
function messageOf(error: unknown): string {
  if (!(error instanceof DomainError)) throw error;
  const first = error.fields && Object.values(error.fields)[0];
  return first ?? error.message;
}

/** Imports a till's sales export; answers what became sales, what was there already, what waits for mapping. */
export async function importPosSales(
  ownerId: string,
  input: PosSalesImport,
  source: PosSource,
): Promise<PosImportOutcome> {
  const { rows, errors } = readRows(input);
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.transactionId);
    if (group) group.push(row);
    else groups.set(row.transactionId, [row]);
  }
  const events: { event: PosSaleEvent; rows: number[] }[] = [];
  for (const [posTransactionId, group] of groups) {
    const broken = group.some((row) => row.row < 0);
    const good = group.filter((row) => row.row > 0);
    if (broken || good.length > POS_LIMITS.linesMax) {
      const message = broken
        ? 'posTransactionNotImported'
        : withBounds('maxItems', { max: POS_LIMITS.linesMax });
      for (const row of good) errors.push({ row: row.row, message });
      continue;
    }
    const first = good[0] as Row;
    events.push({
      event: { posTransactionId, soldAt: first.soldAt, lines: good.map((row) => row.line) },
      rows: good.map((row) => row.row),
    });
  }

  const outcome: PosImportOutcome = {
    transactions: events.length,
    recorded: 0,
    duplicates: 0,
    needsMapping: 0,
    errors,
  };
  const resolver = new ProductResolver(ownerId);
  let next = 0;
  const worker = async () => {
    while (next < events.length) {
      const { event, rows: eventRows } = events[next++] as (typeof events)[number];
      try {
        const result = await ingestPosSale(ownerId, event, source, resolver);
        if (result.status === 'recorded') {
          outcome.recorded++;
          outcome.needsMapping += result.needsMapping;
        } else outcome.duplicates++;
      } catch (error) {
        const message = messageOf(error);
        for (const row of eventRows) errors.push({ row, message });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  errors.sort((a, b) => a.row - b.row);
  outcome.transactions = events.length;
  return outcome;
}
