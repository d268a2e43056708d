/** The demo year's orders (sales-analytics/demo-year-seed.ts), written in bulk: seeding only. */
import { putAll } from '../data/batch-writes';
import { tables } from '../data/tables';

export async function putDemoOrders(orders: readonly Record<string, unknown>[]): Promise<void> {
  await putAll(tables('orders').order, orders, 'items of the demo year');
}
