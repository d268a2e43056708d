/**
 * Reorder suggestions at scale (docs/reorder.md): `GET /api/wine-cellars/users/{id}/reorder` on the
 * sales-analytics bench's cellar — 5,000 wines and a year of 50,000 sale lines — with a par level and a
 * reorder point set on every tenth wine. Warm: the instance holds the cellar and its sale lines; cold: a
 * new instance (the cellar snapshot and the sales held forgotten).
 *
 * Runs inside `npm run bench`, after the sales analytics (whose cellar and sales it reads).
 */

import { wholeCellarWritten } from '@kork/functions/cellar/kernel/cellar-changes';
import { resetCellarSnapshots } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { db } from '@kork/functions/data/entities';
import { forgetKeptSales } from '@kork/functions/sales-analytics/sales-lines';
import type { LoginResult, ReorderAnswer } from '@kork/shared';
import type { BenchSection } from './catalog-search';

const RUNS = 100;
const WARM_UP = 10;
const COLD_RUNS = 5;
const BUDGET = { warmP95Ms: 300 };

const ms = (n: number) => `${n.toFixed(1)} ms`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Par level and reorder point on every tenth wine, straight into the table (batch writes). */
async function setLevels(ownerId: string): Promise<number> {
  const { data } = await db()
    .entities.cellarWine.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true });
  const chosen = data.filter((_, i) => i % 10 === 0);
  const batch = db().entities.cellarWine as unknown as {
    put(items: unknown[]): { go(options: object): Promise<{ unprocessed: unknown[] }> };
  };
  const items = chosen.map((record, i) => ({
    ...record,
    own: { ...(record.own as object), reorderPoint: 4 + (i % 8), parLevel: 24 + (i % 12), caseSize: 6 },
  }));
  const { unprocessed } = await batch.put(items).go({ concurrent: 8 });
  if (unprocessed.length > 0) throw new Error(`${unprocessed.length} wines were not written`);
  await wholeCellarWritten(ownerId);
  return items.length;
}

export async function benchReorder(base: string): Promise<BenchSection> {
  const headers = { 'x-api-key': 'kork-local-web', 'content-type': 'application/json' };
  const login = (await (
    await fetch(`${base}/api/auth/log-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'restaurant@kork.local', password: 'Restaurant1' }),
    })
  ).json()) as { payload: LoginResult };
  const auth = { ...headers, authorization: `Bearer ${login.payload.access_token}` };
  const userId = login.payload.user.id;
  const levelled = await setLevels(userId);
  const path = `${base}/api/wine-cellars/users/${userId}/reorder`;
  let answer: ReorderAnswer = { rows: [], count: 0 };
  const timed = async () => {
    const start = performance.now();
    const res = await fetch(path, { headers: auth });
    if (res.status !== 200) throw new Error(`reorder answered ${res.status}: ${await res.text()}`);
    answer = ((await res.json()) as { payload: ReorderAnswer }).payload;
    return performance.now() - start;
  };
  const cold: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    resetCellarSnapshots();
    forgetKeptSales();
    cold.push(await timed());
  }
  for (let i = 0; i < WARM_UP; i++) await timed();
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await timed());
  const p95 = percentile(warm, 95);
  const failures = p95 > BUDGET.warmP95Ms ? ['warm reorder suggestions'] : [];
  const bottles = answer.rows.reduce((sum, row) => sum + row.quantity, 0);
  const p = (values: number[], n: number) => ms(percentile(values, n));
  return {
    title: 'reorder suggestions',
    lines: [
      '## Reorder suggestions (5,000 wines, a year of sales)',
      '',
      `The sales-analytics cellar above (5,000 wines, a year of 50,000 sale lines), ${levelled} of its wines with a par level and reorder point of their own;`,
      `the rest suggested from their last 90 days of sales. ${answer.count.toLocaleString('en')} wines due, ${bottles.toLocaleString('en')} bottles suggested.`,
      `Warm: ${RUNS} requests after ${WARM_UP} warm-up; cold: ${COLD_RUNS} requests each in a new instance. The bench's wines are custom wines, so no`,
      'supplier offer is looked up (that is batch reads of the due wines only; see docs/reorder.md).',
      '',
      '| call | p50 | p95 |',
      '|---|---:|---:|',
      `| \`GET …/reorder\`, warm | ${p(warm, 50)} | ${p(warm, 95)} |`,
      `| \`GET …/reorder\`, cold: a new instance (the cellar and every sale read) | ${p(cold, 50)} | ${p(cold, 95)} |`,
      '',
      `Budget: warm p95 ≤ ${BUDGET.warmP95Ms} ms — ${failures.length === 0 ? 'within budget' : 'OVER BUDGET'}.`,
    ],
    failures,
    figures: { warmP50: percentile(warm, 50), warmP95: p95, coldP50: percentile(cold, 50) },
  };
}
