/**
 * Wine list PDF generation (docs/wine-lists.md, "PDF"): a 400-wine list, synthesized (no server, no
 * table), composed, laid out and drawn as the download route does it, with its fonts embedded, a QR
 * code, the glass column and page numbers. Time per PDF (p50/p95 over 20 runs after 3 warm-up runs)
 * and its size, against the budget; also the first PDF of a fresh instance (fonts read and parsed).
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/wine-list-pdf.ts`.
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPdf } from '@kork/functions/wine-lists/pdf/pdf-text';
import { renderWineListPdf } from '@kork/functions/wine-lists/pdf/render';
import {
  DEFAULT_WINE_LIST_LAYOUT,
  type PriceFormat,
  type WineListEntry,
  type WineListLayout,
  type WineListSectionDef,
} from '@kork/shared';
import { composeWineList, layoutWineList, printedPrice } from '@kork/shared/wine-list-layout';
import type { BenchSection } from './catalog-search';

const WINES = 400;
const RUNS = 20;
const WARM_UP = 3;
const BUDGET = { p95Ms: 1500, bytes: 1024 * 1024 };

const ms = (n: number) => `${n.toFixed(0)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const SECTIONS: WineListSectionDef[] = [
  { id: 'sparkling', name: 'Musserende', level: 0 },
  { id: 'champagne', name: 'Champagne', level: 1, parentId: 'sparkling' },
  { id: 'white', name: 'Hvitvin', level: 0 },
  { id: 'rose', name: 'Rosévin', level: 0 },
  { id: 'red', name: 'Rødvin', level: 0 },
  { id: 'burgundy', name: 'Burgund', level: 1, parentId: 'red' },
  { id: 'dessert', name: 'Dessertvin og sterkvin', level: 0 },
];
const PRODUCERS = [
  'Domaine Leflaive',
  'Bodegas Muga',
  'Weingut Künstler',
  'Château Pichon',
  'Bjørnstad Vingård',
];
const NAMES = [
  'Clos',
  'Cuvée',
  'Réserve',
  'Grand Cru',
  'Riesling Spätlese',
  'Rioja Crianza',
  'Blanc de Blancs',
];
const ORIGINS = [
  'Bourgogne, Frankrike',
  'Rioja, Spania',
  'Rheingau, Tyskland',
  'Piemonte, Italia',
  'Douro, Portugal',
];

/** A list's wines as `getWineListDetail` answers them: names, origins, prices in several formats. */
function entries(count: number): WineListEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const format: PriceFormat = i % 17 === 0 ? 'stars' : i % 23 === 0 ? 'POD' : 'display';
    const bottle = 29_000 + ((i * 7919) % 400) * 1_000;
    const glass = i % 3 === 0 ? Math.round(bottle / 5 / 1000) * 1000 : undefined;
    const entry: WineListEntry = {
      ownWineId: `wine-${String(i).padStart(4, '0')}`,
      name: `${NAMES[i % NAMES.length]} ${['Ærlighet', 'Øvre Åsen', 'Les Côtes', 'Über', 'Vieilles Vignes'][i % 5]} ${i + 1}`,
      producer: PRODUCERS[i % PRODUCERS.length],
      vintage: i % 11 === 0 ? null : 1995 + (i % 29),
      origin: ORIGINS[i % ORIGINS.length],
      ...(i % 13 === 0 ? { bottleSize: '37,5 cl' } : {}),
      bottlePrice: bottle,
      printedBottlePrice: printedPrice(bottle, format, 'NOK', 'nb'),
      categoryId: SECTIONS[i % SECTIONS.length]?.id ?? null,
      quantity: 1 + (i % 12),
      printed: true,
      lowStock: false,
    };
    if (glass) {
      entry.glassPrice = glass;
      entry.glassSize = '15 cl';
      entry.printedGlassPrice = printedPrice(glass, format, 'NOK', 'nb', 'glass');
    }
    return entry;
  });
}

