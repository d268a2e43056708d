import type { BillingInput, DeliveryInput } from './checkout';

/** What a marketplace order carries besides the order's own fields, and the suppliers' answer states. */

// — A supplier's answer (§4: confirmed by each supplier within 2–24 hours) —

export const SUPPLIER_LINE_STATES = ['waiting', 'confirmed', 'modified', 'rejected'] as const;
export type SupplierLineState = (typeof SUPPLIER_LINE_STATES)[number];

/** Where a marketplace order stands with its supplier. */
export const SUPPLIER_ORDER_STATES = ['waiting', 'answered'] as const;
export type SupplierOrderState = (typeof SUPPLIER_ORDER_STATES)[number];

/** Hours within which suppliers normally confirm (§9). */
export const SUPPLIER_CONFIRMATION_HOURS = { min: 2, max: 24 } as const;
/** A supplier that has not answered this long after the order gets one reminder. */
export const SUPPLIER_REMINDER_AFTER_HOURS = 24;
/** How long a supplier's link works. */
export const SUPPLIER_LINK_DAYS = 14;

/** The supplier's answer on one line of its order. */
export interface SupplierLineAnswer {
  state: SupplierLineState;
  /** Bottles first ordered (a modified quantity changes the line's units). */
  orderedUnits: number;
  /** The wine first ordered, kept once a substitute from the supplier's catalogue replaced the line's. */
  orderedWine?: { wineId?: string; name: string };
  /** A substitute the supplier delivers instead. */
  substitute?: { wineId?: string; name: string };
  /** The supplier's word on the line. */
  comment?: string;
  answeredAt?: string;
}

/** What a marketplace order carries besides the order's own fields (its `marketplace`). */
export interface MarketplaceOrderInfo {
  supplierId: string;
  supplierName: string;
  checkoutId: string;
  placedAt: string;
  supplierState: SupplierOrderState;
  /** Per order line id. */
  answers: Record<string, SupplierLineAnswer>;
  answeredAt?: string;
  /** When the one reminder went to a supplier that had not answered in 24 hours. */
  remindedAt?: string;
  billing: BillingInput;
  delivery: DeliveryInput;
  note?: string;
  /**
   * The supplier's price of each order line id, NOK øre ex VAT, as ordered: the order's lines are in the
   * cellar's currency (see the order's `exchangeRate`), the supplier sells and invoices in NOK. Absent on
   * orders placed before, whose lines are in NOK.
   */
  supplierPrices?: Record<string, number>;
}
