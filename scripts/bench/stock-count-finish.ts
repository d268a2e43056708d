/**
 * Finishing a large stock count (docs/stock-counts.md, "Finishing"): a 5,000-wine cellar (written
 * straight to the table in batches, each wine with its ADDED history entry), a whole-cellar count with
 * a figure for every wine entered through the entries route (90 a call), half of them differing from
 * what was expected; then the time of `POST …/finish` through the local origin, which sets 2,500 wines
 * with their COUNTED entries and freezes a 5,000-line report. Budget: 10 s on DynamoDB Local.
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/stock-count-finish.ts`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cellarOf } from '@kork/functions/cellar/cellar-service';
import type { StockCount, StockCountSheet } from '@kork/shared';
import { countSheetWines, restaurantCellar, writeCellarWines } from './bench-cellar';
import type { BenchSection } from './catalog-search';

const WINES = 5_000;
const LOCATIONS = 5;
const BATCH = 90;
const BUDGET = { finishMs: 10_000 };

const s = (n: number) => `${(n / 1000).toFixed(2)} s`;

export async function benchStockCountFinish(base: string): Promise<BenchSection> {
  const { ownerId, call, cellarBase, auth } = await restaurantCellar(base);

  const locations: string[] = [];
  for (let i = 0; i < LOCATIONS; i++)
    locations.push((await call<{ id: string }>('POST', '/locations', { name: `Benkrom ${i + 1}` })).id);

  // The cellar, written straight to the table: each wine with its ADDED entry, as adding it writes.
  const fillStart = performance.now();
  const cellar = await cellarOf(ownerId);
  const wines = countSheetWines(ownerId, cellar.id, locations, WINES, (i) => 10_000 + (i % 50) * 1_000);
  await writeCellarWines(ownerId, wines);
  const fillMs = performance.now() - fillStart;
  await new Promise((r) => setTimeout(r, 5)); // the count's moment after every ADDED entry

  const count = await call<StockCount>('POST', '/stock-counts', { name: 'Benk' });
  const entriesStart = performance.now();
  const entries = wines.map((wine, i) => ({
    ownWineId: wine.id,
    locationId: locations[i % LOCATIONS] as string,
    counted: i % 2 === 0 ? wine.quantity : wine.quantity - 1,
  }));
  for (let i = 0; i < entries.length; i += BATCH)
    await call('PUT', `/stock-counts/${count.id}/entries`, { entries: entries.slice(i, i + BATCH) });
  const entriesMs = performance.now() - entriesStart;

  const finishStart = performance.now();
  const finished = await call<StockCount>('POST', `/stock-counts/${count.id}/finish`);
  const finishMs = performance.now() - finishStart;
  if (finished.outcome !== 'applied') throw new Error(`the count finished ${finished.outcome}`);

  const sheetStart = performance.now();
  const sheet = await call<StockCountSheet>('GET', `/stock-counts/${count.id}`);
  const sheetMs = performance.now() - sheetStart;
  const pdfStart = performance.now();
  const pdf = await fetch(`${cellarBase}/stock-counts/${count.id}/pdf`, { headers: auth });
  const pdfBytes = (await pdf.arrayBuffer()).byteLength;
  const pdfMs = performance.now() - pdfStart;

  const failures = finishMs > BUDGET.finishMs ? ['stock count finish'] : [];
  return {
    title: 'Stock count finish',
    lines: [
      '## Stock count finish (5,000 wines)',
      '',
      `A cellar of ${WINES.toLocaleString('en')} wines in ${LOCATIONS} locations (written in batches with their ADDED entries: ${s(fillMs)}),`,
      `a whole-cellar count with a figure for every wine (${Math.ceil(WINES / BATCH)} calls of \`PUT …/entries\`, ${BATCH} a call: ${s(entriesMs)}), half of them one bottle short.`,
      '',
      '| call | time |',
      '|---|---:|',
      `| \`POST …/stock-counts/{countId}/finish\`: ${finished.summary.counted.toLocaleString('en')} lines, ${(WINES / 2).toLocaleString('en')} wines set with their COUNTED entries, the report frozen | **${s(finishMs)}** |`,
      `| \`GET …/stock-counts/{countId}\` of the finished count (${sheet.lines.length.toLocaleString('en')} lines) | ${s(sheetMs)} |`,
      `| \`GET …/stock-counts/{countId}/pdf\` (${(pdfBytes / 1024).toFixed(0)} KB) | ${s(pdfMs)} |`,
      '',
      `Budget: finish ≤ ${s(BUDGET.finishMs)} — ${finishMs <= BUDGET.finishMs ? 'within budget' : 'OVER BUDGET'}.`,
    ],
    failures,
    figures: { fillMs, entriesMs, finishMs, sheetMs, pdfMs, pdfBytes },
  };
}

/** The section on a stack of its own (the other sections' 5,000 wines are not in its cellar). */
export async function benchStockCountFinishAlone(): Promise<BenchSection> {
  const { startLocalStack } = await import('../../infra/local/stack');
  const { startLocalServer } = await import('../../infra/local/server');
  // The origin needs a web root; this part of the bench asks only the API.
  const webRoot = mkdtempSync(join(tmpdir(), 'kork-bench-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Kork</title>');
  const stack = await startLocalStack({});
  const server = await startLocalServer({ stack, port: 0, webRoot });
  try {
    return await benchStockCountFinish(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((r) => server.close(r));
    await stack.stop();
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await benchStockCountFinishAlone();
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) console.error(`Over budget: ${section.failures.join(', ')}`);
}
