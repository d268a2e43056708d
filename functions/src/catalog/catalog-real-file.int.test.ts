import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadCatalogFile } from '@kork/functions/catalog/load-service';
import { syncSuppliers } from '@kork/functions/marketplace/suppliers/suppliers';
import type { SupplierSummary, WineSearchResult } from '@kork/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../infra/local/stack';
import { startTestOrigin, type TestOrigin } from '../../test/test-stack';

/** Vinmonopolet's product list beside the checkout (../shared/data), read by path. */
const FILE = resolve(REPO_ROOT, '..', 'shared', 'data', 'vinmonopolet-2014.csv');

let origin: TestOrigin;

beforeAll(async () => {
  origin = await startTestOrigin();
});

afterAll(async () => {
  await origin?.stop();
});

describe('importing the real product list', () => {
  it('imports all 14,526 rows in under a minute, skipping only the bad vintages', {
    timeout: 120_000,
  }, async () => {
    expect(existsSync(FILE), `${FILE} is needed by this test`).toBe(true);
    const started = Date.now();
    const progress: string[] = [];
    const report = await loadCatalogFile(FILE, (line) => progress.push(line));
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(60);
    expect(report.rows).toBe(14_526);
    expect(report.created + report.bad.length).toBe(14_526);
    expect(report.bad.length).toBeGreaterThan(0);
    expect(report.bad.length).toBeLessThan(20);
    expect(report.bad.some((b) => b.error.includes('737'))).toBe(true);
    expect(report.bad.some((b) => b.error.includes('3013'))).toBe(true);
    expect(report.snapshotWines).toBe(report.created);
    expect(progress.some((line) => /\d+ wines imported/.test(line))).toBe(true);

    const reds = await origin.api<WineSearchResult>(
      'GET',
      '/api/wines?isRatedByExpert=false&mainCategoryId=red',
    );
    expect(reds.payload.count).toBeGreaterThan(5000);
    const spirits = await origin.api<WineSearchResult>(
      'GET',
      '/api/wines?isRatedByExpert=false&mainCategoryId=spirits',
    );
    expect(spirits.payload.count).toBeGreaterThan(1000);
    const typo = await origin.api<WineSearchResult>(
      'GET',
      '/api/wines?isRatedByExpert=false&search=loiten%20linie',
    );
    expect(typo.payload.rows.map((r) => r.name)).toContain('Løiten Linie');
  });

  it("makes the list's wholesalers the marketplace's suppliers, most of them with a catalogue", async () => {
    // The import has synced them already; again changes nothing.
    const sync = await syncSuppliers();
    expect(sync).toMatchObject({ created: 0, updated: 0 });
    expect(sync.suppliers).toBeGreaterThanOrEqual(250);
    const list = await origin.api<{ rows: SupplierSummary[]; count: number }>(
      'GET',
      '/api/suppliers?sort=wines&resultsPerPage=500',
    );
    expect(list.status).toBe(200);
    expect(list.payload.count).toBe(sync.suppliers);
    const withCatalogues = list.payload.rows.filter((row) => row.wineCount >= 10);
    expect(withCatalogues.length).toBeGreaterThanOrEqual(110);
  });
});
