import { existsSync } from 'node:fs';
import type { SeedStep } from '../data/seed-step';
import { loadCatalogFile, loadDemoCatalog } from './load-service';

/**
 * The first start's catalogue: the product list named by `KORK_CATALOG_FILE` (the local stack points it
 * at Vinmonopolet's list beside the checkout when it is there), else a small generated catalogue.
 */
export const catalogSeed: SeedStep = {
  name: 'catalog.products',
  version: 1,
  description: 'the wine catalogue',
  async run(log) {
    const file = process.env.KORK_CATALOG_FILE;
    const report = file && existsSync(file) ? await loadCatalogFile(file, log) : await loadDemoCatalog(log);
    const bad =
      report.bad.length > 0
        ? `, ${report.bad.length} bad rows skipped (lines ${report.bad.map((b) => b.line).join(', ')})`
        : '';
    return `${report.created} wines from ${report.source} in ${(report.durationMs / 1000).toFixed(1)} s${bad}`;
  },
};
