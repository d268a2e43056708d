/** The demo year's finished counts and their entries (sales-analytics/demo-year-seed.ts): seeding only. */
import { putAll } from '../data/batch-writes';
import { tables } from '../data/tables';

export async function putDemoCounts(
  counts: readonly Record<string, unknown>[],
  entries: readonly Record<string, unknown>[],
): Promise<void> {
  const { stockCount, stockCountEntry } = tables('stock-counts');
  await Promise.all([
    putAll(stockCount, counts, 'items of the demo year'),
    putAll(stockCountEntry, entries, 'items of the demo year'),
  ]);
}
