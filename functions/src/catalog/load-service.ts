/**
 * Loads a Vinmonopolet product list into the catalogue (the catalogue load; "import" is the batch import): reads either file form, upserts by
 * Vinmonopolet number, records price changes, reports bad rows by line and never stops at one, shows
 * progress, and refreshes the search snapshot and the marketplace's suppliers at the end.
 */
import { createReadStream } from 'node:fs';
import { syncSuppliers } from '../marketplace/suppliers/supplier-sync';
import { currentCatalog, installSnapshot } from './catalog-index-cache';
import { ImportStamp, toSearchDoc, type UpsertSummary, upsertCatalogWines } from './catalog-store';
import { generateDemoCatalog } from './load/demo-catalog';
import type { ImportedWine } from './load/map-row';
import { readCatalogRows } from './load/parse-catalog';
import type { SearchDoc } from './search/types';
import { type SearchSnapshot, SNAPSHOT_VERSION, writeSnapshot } from './search-snapshot';

export interface BadRow {
  line: number;
  error: string;
}

export interface CatalogLoadReport extends UpsertSummary {
  source: string;
  rows: number;
  bad: BadRow[];
  snapshotWines: number;
  durationMs: number;
}

export type LoadProgress = (message: string) => void;

const BATCH = 2000;

async function importWines(
  source: string,
  rows: AsyncIterable<{ line: number; wine?: ImportedWine; error?: string }>,
  progress: LoadProgress,
): Promise<CatalogLoadReport> {
  const started = Date.now();
  const stamp = new ImportStamp();
  const catalog = await currentCatalog();
  const docs = new Map<string, SearchDoc>(catalog.docs);
  const known = new Map<string, SearchDoc>();
  for (const doc of docs.values()) for (const number of doc.numbers ?? []) known.set(number, doc);
  const summary: UpsertSummary = { created: 0, updated: 0, unchanged: 0, priceChanges: 0 };
  const bad: BadRow[] = [];
  let pending: ImportedWine[] = [];
  let rowCount = 0;
  let done = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const { summary: result, written } = await upsertCatalogWines(batch, known, stamp);
    summary.created += result.created;
    summary.updated += result.updated;
    summary.unchanged += result.unchanged;
    summary.priceChanges += result.priceChanges;
    for (const record of written) {
      const doc = toSearchDoc(record);
      docs.set(doc.id, doc);
      for (const number of doc.numbers ?? []) known.set(number, doc);
    }
    done += batch.length;
    const seconds = (Date.now() - started) / 1000;
    progress(
      `${done} wines imported (${Math.round(done / Math.max(seconds, 0.001))}/s), ${bad.length} bad rows`,
    );
  };
  for await (const row of rows) {
    rowCount++;
    if (row.wine) pending.push(row.wine);
    else {
      bad.push({ line: row.line, error: row.error ?? 'unreadable row' });
      progress(`line ${row.line} skipped: ${row.error}`);
    }
    if (pending.length >= BATCH) await flush();
  }
  await flush();
  progress('writing the search snapshot');
  const snapshot: SearchSnapshot = {
    version: SNAPSHOT_VERSION,
    createdAt: new Date().toISOString(),
    lastSeq: catalog.lastSeq > stamp.snapshotSeq ? catalog.lastSeq : stamp.snapshotSeq,
    docs: [...docs.values()],
  };
  await writeSnapshot(snapshot);
  installSnapshot(snapshot);
  // The marketplace's suppliers are the catalogue's wholesalers: they follow every import.
  progress('updating the suppliers');
  await syncSuppliers();
  return {
    source,
    rows: rowCount,
    ...summary,
    bad,
    snapshotWines: snapshot.docs.length,
    durationMs: Date.now() - started,
  };
}

/** Imports a product list file (UTF-8 comma form or Vinmonopolet's semicolon Windows-1252 form). */
export async function loadCatalogFile(
  path: string,
  progress: LoadProgress = () => {},
): Promise<CatalogLoadReport> {
  progress(`importing ${path}`);
  return importWines(path, readCatalogRows(createReadStream(path)), progress);
}

/** Imports the small catalogue Kork generates itself, for machines without the product list. */
export async function loadDemoCatalog(progress: LoadProgress = () => {}): Promise<CatalogLoadReport> {
  progress('no product list file found: importing a small generated demo catalogue instead');
  async function* rows() {
    let line = 1;
    for (const wine of generateDemoCatalog()) yield { line: ++line, wine };
  }
  return importWines('generated demo catalogue', rows(), progress);
}