const LAYOUT: WineListLayout = {
  ...DEFAULT_WINE_LIST_LAYOUT,
  header: { logo: false, name: true, text: 'Fra kjelleren på Bryggen · høsten 2026' },
  footnote: 'Alle priser er inkludert mva.',
  pageNumbers: true,
  glassColumn: true,
  qrCode: true,
  privateNote: 'Kjeller B3',
};

const LIST = entries(WINES);

/** What the route does after reading the list: compose, lay out, draw. */
async function pdf(): Promise<{ bytes: Buffer; pages: number }> {
  const document = composeWineList(
    {
      title: 'Vinkart',
      locale: 'nb',
      currency: 'NOK',
      sections: SECTIONS,
      entries: LIST,
      publicUrl: 'https://kork.example/wine-list/01JBENCHWINELIST000000000',
      hasLogo: false,
      staff: true,
    },
    LAYOUT,
  );
  const laidOut = layoutWineList(document, LAYOUT);
  const bytes = await renderWineListPdf(
    laidOut,
    {},
    {
      title: 'Vinkart',
      author: 'Fjord Bistro',
      date: new Date('2026-11-01T12:00:00Z'),
      lang: 'nb',
    },
  );
  return { bytes, pages: laidOut.pages.length };
}

async function timed(): Promise<{ ms: number; bytes: Buffer; pages: number }> {
  const start = performance.now();
  const out = await pdf();
  return { ms: performance.now() - start, ...out };
}

export async function benchWineListPdf(): Promise<BenchSection> {
  const first = await timed();
  for (let i = 0; i < WARM_UP; i++) await timed();
  const samples: number[] = [];
  let last = first;
  for (let i = 0; i < RUNS; i++) {
    last = await timed();
    samples.push(last.ms);
  }
  const read = await readPdf(last.bytes);
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  const size = last.bytes.length;
  const fast = p95 <= BUDGET.p95Ms;
  const small = size <= BUDGET.bytes;
  const fontsEmbedded = last.bytes.toString('latin1').split('/FontFile2').length - 1;
  const lines = [
    `## Wine list PDF (${WINES} wines)`,
    '',
    `A ${WINES}-wine list (synthesized: seven sections with subsections, names with æ, ø, å and accents, a third with a glass price, some in stars or on request), A4 portrait in EB Garamond with the glass column, a QR code, page numbers, the footnote and the staff note: composed, laid out and drawn as the download route does it (\`composeWineList\`, \`layoutWineList\`, \`renderWineListPdf\`; reading the list and the logo left out). ${RUNS} runs after ${WARM_UP} warm-up runs in one process.`,
    '',
    '| figure | value | budget | within |',
    '|---|---:|---:|:---:|',
    `| pages | ${last.pages} (${read.pages.length} read back) | | |`,
    `| time per PDF, p50 | ${ms(p50)} | | |`,
    `| time per PDF, p95 | ${ms(p95)} | ≤ ${ms(BUDGET.p95Ms)} | ${fast ? 'yes' : 'NO'} |`,
    `| first PDF of the process (fonts read and parsed) | ${ms(first.ms)} | | |`,
    `| size, fonts embedded (${fontsEmbedded} subsets) | ${kb(size)} | ≤ ${kb(BUDGET.bytes)} | ${small ? 'yes' : 'NO'} |`,
    '',
  ];
  const failures: string[] = [];
  if (!fast) failures.push('wine list PDF time');
  if (!small) failures.push('wine list PDF size');
  return {
    title: 'Wine list PDF',
    lines,
    failures,
    figures: {
      pdfPages: last.pages,
      pdfP50Ms: Math.round(p50),
      pdfP95Ms: Math.round(p95),
      pdfFirstMs: Math.round(first.ms),
      pdfBytes: size,
    },
  };
}

// `npx tsx scripts/bench/wine-list-pdf.ts`: this section alone, printed; docs/benchmarks.md is left as is.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await benchWineListPdf();
  const when = `Measured alone (\`npx tsx scripts/bench/wine-list-pdf.ts\`) on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end.`;
  section.lines.splice(2, 0, when, '');
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) console.error(`Over budget: ${section.failures.join(', ')}`);
}
