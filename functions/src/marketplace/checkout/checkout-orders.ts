/**
 * What a checkout writes and sends for each supplier's part of the cart: the buyer's order (type
 * `purchase`, status `placed`, source `marketplace`, built by the orders domain: its lines in the
 * cellar's currency converted from the supplier's HORECA prices in NOK, which the order keeps per line
 * for the supplier), the supplier's inbox entry, and the `supplier-order.placed` v2 message its mail is
 * sent from (in NOK).
 */
import type { SupplierOrderPlacedV2 } from '@kork/queue-messages';
import {
  type BillingInput,
  type DeliveryInput,
  type MarketplaceOrderInfo,
  type OrderLine,
  todayIso,
  WEEKDAYS,
  type Weekday,
} from '@kork/shared';
import { type OrderConversion, type OrderRecord, placedOrderRecord } from '../../orders/order-service';
import type { CartLineRecord } from '../cart/cart-store';
import { type OfferFacts, offerKey, type SupplierFacts } from '../suppliers/suppliers';

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
  conversion: OrderConversion,
): SupplierPart {
  const ordered = lines.map((line) => {
    const offer = offers.get(offerKey(line.supplierId, line.wineId)) as OfferFacts;
    return {
      wineId: line.wineId,
      wineDisplayName: offer.wineDisplayName,
      units: line.quantity,
      supplierUnitCost: offer.horecaPriceMinor,
    };
  });
  const today = todayIso(new Date(checkout.placedAt));
  const order = placedOrderRecord(
    {
      ownerId: buyer.ownerId,
      orderNumber: orderNumberOf(checkout, index),
      source: 'marketplace',
      supplier: supplier.name,
      ...(checkout.note ? { note: checkout.note } : {}),
      placedAt: checkout.placedAt,
      deliveryDate: deliveryDateOf(today, supplier),
      lines: ordered,
      createdBy: buyer.createdBy,
      createdByName: buyer.createdByName,
      marketplace: (products): MarketplaceOrderInfo => ({
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
        supplierPrices: Object.fromEntries(
          products.map((line, i) => [line.lineId, ordered[i]?.supplierUnitCost ?? line.unitCost]),
        ),
      }),
    },
    conversion,
  );
  const products = order.products as OrderLine[];
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
      lines: products.map((line, i) => ({
        productName: line.wineDisplayName,
        quantity: line.units,
        unitPriceMinor: ordered[i]?.supplierUnitCost ?? line.unitCost,
      })),
      currency: 'NOK',
      ...(checkout.note ? { note: checkout.note } : {}),
      placedAt: checkout.placedAt,
    },
  };
}
