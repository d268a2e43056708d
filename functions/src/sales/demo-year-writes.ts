/** The demo year's sales (sales-analytics/demo-year-seed.ts), written in bulk: seeding only. */
import { putAll } from '../data/batch-writes';
import { tables } from '../data/tables';

/** Whether the cellar has recorded any sale (the demo year is seeded once). */
export async function hasSales(ownerId: string): Promise<boolean> {
  const { data } = await tables('sales').sale.query.byOwnerKey({ ownerId }).go({ limit: 1 });
  return data.length > 0;
}

export async function putDemoSales(sales: readonly Record<string, unknown>[]): Promise<void> {
  await putAll(tables('sales').sale, sales, 'items of the demo year');
}
