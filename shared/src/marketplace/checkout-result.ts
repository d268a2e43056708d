import type { Order } from '../orders';

/** What a checkout placed: one order per supplier. */

export interface CheckoutResult {
  /** The checkout's id: the confirmation page's address. */
  checkoutId: string;
  placedAt: string;
  /** One order per supplier, source `marketplace`, status `placed`. */
  orders: Order[];
  /** Suppliers left in the cart when the buyer placed only those that could go. */
  keptSupplierIds?: string[];
}
