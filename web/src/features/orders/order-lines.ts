import {
  type CurrencyCode,
  type Locale,
  ORDER_LIMITS,
  type Order,
  type OrderLine,
  type OrderType,
  SETTABLE_ORDER_STATUSES,
  todayIso,
  weightedAverageCost,
} from '@kork/shared';
import { minorText, schemaMoney, schemaNumber } from '../../lib/number-text';

/**
 * The order form's values and what the receive dialog works out before anything is sent: the bottles
 * still to come per line and the purchase price each wine will have after receiving. Pure, for tests.
 */

export type SettableStatus = (typeof SETTABLE_ORDER_STATUSES)[number];

export interface OrderLineValues {
  key: string;
  /** A cellar wine … */
  ownWineId?: string;
  /** … or a catalogue wine not yet in the cellar. */
  wineId?: string;
  name: string;
  units: string;
  unitCost: string;
}

export interface OrderFormValues {
  type: OrderType;
  orderId: string;
  status: SettableStatus;
  supplier: string;
  orderDate: string;
  deliveryDate: string;
  note: string;
  products: OrderLineValues[];
}

export function emptyOrder(): OrderFormValues {
  return {
    type: 'purchase',
    orderId: '',
    status: 'draft',
    supplier: '',
    orderDate: todayIso(),
    deliveryDate: '',
    note: '',
    products: [],
  };
}

export function isSettable(status: string): status is SettableStatus {
  return (SETTABLE_ORDER_STATUSES as readonly string[]).includes(status);
}

/** An order as the edit form starts: its fields as text in the page's language. */
export function orderValues(order: Order, code: CurrencyCode, locale: Locale): OrderFormValues {
  return {
    type: order.type,
    orderId: order.orderId ?? '',
    status: isSettable(order.status) ? order.status : 'confirmed',
    supplier: order.supplier ?? '',
    orderDate: order.orderDate,
    deliveryDate: order.deliveryDate ?? '',
    note: order.note ?? '',
    products: order.products.map((line) => ({
      key: line.lineId,
      ...(line.ownWineId ? { ownWineId: line.ownWineId } : {}),
      ...(line.wineId ? { wineId: line.wineId } : {}),
      name: line.wineDisplayName,
      units: String(line.units),
      unitCost: minorText(line.unitCost, code, locale),
    })),
  };
}

function text(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function lineInput(line: OrderLineValues, code: CurrencyCode, locale: Locale) {
  return {
    ...(line.ownWineId ? { ownWineId: line.ownWineId } : {}),
    ...(line.wineId ? { wineId: line.wineId } : {}),
    units: schemaNumber(line.units, locale) ?? undefined,
    unitCost: schemaMoney(line.unitCost, code, locale) ?? undefined,
  };
}

/** The form as `OrderInput` (a new order); numbers that are no numbers go as NaN for the schema to name. */
export function toOrderInput(values: OrderFormValues, code: CurrencyCode, locale: Locale) {
  return {
    type: values.type,
    orderId: text(values.orderId),
    status: values.status,
    supplier: text(values.supplier),
    note: text(values.note),
    orderDate: text(values.orderDate),
    deliveryDate: text(values.deliveryDate) ?? null,
    products: values.products.map((line) => lineInput(line, code, locale)),
  };
}

/**
 * The form as `OrderUpdate`: cleared texts go as null so they are cleared, and the products only when
 * they may still change (nothing received yet). A received or cancelled order keeps its status.
 */
export function toOrderUpdate(values: OrderFormValues, order: Order, code: CurrencyCode, locale: Locale) {
  const statusFixed = order.status === 'received' || order.status === 'partlyReceived';
  return {
    type: values.type,
    orderId: text(values.orderId) ?? null,
    ...(statusFixed ? {} : { status: values.status }),
    supplier: text(values.supplier) ?? null,
    note: text(values.note) ?? null,
    orderDate: text(values.orderDate),
    deliveryDate: text(values.deliveryDate) ?? null,
    ...(order.receivedUnits === 0
      ? { products: values.products.map((line) => lineInput(line, code, locale)) }
      : {}),
    version: order.version,
  };
}

/** Bottles of a line still to come. */
export function outstanding(line: Pick<OrderLine, 'units' | 'received'>): number {
  return Math.max(0, line.units - line.received);
}

/** A cellar wine's stock and purchase price (without VAT) before receiving. */
export interface StockBefore {
  quantity: number;
  purchasePriceWovat?: number;
}

export interface ReceivePreview {
  lineId: string;
  units: number;
  /** The wine's purchase price without VAT after receiving, or undefined when nothing arrives. */
  averageCost: number | undefined;
  /** Bottles of the wine after receiving. */
  quantityAfter: number;
}

/**
 * What receiving `plan` (bottles per line id) does to each line's wine: the weighted average purchase
 * price and the bottles after. Two lines of one wine are received one after the other, as the server does.
 */
export function receivePreview(
  lines: readonly OrderLine[],
  plan: ReadonlyMap<string, number>,
  stock: ReadonlyMap<string, StockBefore>,
): ReceivePreview[] {
  const running = new Map<string, StockBefore>();
  return lines.map((line) => {
    const units = plan.get(line.lineId) ?? 0;
    const key = line.ownWineId ?? `catalogue:${line.wineId ?? line.lineId}`;
    const before = running.get(key) ?? stock.get(key) ?? { quantity: 0 };
    if (units <= 0)
      return { lineId: line.lineId, units: 0, averageCost: undefined, quantityAfter: before.quantity };
    const averageCost = weightedAverageCost(before.quantity, before.purchasePriceWovat, units, line.unitCost);
    const after = { quantity: Math.max(0, before.quantity) + units, purchasePriceWovat: averageCost };
    running.set(key, after);
    return { lineId: line.lineId, units, averageCost, quantityAfter: after.quantity };
  });
}

/** Every line's outstanding bottles, as the receive dialog starts. */
export function allOutstanding(lines: readonly OrderLine[]): Map<string, number> {
  return new Map(lines.map((line) => [line.lineId, outstanding(line)]));
}

export const MAX_ORDER_LINES = ORDER_LIMITS.productsMax;
