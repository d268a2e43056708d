/**
 * Price rules over a large cellar (docs/pricing.md): a 5,000-wine cellar (written straight to the table
 * in batches, each wine with its ADDED history entry), a rule set over every purchase price, its
 * preview through the route (p95 of 30, the cellar's snapshot warm after the first) and one apply that
 * writes every wine with its PRICE_CHANGED entry. Budgets: preview p95 ≤ 300 ms, apply ≤ 10 s on
 * DynamoDB Local.
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/price-rules.ts`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cellarOf } from '@kork/functions/cellar/cellar-service';
import type { CellarWineRecord } from '@kork/functions/cellar/kernel/wine-records';
import type { PriceApplyResult, PricePreview, PriceRuleSet } from '@kork/shared';
import { ulid } from 'ulid';
import { restaurantCellar, writeCellarWines } from './bench-cellar';
import type { BenchSection } from './catalog-search';

const WINES = 5_000;
const PREVIEWS = 30;
const BUDGET = { previewP95Ms: 300, applyMs: 10_000 };

const ms = (n: number) => `${n.toFixed(0)} ms`;
const s = (n: number) => `${(n / 1000).toFixed(2)} s`;

export async function benchPriceRules(base: string): Promise<BenchSection> {
  const { ownerId, call } = await restaurantCellar(base);

  const fillStart = performance.now();
  const cellar = await cellarOf(ownerId);
  const now = new Date().toISOString();
  const wines: CellarWineRecord[] = Array.from({ length: WINES }, (_, i) => {
    const purchase = 8_000 + (i % 120) * 1_000;
    return {
      ownerId,
      id: ulid(),
      cellarId: cellar.id,
      source: 'CUSTOM',
      wineName: `Prisflaske ${i + 1}`,
      producerName: `Domaine ${i % 300}`,
      vintage: 1995 + (i % 29),
      bottleSize: 0.75,
      mainCategoryId: i % 3 === 0 ? 'white' : 'red',
      placements: { _: 1 + (i % 12) },
      quantity: 1 + (i % 12),
      own: {
        purchasePriceWovat: purchase,
        purchasePriceWvat: Math.round(purchase * 1.25),
        sellingPrice: purchase * 2,
        ...(i % 50 === 0 ? { sellingPriceLocked: true } : {}),
      },
      createdAt: now,
      updatedAt: now,
    } as CellarWineRecord;
  });
  await writeCellarWines(ownerId, wines);
  const fillMs = performance.now() - fillStart;

  const set = await call<PriceRuleSet>('POST', '/price-rules', {
    name: 'Benk',
    basis: 'incVat',
    direction: 'increase',
    rounding: 'endsIn9',
    ranges: [
      {
        from: 0,
        to: 20_000,
        sellingPrice: { kind: 'percentage', value: 150 },
        glassPrice: { kind: 'percentage', value: 25 },
      },
      {
        from: 20_000,
        to: 50_000,
        sellingPrice: { kind: 'percentage', value: 120 },
        glassPrice: { kind: 'percentage', value: 25 },
      },
      { from: 50_000, to: null, sellingPrice: { kind: 'fixed', value: 60_000 } },
    ],
  });

  const times: number[] = [];
  let preview: PricePreview | undefined;
  for (let i = 0; i < PREVIEWS; i++) {
    const start = performance.now();
    preview = await call<PricePreview>('POST', `/price-rules/${set.id}/preview`);
    times.push(performance.now() - start);
  }
  const first = times[0] as number;
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length * 0.5)] as number;
  const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] as number;

  const applyStart = performance.now();
  const applied = await call<PriceApplyResult>('POST', `/price-rules/${set.id}/apply`, { confirm: true });
  const applyMs = performance.now() - applyStart;
  if (applied.applied !== preview?.count)
    throw new Error(`apply wrote ${applied.applied} wines, the preview showed ${preview?.count}`);

  const failures = [
    ...(p95 > BUDGET.previewP95Ms ? ['price rule preview'] : []),
    ...(applyMs > BUDGET.applyMs ? ['price rule apply'] : []),
  ];
  const within = failures.length === 0 ? 'within budget' : 'OVER BUDGET';
  return {
    title: 'Price rules',
    lines: [
      '## Price rules (5,000 wines)',
      '',
      `A cellar of ${WINES.toLocaleString('en')} wines (written in batches with their ADDED entries: ${s(fillMs)}), every`,
      'fiftieth with a locked price; a rule set of three ranges over the purchase price with VAT, glass at 25 %, prices ending in 9.',
      '',
      '| call | time |',
      '|---|---:|',
      `| \`POST …/price-rules/{ruleSetId}/preview\`, first (the cellar read into the instance) | ${ms(first)} |`,
      `| the same, ${PREVIEWS} in a row: p50 / p95 | ${ms(p50)} / **${ms(p95)}** |`,
      `| \`POST …/price-rules/{ruleSetId}/apply\`: ${applied.applied.toLocaleString('en')} wines written with their PRICE_CHANGED entries, ${applied.skipped.length} locked skipped | **${s(applyMs)}** |`,
      '',
      `Budgets: preview p95 ≤ ${ms(BUDGET.previewP95Ms)}, apply ≤ ${s(BUDGET.applyMs)} — ${within}.`,
    ],
    failures,
    figures: { fillMs, firstPreviewMs: first, previewP50Ms: p50, previewP95Ms: p95, applyMs },
  };
}

/** The section on a stack of its own (the other sections' wines are not in its cellar). */
export async function benchPriceRulesAlone(): Promise<BenchSection> {
  const { startLocalStack } = await import('../../infra/local/stack');
  const { startLocalServer } = await import('../../infra/local/server');
  // The origin needs a web root; this part of the bench asks only the API.
  const webRoot = mkdtempSync(join(tmpdir(), 'kork-bench-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Kork</title>');
  const stack = await startLocalStack({});
  const server = await startLocalServer({ stack, port: 0, webRoot });
  try {
    return await benchPriceRules(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((r) => server.close(r));
    await stack.stop();
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await benchPriceRulesAlone();
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) console.error(`Over budget: ${section.failures.join(', ')}`);
}
