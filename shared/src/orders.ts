import * as z from 'zod/mini';
import { intParam, listParam } from './catalog';
import type { CurrencyCode } from './currencies';
import type { DutyMissing } from './duties';
import type { MarketplaceOrderInfo } from './marketplace/order-info';
import {
  crossCheck,
  EARLIEST_DATE,
  idField,
  isoDateField,
  listField,
  moneyField,
  numberField,
  textField,
} from './schema-primitives';

/**
 * Orders (SPEC §3 Order: type, order ID, status, source, note, order date, delivery date, products,
 * units, total cost).
 *
 * Types: `purchase` (bottles bought from a supplier), `transfer` (bottles arriving from another venue or
 * store of the same business), `return` (bottles a customer or venue sends back). Each of them brings
 * bottles in when it is received; what leaves the cellar is a sale.
 *
 * Receiving (all lines or some) adds the bottles to a chosen location at the line's unit cost and sets
 * the wine's purchase price to the weighted average of the bottles in stock and the bottles received
 * (`weightedAverageCost`), with a RECEIVED history entry per wine in the same transaction. The status
 * then follows what has arrived: partly received, or received. A unit cost is without VAT, minor units.
 */

export const ORDER_TYPES = ['purchase', 'transfer', 'return'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const ORDER_STATUSES = [
  'draft',
  'placed',
  'confirmed',
  'partlyReceived',
  'received',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses a person may set by hand; the two receiving ones follow what was received. */
export const SETTABLE_ORDER_STATUSES = ['draft', 'placed', 'confirmed', 'cancelled'] as const;

export const ORDER_SOURCES = ['manual', 'marketplace', 'import'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const ORDER_LIMITS = {
  /** Lines of one order; receiving writes each wine with its history in the order's one transaction. */
  productsMax: 40,
  unitsMax: 100_000,
  orderIdMax: 60,
  noteMax: 1000,
  supplierMax: 200,
} as const;

export interface OrderLine {
  /** The line's own id (receiving names lines by it). */
  lineId: string;
  /** A cellar wine, or … */
  ownWineId?: string;
  /** … a catalogue wine not yet in the cellar (it joins the cellar when received). */
  wineId?: string;
  wineDisplayName: string;
  units: number;
  /** Without VAT, minor units. */
  unitCost: number;
  /** Bottles of this line received so far. */
  received: number;
  /** units × unitCost. */
  total: number;
  /** The duties in one bottle's unit cost at the order date's rates (one order read only). */
  duties?: LineDuties;
}

/**
 * The duties (excise, packaging taxes, deposit) of one bottle of a line, minor units of the order's
 * currency, at the rates in force on the order date; unknown when the wine's alcohol or the day's rates
 * are not known — never 0.
 */
export type LineDuties =
  | { known: true; perBottle: number; total: number; ratesAsOf: string | null; stale: boolean }
  | { known: false; missing: DutyMissing };

/** An order's duties: the sum over its lines whose duties are known, and how many are not. */
export interface OrderDuties {
  total: number;
  /** Lines left out of `total` because their duties are unknown. */
  unknownLines: number;
  /** The day the rates are taken from: the order date. */
  date: string;
  ratesAsOf: string | null;
  stale: boolean;
}

export interface Order {
  id: string;
  type: OrderType;
  /** The order's number as the supplier or the venue knows it. */
  orderId?: string;
  status: OrderStatus;
  source: OrderSource;
  supplier?: string;
  note?: string;
  orderDate: string;
  deliveryDate?: string;
  products: OrderLine[];
  /** Σ units. */
  units: number;
  /** Σ received. */
  receivedUnits: number;
  /** Σ line totals, without VAT. */
  totalCost: number;
  currency: CurrencyCode;
  createdBy: string;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** A marketplace order's supplier, its answers and the billing and delivery it was placed with. */
  marketplace?: MarketplaceOrderInfo;
  /** The rate its supplier's prices were converted at into the cellar's currency (absent: not converted). */
  exchangeRate?: OrderExchangeRate;
  /** The duties its lines hold (one order read only; lists leave it out). */
  duties?: OrderDuties;
}

/**
 * How an order's lines came into the cellar's currency from the currency its supplier sells in: one
 * unit of `from` is `rate` units of `to` (NOK → EUR at 11.70 NOK per euro: 0.08547009), from the
 * exchange rate held for `date` (NOK per unit of `to`).
 */
export interface OrderExchangeRate {
  from: CurrencyCode;
  to: CurrencyCode;
  rate: number;
  nokPerUnit: number;
  date: string;
  source: string;
}

const orderDay = isoDateField({ min: EARLIEST_DATE, max: () => `${new Date().getUTCFullYear() + 2}-12-31` });

const orderLineInput = z
  .object({
    ownWineId: z.optional(idField),
    wineId: z.optional(idField),
    units: numberField(1, ORDER_LIMITS.unitsMax, { int: true }),
    unitCost: moneyField,
  })
  .check(
    crossCheck(
      ['ownWineId', 'wineId'],
      (line) => (line.ownWineId === undefined) !== (line.wineId === undefined),
      {
        error: 'orderLineWine',
        path: ['ownWineId'],
      },
    ),
  );

/** `POST …/orders`. */
export const OrderInput = z.object({
  type: z.enum(ORDER_TYPES, { error: 'invalidValue' }),
  orderId: z.optional(textField(ORDER_LIMITS.orderIdMax)),
  /** `draft` when absent; the receiving statuses cannot be set by hand. */
  status: z.optional(z.enum(SETTABLE_ORDER_STATUSES, { error: 'invalidValue' })),
  /** `manual` when absent. */
  source: z.optional(z.enum(ORDER_SOURCES, { error: 'invalidValue' })),
  supplier: z.optional(textField(ORDER_LIMITS.supplierMax)),
  note: z.optional(textField(ORDER_LIMITS.noteMax, { lines: true })),
  /** Today when absent. */
  orderDate: z.optional(orderDay),
  deliveryDate: z.optional(z.nullable(orderDay)),
  products: listField(orderLineInput, ORDER_LIMITS.productsMax, { min: 1 }),
});
export type OrderInput = z.infer<typeof OrderInput>;

/**
 * `PATCH …/orders/{orderId}`: any field of the input. Products can be changed only while nothing has
 * been received; a received or cancelled order keeps its status.
 */
export const OrderUpdate = z.object({
  type: z.optional(z.enum(ORDER_TYPES, { error: 'invalidValue' })),
  orderId: z.optional(z.nullable(textField(ORDER_LIMITS.orderIdMax))),
  status: z.optional(z.enum(SETTABLE_ORDER_STATUSES, { error: 'invalidValue' })),
  supplier: z.optional(z.nullable(textField(ORDER_LIMITS.supplierMax))),
  note: z.optional(z.nullable(textField(ORDER_LIMITS.noteMax, { lines: true }))),
  orderDate: z.optional(orderDay),
  deliveryDate: z.optional(z.nullable(orderDay)),
  products: z.optional(listField(orderLineInput, ORDER_LIMITS.productsMax, { min: 1 })),
  /** The version the change was made on; a stale one answers 409. */
  version: z.optional(numberField(0, 1_000_000_000, { int: true })),
});
export type OrderUpdate = z.infer<typeof OrderUpdate>;

/** `POST …/orders/{orderId}/receive`: into one location; every line's outstanding bottles when `lines` is absent. */
export const ReceiveInput = z.object({
  /** A location id, or `uncategorized`. */
  locationId: idField,
  lines: z.optional(
    listField(
      z.object({
        lineId: idField,
        units: numberField(1, ORDER_LIMITS.unitsMax, { int: true }),
      }),
      ORDER_LIMITS.productsMax,
      { min: 1 },
    ),
  ),
  /** The order's version the receipt was decided on; a stale one answers 409, so a receipt sent twice arrives once. */
  version: z.optional(numberField(0, 1_000_000_000, { int: true })),
});
export type ReceiveInput = z.infer<typeof ReceiveInput>;

/** `GET …/orders`: newest order date first. */
export const OrdersQuery = z.object({
  page: intParam(1, 100_000),
  resultsPerPage: intParam(1, 500),
  /** Comma-separated statuses. */
  status: listParam,
  type: z.optional(z.enum(ORDER_TYPES, { error: 'invalidValue' })),
  search: z.optional(textField(200)),
});
export type OrdersQuery = z.infer<typeof OrdersQuery>;

export interface OrdersList {
  rows: Order[];
  count: number;
  /** Orders per status across the whole cellar (the filter's counts). */
  byStatus: Record<OrderStatus, number>;
  currency: CurrencyCode;
}

/**
 * Importers whose orders can flow into the cellar (SPEC §6: order import from importers needs
 * activation). `needsActivation` until an admin activates the connection.
 */
export const IMPORTER_CONNECTION_STATUSES = ['needsActivation', 'requested', 'active'] as const;
export type ImporterConnectionStatus = (typeof IMPORTER_CONNECTION_STATUSES)[number];

export interface ImporterConnection {
  /** The importer's name as the catalogue's wholesaler field gives it. */
  importer: string;
  /** Wines of the cellar that come from this importer. */
  wines: number;
  status: ImporterConnectionStatus;
  requestedAt?: string;
  activatedAt?: string;
}

/** The weighted-average purchase price after receiving (documented in docs/stock.md). */
export function weightedAverageCost(
  stockUnits: number,
  stockCost: number | undefined,
  receivedUnits: number,
  receivedCost: number,
): number {
  if (receivedUnits <= 0) return stockCost ?? receivedCost;
  const held = Math.max(0, stockUnits);
  if (stockCost === undefined || held === 0) return receivedCost;
  return Math.round((held * stockCost + receivedUnits * receivedCost) / (held + receivedUnits));
}
