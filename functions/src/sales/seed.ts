/**
 * The day rollups of every demo cellar with sales (after the demo year's sales are written): the
 * backfill job's rebuild, skipped where a cellar's rollups were already built.
 */
import type { SeedStep } from '../data/seed-step';
import { ownersWithSales, rebuildRollups } from './sale-rollup-rebuild';

export const saleRollupsSeed: SeedStep = {
  name: 'sales.rollups',
  version: 1,
  description: "the sales analytics' day rollups of the demo sales",
  run: async () => {
    let written = 0;
    const owners = await ownersWithSales();
    for (const ownerId of owners) written += (await rebuildRollups(ownerId)).written;
    return `day rollups of ${owners.length} cellars with sales (${written} items)`;
  },
};
