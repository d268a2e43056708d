/**
 * The cellar assistant (docs/benchmarks.md): the local engine's answers to the evaluation set through the
 * ask service (the path the route takes: conversation, limits, tools, stream), time to the first streamed
 * text and to the whole answer (p50/p95 over three rounds); each tool on a 5,000-wine cellar (made through
 * the cellar service in the bench's own business account, the demo importer's); and the question route's
 * bundle: its size, its cold import and whether the local engine stayed out of it.
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/assistant.ts`.
 */

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { findUserByEmail } from '@kork/functions/accounts/account-lookup';
import { accountsSeed, directorySeed } from '@kork/functions/accounts/seed';
import { localAssistantModel } from '@kork/functions/assistant/engine/local-engine';
import { runEval } from '@kork/functions/assistant/eval/run-eval';
import { runTool } from '@kork/functions/assistant/tools/index';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { allWines } from '@kork/functions/catalog/wine-lookup';
import { resetCellarSnapshots } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { cellarSeed } from '@kork/functions/cellar/seed';
import { createOwnWines } from '@kork/functions/cellar/wines/cellar-wine-adds';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import { routeId } from '@kork/functions/routes';
import { demoYearSeed } from '@kork/functions/sales-analytics/demo-year-seed';
import { wineListsSeed } from '@kork/functions/wine-lists/seed';
import { type AssistantToolName, CellarWineInput, type MainCategory } from '@kork/shared';
import { buildFunctions } from '../../functions/build';
import type { BenchSection } from './catalog-search';

const ROUNDS = 3;
const WINES = 5_000;
const TOOL_RUNS = 20;
const ROUTE = 'POST /api/assistant/conversations/{conversationId}/messages';
const BUDGET = { firstTextP95Ms: 1_000, wholeP95Ms: 2_000, toolWarmP95Ms: 500 };
const root = resolve(import.meta.dirname, '..', '..');

const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** The evaluation set, ROUNDS times (each round an hour earlier, so the per-minute limit never refuses). */
async function answers(lines: string[], failures: string[]): Promise<void> {
  const first: number[] = [];
  const whole: number[] = [];
  let passed = 0;
  let total = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const report = await runEval(localAssistantModel, { now: new Date(Date.now() - round * 3_600_000) });
    passed += report.passed;
    total += report.total;
    for (const r of report.results) {
      if (r.firstTextMs !== null) first.push(r.firstTextMs);
      whole.push(r.totalMs);
    }
  }
  const firstP95 = percentile(first, 95);
  const wholeP95 = percentile(whole, 95);
  if (firstP95 > BUDGET.firstTextP95Ms || wholeP95 > BUDGET.wholeP95Ms) failures.push('assistant answers');
  lines.push(
    `### The local engine on the evaluation set (${total / ROUNDS} questions × ${ROUNDS} rounds, demo data)`,
    '',
    '| | p50 | p95 | budget (p95) |',
    '|---|---:|---:|---:|',
    `| first streamed text | ${ms(percentile(first, 50))} | ${ms(firstP95)} | ${ms(BUDGET.firstTextP95Ms)} |`,
    `| whole answer (to the stream's end) | ${ms(percentile(whole, 50))} | ${ms(wholeP95)} | ${ms(BUDGET.wholeP95Ms)} |`,
    '',
    `Through the ask service, as the route runs it (conversation read and written, rate limit and budget checked, tools run, answer stored); ${passed} of ${total} answers passed the set's checks.`,
    '',
  );
}

const STYLES: MainCategory[] = ['red', 'white', 'rose', 'sparkling', 'dessert'];

/** 5,000 wines of the catalogue (cycled), 0–30 bottles, a drinking window on every third, priced. */
async function bigCellar(ownerId: string): Promise<number> {
  const catalogue: string[] = [];
  for await (const page of allWines()) {
    for (const wine of page) if (wine.status === 'active') catalogue.push(wine.id);
  }
  const started = performance.now();
  for (let start = 0; start < WINES; start += 500) {
    const inputs = Array.from({ length: Math.min(500, WINES - start) }, (_, k) => {
      const i = start + k;
      return CellarWineInput.parse({
        source: 'KORK',
        wineId: catalogue[i % catalogue.length],
        quantity: i % 31,
        mainCategoryId: STYLES[i % STYLES.length],
        purchasePriceWovat: 10_000 + ((i * 7919) % 90_000),
        sellingPrice: 30_000 + ((i * 104_729) % 250_000),
        ...(i % 3 === 0 ? { drinkingWindowFrom: 2018 + (i % 8), drinkingWindowTo: 2024 + (i % 10) } : {}),
      });
    });
    await createOwnWines(ownerId, inputs, { userId: ownerId, role: 'business' }, { bulk: true });
  }
  return performance.now() - started;
}

