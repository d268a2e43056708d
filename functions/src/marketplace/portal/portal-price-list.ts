/**
 * An importer's price list (docs/marketplace.md, Importer accounts): its own HORECA price and stock per
 * wine, stored as one `supplierOffer` item per wine. A row is one item written whole or not at all, and
 * writing the same row again changes nothing, so a change sent twice lands once. Rows naming both a
 * price and a stock are put in batches; rows naming one of them update only that attribute.
 */
import {
  MARKETPLACE_LIMITS,
  type PriceListBasis,
  type PriceListUpdate,
  type PriceListUpdateResult,
  type PriceListUploadReport,
  withBounds,
} from '@kork/shared';
import Papa from 'papaparse';
import { getWines } from '../../catalog/wine-lookup';
import { tables } from '../../data/tables';
import { backoffMs } from '../../data/transactions';
import type { Principal } from '../../platform/auth';
import { ValidationError } from '../../platform/errors';
import { portalSupplier, supplierRecord } from './portal-supplier';
import { addDutiesToPrices, refusalMessage } from './price-list-duties';

type Row = PriceListUpdate['rows'][number];

const BATCH = 25;
const PARALLEL = 8;
const PUT_ATTEMPTS = 6;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rows of the same wine merged in order (a later field wins), so no wine is written twice at once. */
function mergeRows(rows: readonly Row[]): Row[] {
  const byWine = new Map<string, Row>();
  for (const row of rows) byWine.set(row.wineId, { ...byWine.get(row.wineId), ...row });
  return [...byWine.values()];
}

interface OfferItem {
  supplierId: string;
  wineId: string;
  horecaPriceMinor?: number;
  stock?: number;
  updatedAt: string;
  updatedBy: string;
}

async function putWhole(items: OfferItem[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    let pending = items.slice(i, i + BATCH);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= PUT_ATTEMPTS) throw new Error(`${pending.length} price list rows were not written`);
      if (attempt > 0) await sleep(backoffMs(attempt));
      const { unprocessed } = await tables('marketplace').supplierOffer.put(pending).go();
      const left = new Set(unprocessed.map((key) => key.wineId));
      pending = pending.filter((item) => left.has(item.wineId));
    }
  }
}

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/** Writes rows already checked to be the supplier's wines. */
async function writeRows(supplierId: string, rows: readonly Row[], userId: string): Promise<number> {
  const merged = mergeRows(rows);
  const updatedAt = new Date().toISOString();
  const whole = merged.filter((row) => row.horecaPriceMinor !== undefined && row.stock !== undefined);
  const partial = merged.filter((row) => row.horecaPriceMinor === undefined || row.stock === undefined);
  await putWhole(whole.map((row) => ({ supplierId, ...row, updatedAt, updatedBy: userId })));
  await inParallel(partial, async (row) => {
    await tables('marketplace')
      .supplierOffer.upsert({
        supplierId,
        wineId: row.wineId,
        ...(row.horecaPriceMinor !== undefined ? { horecaPriceMinor: row.horecaPriceMinor } : {}),
        ...(row.stock !== undefined ? { stock: row.stock } : {}),
        updatedAt,
        updatedBy: userId,
      })
      .go();
  });
  return merged.length;
}

/**
 * `PATCH /api/supplier-portal/price-list`: 400 naming the row of a wine the supplier does not import,
 * and, for prices entered without duties, each row whose duties cannot be added (nothing is stored then).
 */
