/**
 * The orders domain as other domains use it (the marketplace's checkout, its suppliers' answers and
 * mails, an importer's order registration): reading orders, the transaction items that write one inside
 * the caller's own transaction, and the order shapes and refusals they share. Only this domain knows
 * the order's table.
 */
import { tables, writeItems } from '../data/tables';
import type { OrderRecord } from './order-store';

export { importerKeyOf, listImporterConnections } from './importer-connections';
export {
  isClosed,
  linesOf,
  type OrderRecord,
  OrderRefusedError,
  orderRecordOf,
  toOrder,
} from './order-store';
export { createOrder } from './order-writes';
export { type OrderConversion, orderConversionFor, placedOrderRecord } from './placed-orders';

/** Orders by owner and id in batch reads (100 a read), as stored; missing ones are left out. */
export async function orderRecordsOf(
  keys: readonly { ownerId: string; id: string }[],
): Promise<OrderRecord[]> {
  const found: OrderRecord[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    const { data } = await tables('orders')
      .order.get(keys.slice(i, i + 100).map(({ ownerId, id }) => ({ ownerId, id })))
      .go();
    found.push(...data);
  }
  return found;
}

/** A transaction item that writes a new order (refused when one with its key exists). */
export const createOrderItem = (record: OrderRecord) => writeItems('orders').order.create(record).commit();

/**
 * A transaction item that writes the order as `after`, on condition that the stored order is still at
 * `version` (a failed condition names this item).
 */
export const replaceOrderItem = (after: OrderRecord, version: number) =>
  writeItems('orders')
    .order.put(after)
    .where((attr, op) => op.eq(attr.version, version))
    .commit();
