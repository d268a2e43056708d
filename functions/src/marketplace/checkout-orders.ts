/**
 * What a checkout writes and sends for each supplier's part of the cart: the buyer's order (type
 * `purchase`, status `placed`, source `marketplace`, in NOK øre at the supplier's HORECA price), the
 * supplier's inbox entry, and the `supplier-order.placed` v2 message its mail is sent from.
 */
import type { SupplierOrderPlacedV2 } from '@kork/events';
import {
  type BillingInput,
  type DeliveryInput,
  type MarketplaceOrderInfo,
  type OrderLine,
  todayIso,
  WEEKDAYS,
  type Weekday,
} from '@kork/shared';
import { ulid } from 'ulid';
import type { OrderRecord } from '../orders/order-store';
import type { CartLineRecord } from './cart-store';
import { type OfferFacts, offerKey, type SupplierFacts } from './suppliers';

const DAY_MS = 24 * 60 * 60 * 1000;
/** getUTCDay() → weekday; Saturday and Sunday are no working days. */
const DAY_NAMES: (Weekday | undefined)[] = [undefined, ...WEEKDAYS, undefined];

/**
 * The first of the supplier's delivery days on or after the day its lead time (working days from the
 * order) ends; any working day when it names none. Ordered on a Thursday with two days' lead time: Monday.
 */
export function deliveryDateOf(
  today: string,
  supplier: Pick<SupplierFacts, 'leadTimeDays' | 'deliveryDays'>,
): string {
  let at = Date.parse(`${today}T00:00:00Z`);
  let working = 0;
  while (working < supplier.leadTimeDays) {
    at += DAY_MS;
    if (DAY_NAMES[new Date(at).getUTCDay()]) working++;
  }
  const days = new Set(supplier.deliveryDays);
  const delivers = (time: number) => {
    const day = DAY_NAMES[new Date(time).getUTCDay()];
    return day !== undefined && (days.size === 0 || days.has(day));
  };
  // Never the day of the order; a fortnight always holds one of the supplier's days.
  if (supplier.leadTimeDays <= 0) at += DAY_MS;
  for (let i = 0; i < 14 && !delivers(at); i++) at += DAY_MS;
  return new Date(at).toISOString().slice(0, 10);
}

export interface Buyer {
  ownerId: string;
  /** The business as suppliers know it: its tasting location's name, or the account's name. */
  name: string;
  email: string;
  /** Who placed it (the owner, or an admin for it). */
  createdBy: string;
  createdByName: string;
}

export interface CheckoutWrite {
  checkoutId: string;
  placedAt: string;
  billing: BillingInput;
  delivery: DeliveryInput;
  note?: string;
}

/** One supplier's part: its order record, its inbox entry, and the message that mails it. */
export interface SupplierPart {
  supplier: SupplierFacts;
  order: OrderRecord;
  ref: {
    supplierId: string;
    placedAt: string;
    ownerId: string;
    orderId: string;
    buyerName: string;
    state: 'waiting';
  };
  message: SupplierOrderPlacedV2;
}

/** A readable order number: `K-<date>-<the checkout's first characters>-<n>`. */
export const orderNumberOf = (checkout: CheckoutWrite, index: number) =>
  `K-${checkout.placedAt.slice(0, 10).replace(/-/g, '')}-${checkout.checkoutId.slice(0, 6).toUpperCase()}-${index + 1}`;

export function supplierPart(
  supplier: SupplierFacts,
  lines: readonly CartLineRecord[],
  offers: ReadonlyMap<string, OfferFacts>,
  checkout: CheckoutWrite,
  buyer: Buyer,
  index: number,
): SupplierPart {
  const products: OrderLine[] = lines.map((line) => {
    const offer = offers.get(offerKey(line.supplierId, line.wineId)) as OfferFacts;
    return {
      lineId: ulid(),
      wineId: line.wineId,
      wineDisplayName: offer.wineDisplayName,
      units: line.quantity,
      unitCost: offer.horecaPriceMinor,
      received: 0,
      total: line.quantity * offer.horecaPriceMinor,
    };
  });
  const info: MarketplaceOrderInfo = {
    supplierId: supplier.id,
    supplierName: supplier.name,
    checkoutId: checkout.checkoutId,
    placedAt: checkout.placedAt,
    supplierState: 'waiting',
    answers: Object.fromEntries(
      products.map((line) => [line.lineId, { state: 'waiting' as const, orderedUnits: line.units }]),
    ),
    billing: checkout.billing,
    delivery: checkout.delivery,
    ...(checkout.note ? { note: checkout.note } : {}),
  };
  const orderNumber = orderNumberOf(checkout, index);
  const order = {
    ownerId: buyer.ownerId,
    id: ulid(),
    type: 'purchase',
    orderId: orderNumber,
    status: 'placed',
    source: 'marketplace',
    supplier: supplier.name,
    ...(checkout.note ? { note: checkout.note } : {}),
    orderDate: todayIso(new Date(checkout.placedAt)),
    deliveryDate: deliveryDateOf(todayIso(new Date(checkout.placedAt)), supplier),
    products,
    createdBy: buyer.createdBy,
    createdByName: buyer.createdByName,
    createdAt: checkout.placedAt,
    updatedAt: checkout.placedAt,
    version: 0,
    marketplace: info,
  } as OrderRecord;
  return {
    supplier,
    order,
    ref: {
      supplierId: supplier.id,
      placedAt: checkout.placedAt,
      ownerId: buyer.ownerId,
      orderId: order.id,
      buyerName: buyer.name,
      state: 'waiting',
    },
    message: {
      name: 'orders.supplier-order.placed',
      version: 2,
      orderId: order.id,
      ownerId: buyer.ownerId,
      checkoutId: checkout.checkoutId,
      supplier: { id: supplier.id, name: supplier.name, email: supplier.orderEmail },
      buyer: { name: buyer.name, email: buyer.email },
      lines: products.map((line) => ({
        productName: line.wineDisplayName,
        quantity: line.units,
        unitPriceMinor: line.unitCost,
      })),
      currency: 'NOK',
      ...(checkout.note ? { note: checkout.note } : {}),
      placedAt: checkout.placedAt,
    },
  };
}