export async function updatePriceList(
  principal: Principal,
  update: PriceListUpdate,
): Promise<PriceListUpdateResult> {
  const supplier = await supplierRecord((await portalSupplier(principal)).id);
  const own = new Set(supplier.wineIds);
  const fields: Record<string, string> = {};
  update.rows.forEach((row, index) => {
    if (!own.has(row.wineId)) fields[`rows.${index}.wineId`] = 'supplierDoesNotOfferWine';
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  if (update.prices !== 'withoutDuties')
    return { updated: await writeRows(supplier.supplierId, update.rows, principal.userId) };
  const { rows, refused, added } = await addDutiesToPrices(update.rows);
  for (const [index, missing] of refused) fields[`rows.${index}.horecaPriceMinor`] = refusalMessage(missing);
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return { updated: await writeRows(supplier.supplierId, rows, principal.userId), duties: added };
}

// — CSV —

/** A header folded to letters and digits: "Pris (NOK eks. mva)" → "prisnokeksmva". */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/å/g, 'a')
    .replace(/[^a-z0-9]/g, '');

type Column = 'vmp' | 'wineId' | 'price' | 'stock';

function columnOf(header: string): Column | undefined {
  const name = fold(header);
  if (['varenummer', 'varenr', 'vinmonopoletnumber', 'vinmonopoletnummer', 'vinmonopoletnr'].includes(name))
    return 'vmp';
  if (name === 'vmp' || name === 'vmpnr' || name === 'vmpnummer' || name === 'vmpnumber') return 'vmp';
  if (name === 'wineid' || name === 'vinid' || name === 'id') return 'wineId';
  if (name.startsWith('pris') || name.startsWith('price') || name.startsWith('horecapris')) return 'price';
  if (name.startsWith('lager') || name.startsWith('stock') || name.startsWith('beholdning')) return 'stock';
  return undefined;
}

/** "1 234,50", "1.234,50", "1234.5", "kr 250" → øre; NaN when unreadable. */
export function parseNok(text: string): number {
  let value = text
    .replace(/\s|\u00a0/g, '')
    .replace(/^(kr|nok)\.?/i, '')
    .replace(/(kr|nok),?-?$/i, '');
  value = value.replace(/,-$/, '');
  if (!/^\d[\d.,]*$/.test(value)) return Number.NaN;
  const lastSeparator = Math.max(value.lastIndexOf(','), value.lastIndexOf('.'));
  if (lastSeparator >= 0 && value.length - lastSeparator - 1 <= 2) {
    value = `${value.slice(0, lastSeparator).replace(/[.,]/g, '')}.${value.slice(lastSeparator + 1)}`;
  } else {
    value = value.replace(/[.,]/g, '');
  }
  const kroner = Number(value);
  return Number.isFinite(kroner) ? Math.round(kroner * 100) : Number.NaN;
}

function parseStock(text: string): number {
  const value = text.replace(/\s|\u00a0/g, '').replace(/[.,]0+$/, '');
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

const delimiterOf = (firstLine: string) =>
  (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';

/** How many lines at the top may be titles before the header line. */
const TITLE_LINES_MAX = 5;

/**
 * `POST /api/supplier-portal/price-list/import`: a CSV with a Vinmonopolet number or wine id, and a
 * price ex VAT in NOK and/or a stock column. Lines are numbered as a spreadsheet shows them.
 */
export async function uploadPriceList(
  principal: Principal,
  csv: string,
  prices: PriceListBasis = 'withDuties',
): Promise<PriceListUploadReport> {
  const text = csv.replace(/^\uFEFF/, '');
  const lines = Papa.parse<string[]>(text, {
    delimiter: delimiterOf(text.split(/\r?\n/, 1)[0] ?? ''),
    skipEmptyLines: false,
  }).data;
  const headerAt = lines
    .slice(0, TITLE_LINES_MAX + 1)
    .findIndex((cells) => cells.some((cell) => columnOf(cell) === 'vmp' || columnOf(cell) === 'wineId'));
  if (lines.every((cells) => cells.every((cell) => !cell.trim())))
    throw new ValidationError({ csv: 'importFileEmpty' });
  if (headerAt < 0) throw new ValidationError({ csv: withBounds('unknownColumn', { name: 'varenummer' }) });
  const columns = new Map<Column, number>();
  (lines[headerAt] ?? []).forEach((cell, index) => {
    const column = columnOf(cell);
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const body = lines
    .map((cells, index) => ({ cells, line: index + 1 }))
    .slice(headerAt + 1)
    .filter(({ cells }) => cells.some((cell) => cell.trim()));
  if (body.length > MARKETPLACE_LIMITS.priceListRowsMax)
    throw new ValidationError({ csv: withBounds('maxItems', { max: MARKETPLACE_LIMITS.priceListRowsMax }) });

  const supplier = await supplierRecord((await portalSupplier(principal)).id);
  const own = new Set(supplier.wineIds);
  const byNumber = new Map<string, string>();
  if (columns.has('vmp'))
    for (const wine of (await getWines(supplier.wineIds)).values())
      if (wine.vinmonopoletNumber && wine.status === 'active')
        byNumber.set(wine.vinmonopoletNumber.trim().replace(/^0+/, ''), wine.id);

  const cell = (cells: string[], column: Column) => {
    const index = columns.get(column);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const rows: (Row & { line: number })[] = [];
  const skipped: PriceListUploadReport['skipped'] = [];
  for (const { cells, line } of body) {
    const number = cell(cells, 'vmp').replace(/^0+/, '');
    const id = cell(cells, 'wineId');
    const wineId = id && own.has(id) ? id : number ? byNumber.get(number) : undefined;
    if (!wineId) {
      skipped.push({ line, reason: 'unknownWine' });
      continue;
    }
    const priceText = cell(cells, 'price');
    const stockText = cell(cells, 'stock');
    const price = priceText ? parseNok(priceText) : undefined;
    const stock = stockText ? parseStock(stockText) : undefined;
    if (price !== undefined && !(price >= 100 && price <= 100_000_000)) {
      skipped.push({ line, reason: 'invalidPrice' });
      continue;
    }
    if (stock !== undefined && !(stock >= 0 && stock <= MARKETPLACE_LIMITS.stockMax)) {
      skipped.push({ line, reason: 'invalidStock' });
      continue;
    }
    if (price === undefined && stock === undefined) {
      skipped.push({ line, reason: 'noValue' });
      continue;
    }
    rows.push({
      wineId,
      line,
      ...(price !== undefined ? { horecaPriceMinor: price } : {}),
      ...(stock !== undefined ? { stock } : {}),
    });
  }
  let stored: Row[] = rows;
  let duties: PriceListUploadReport['duties'];
  if (prices === 'withoutDuties' && rows.length > 0) {
    const converted = await addDutiesToPrices(rows);
    for (const [index, missing] of converted.refused)
      skipped.push({
        line: rows[index]?.line ?? 0,
        reason: missing === 'alcohol' ? 'alcoholUnknown' : 'ratesUnknown',
      });
    skipped.sort((a, b) => a.line - b.line);
    stored = converted.rows;
    duties = converted.added;
  }
  const updated =
    stored.length > 0
      ? await writeRows(
          supplier.supplierId,
          stored.map(({ wineId, horecaPriceMinor, stock }) => ({
            wineId,
            ...(horecaPriceMinor !== undefined ? { horecaPriceMinor } : {}),
            ...(stock !== undefined ? { stock } : {}),
          })),
          principal.userId,
        )
      : 0;
  return { updated, skipped, ...(duties ? { duties } : {}) };
}
