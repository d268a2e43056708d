/** How orders are kept: the record as stored and the API's Order, reading one, and refusals. */
import type {
  CurrencyCode,
  MessageKey,
  Order,
  OrderLine,
  OrderSource,
  OrderStatus,
  OrderType,
} from '@kork/shared';
import { type EntityRecord, tables } from '../data/tables';
import { DomainError, NotFoundError } from '../platform/errors';

export type OrderRecord = EntityRecord<'order'>;

export const linesOf = (record: Pick<OrderRecord, 'products'>) => record.products as OrderLine[];

export function toOrder(record: OrderRecord, currency: CurrencyCode): Order {
  const products = linesOf(record);
  return {
    id: record.id,
    type: record.type as OrderType,
    orderId: record.orderId,
    status: record.status as OrderStatus,
    source: record.source as OrderSource,
    supplier: record.supplier,
    note: record.note,
    orderDate: record.orderDate,
    deliveryDate: record.deliveryDate,
    products,
    units: products.reduce((sum, line) => sum + line.units, 0),
    receivedUnits: products.reduce((sum, line) => sum + line.received, 0),
    totalCost: products.reduce((sum, line) => sum + line.total, 0),
    currency,
    createdBy: record.createdBy,
    createdByName: record.createdByName,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    version: record.version,
    ...(record.marketplace ? { marketplace: record.marketplace as Order['marketplace'] } : {}),
    ...(record.exchangeRate ? { exchangeRate: record.exchangeRate as Order['exchangeRate'] } : {}),
  };
}

/** The order as it is now (strongly consistent); another cellar's order id is not found. */
export async function orderRecordOf(ownerId: string, id: string): Promise<OrderRecord> {
  const { data } = await tables('orders').order.get({ ownerId, id }).go({ consistent: true });
  if (!data) throw new NotFoundError();
  return data;
}

/** Every order of the owner (hundreds a year: one query, all pages). */
export async function ordersOf(ownerId: string): Promise<OrderRecord[]> {
  const { data } = await tables('orders').order.query.byOwnerKey({ ownerId }).go({ pages: 'all' });
  return data;
}

/** Closed orders: received in full, or cancelled. */
export const isClosed = (status: string) => status === 'received' || status === 'cancelled';

/**
 * 409 for a change the order's state refuses (changed since, closed, products locked). Not a
 * ConflictError: reading again would not change the answer, so it is not tried again.
 */
export class OrderRefusedError extends DomainError {
  override name = 'OrderRefusedError';
  readonly code = 'CONFLICT';
  readonly status = 409;
  constructor(text: string) {
    super({ key: text as MessageKey });
  }
}