async function tools(lines: string[], failures: string[]): Promise<void> {
  const importer = await findUserByEmail('importer@kork.local');
  if (!importer) throw new Error('no demo importer account');
  const fillMs = await bigCellar(importer.id);
  const context = {
    userId: importer.id,
    locale: 'en' as const,
    currency: 'NOK' as const,
    now: new Date(),
    requestId: 'bench',
  };
  const first = await runTool(context, 'search_cellar', { limit: 1 });
  const cellarWineId = first.ok
    ? (first.output.data.rows as { cellarWineId: string }[])[0]?.cellarWineId
    : undefined;
  const reorder = await runTool(context, 'reorder_suggestions', {});
  const suggestion = reorder.ok
    ? (reorder.output.data.rows as { supplierId: string; wineId: string }[])[0]
    : undefined;
  const calls: [AssistantToolName, unknown][] = [
    ['search_cellar', { text: 'riserva' }],
    ['cellar_totals', {}],
    ['drink_now', {}],
    ['pair_with_food', { food: 'lamb' }],
    ['low_stock', {}],
    ['reorder_suggestions', {}],
    ['sales_and_margins', {}],
    ...(cellarWineId
      ? ([
          ['wine_lists_of_wine', { cellarWineId }],
          ['propose_price', { cellarWineId, sellingPrice: 45_000 }],
        ] as [AssistantToolName, unknown][])
      : []),
    ...(suggestion
      ? ([['propose_cart', { items: [{ ...suggestion, quantity: 6 }] }]] as [AssistantToolName, unknown][])
      : []),
  ];
  lines.push(
    `### Tools on a ${WINES.toLocaleString('en')}-wine cellar (${TOOL_RUNS} warm runs each)`,
    '',
    `The demo importer's cellar, filled through the cellar service in ${(fillMs / 1000).toFixed(1)} s. Cold: the cellar read again (a new instance, or the first call after a change).`,
    '',
    '| tool | cold | warm p50 | warm p95 | rows |',
    '|---|---:|---:|---:|---:|',
  );
  for (const [name, input] of calls) {
    resetCellarSnapshots();
    let result = await runTool(context, name, input);
    const cold = await timed(async () => {
      resetCellarSnapshots();
      result = await runTool(context, name, input);
    });
    if (!result.ok) {
      lines.push(`| ${name} | refused: ${result.error} | | | |`);
      continue;
    }
    const warm: number[] = [];
    for (let i = 0; i < TOOL_RUNS; i++) warm.push(await timed(() => runTool(context, name, input)));
    const data = result.output.data as { count?: number; rows?: unknown[] };
    const rows = data.count ?? data.rows?.length ?? '–';
    if (percentile(warm, 95) > BUDGET.toolWarmP95Ms) failures.push(`assistant tool ${name}`);
    lines.push(
      `| ${name} | ${ms(cold)} | ${ms(percentile(warm, 50))} | ${ms(percentile(warm, 95))} | ${rows} |`,
    );
  }
  lines.push(
    '',
    `The importer has no sales, so sales_and_margins and the pace of low stock read an empty year here; the answers above run them over the demo restaurant's year. Budget: warm p95 ≤ ${ms(BUDGET.toolWarmP95Ms)} per tool.`,
    '',
  );
}

function coldImportMs(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    encoding: 'utf8',
  });
  return Number(out);
}

/** The question route's bundle (built alone here; `npm run bench` lists every bundle too). */
export async function benchAssistantBundle(): Promise<BenchSection> {
  const id = routeId(ROUTE);
  const { assets } = await buildFunctions(join(root, '.kork', 'bench', 'assistant-functions'), [id]);
  const dir = assets[id];
  const title = 'Cellar assistant: the question route bundle';
  if (!dir) {
    return {
      title,
      lines: [`The route ${ROUTE} is not in the manifest.`, ''],
      failures: ['assistant bundle'],
      figures: {},
    };
  }
  const file = join(dir, 'index.mjs');
  const bytes = readFileSync(file);
  const colds = Array.from({ length: 5 }, () => coldImportMs(file)).sort((a, b) => a - b);
  const text = bytes.toString('utf8');
  const engineInside = text.includes('local-rules');
  const failures =
    bytes.length > 300 * 1024 || (colds[2] ?? 0) > 150 || engineInside ? ['assistant bundle'] : [];
  return {
    title,
    figures: { bundleBytes: bytes.length, coldImportMs: colds[2] ?? 0 },
    lines: [
      `### The question route's bundle (\`${ROUTE}\`, function \`${id}\`)`,
      '',
      `${kb(bytes.length)} minified, ${kb(gzipSync(bytes).length)} gzip; cold import ${ms(colds[2] ?? 0)} (median of 5). ` +
        `The Bedrock client is in it; the local engine is ${engineInside ? 'IN IT (it should not be)' : 'not (only the local runner installs it)'}.`,
      '',
    ],
    failures,
  };
}

export async function benchAssistant(): Promise<BenchSection> {
  const lines: string[] = ['## Cellar assistant', ''];
  const failures: string[] = [];
  const figures: Record<string, number | string> = {};
  // The engine's own time, without the typing pace it answers the browser with (20 ms between pieces).
  process.env.ASSISTANT_LOCAL_PACE_MS = '0';
  await applySeeds([
    accountsSeed,
    directorySeed,
    catalogSeed,
    cellarSeed,
    wineListsSeed,
    demoYearSeed,
    marketplaceSeed,
  ]);
  console.error('Assistant: the evaluation set, three rounds…');
  await answers(lines, failures);
  console.error(`Assistant: tools on a ${WINES}-wine cellar…`);
  await tools(lines, failures);
  console.error("Assistant: the question route's bundle…");
  const bundle = await benchAssistantBundle();
  lines.push(...bundle.lines);
  failures.push(...bundle.failures);
  Object.assign(figures, bundle.figures);
  return { title: 'Cellar assistant', lines, failures, figures };
}

/** On a fresh in-memory stack of its own. */
export async function benchAssistantAlone(): Promise<BenchSection> {
  const { startLocalStack } = await import('../../infra/local/stack');
  const stack = await startLocalStack({});
  try {
    return await benchAssistant();
  } finally {
    await stack.stop();
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.env.LOG_LEVEL ??= 'warn';
  const section = await benchAssistantAlone();
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) console.error(`Over budget: ${section.failures.join(', ')}`);
}
