/** Reading a cellar's orders: one, or a filtered page with the count of every status. */
import {
  foldText,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  type OrdersList,
  type OrdersQuery,
} from '@kork/shared';
import { cellarOf } from '../cellar/cellar-service';
import { ValidationError } from '../platform/errors';
import { withOrderDuties } from './order-duties';
import { linesOf, type OrderRecord, orderRecordOf, ordersOf, toOrder } from './order-store';

const DEFAULT_PAGE_SIZE = 50;

/** One order, each line with its duties per bottle and the order with its total duties. */
export async function getOrder(ownerId: string, orderId: string): Promise<Order> {
  const [cellar, record] = await Promise.all([cellarOf(ownerId), orderRecordOf(ownerId, orderId)]);
  return withOrderDuties(ownerId, toOrder(record, cellar.baseCurrency));
}

/** What a search looks in: the order's number, supplier, note and wine names. */
const searchTextOf = (record: OrderRecord) =>
  foldText(
    [record.orderId, record.supplier, record.note, ...linesOf(record).map((line) => line.wineDisplayName)]
      .filter(Boolean)
      .join(' '),
  );

/** Newest order date first; `byStatus` counts every order of the cellar, whatever the filters. */
export async function listOrders(ownerId: string, query: OrdersQuery): Promise<OrdersList> {
  const statuses = new Set(query.status ?? []);
  const unknown = [...statuses].filter((status) => !(ORDER_STATUSES as readonly string[]).includes(status));
  if (unknown.length > 0) throw new ValidationError({ status: 'invalidValue' });
  const [cellar, records] = await Promise.all([cellarOf(ownerId), ordersOf(ownerId)]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const record of records) byStatus[record.status as OrderStatus] += 1;
  const terms = foldText(query.search?.trim() ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const matches = records.filter((record) => {
    if (statuses.size > 0 && !statuses.has(record.status)) return false;
    if (query.type && record.type !== query.type) return false;
    if (terms.length > 0) {
      const text = searchTextOf(record);
      if (!terms.every((term) => text.includes(term))) return false;
    }
    return true;
  });
  matches.sort((a, b) => b.orderDate.localeCompare(a.orderDate) || b.id.localeCompare(a.id));
  const size = query.resultsPerPage ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  return {
    rows: matches.slice((page - 1) * size, page * size).map((record) => toOrder(record, cellar.baseCurrency)),
    count: matches.length,
    byStatus,
    currency: cellar.baseCurrency,
  };
}
