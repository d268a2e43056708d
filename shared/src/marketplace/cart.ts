import * as z from 'zod/mini';
import type { CurrencyCode } from '../currencies';
import { idField } from '../schema-primitives';
import { quantityField } from './fields';
import type { SupplierSummary, SupplierWine } from './suppliers';

/** The cart: its lines, grouped by supplier. */

// — Cart (§2 /cart, §3 cart summary, §7) —

export interface CartLine {
  /** The line's own id (`PATCH`/`DELETE …/cart-items/{itemId}`). */
  id: string;
  supplierId: string;
  wineId: string;
  /** Bottles. */
  quantity: number;
  wine: SupplierWine;
  /** quantity × HORECA price, øre. */
  totalMinor: number;
  /** The same in the viewer's currency. */
  total: number;
  /** More bottles than the supplier has in stock: checkout refuses the line until it is lowered. */
  exceedsStock: boolean;
  addedAt: string;
}

export interface CartSupplierGroup {
  supplier: SupplierSummary;
  lines: CartLine[];
  /** Bottles of the group. */
  quantity: number;
  subtotalMinor: number;
  subtotal: number;
  /** The subtotal is below the supplier's minimum order: checkout refuses until it is reached. */
  belowMinimum: boolean;
}

export interface Cart {
  groups: CartSupplierGroup[];
  totalCartQuantity: number;
  totalMinor: number;
  total: number;
  /** The viewer's currency of `total`, `subtotal` and line totals. */
  currency: CurrencyCode;
  /** Orders are placed and invoiced in NOK. */
  orderCurrency: 'NOK';
  /** Rises with every change of the cart. */
  version: number;
}

/**
 * `POST …/nbs/cart-items` answers what the add did, not the whole cart (`GET …/nbs/cart-items` reads
 * that): the line as it is now (its bottles after the add, the wine as its supplier offers it now), the
 * bottles in the cart (the navbar's count) and the cart's version.
 */
export interface CartItemAdded {
  line: CartLine;
  totalCartQuantity: number;
  /** The viewer's currency of the line's `total`. */
  currency: CurrencyCode;
  version: number;
}

/** `GET …/nbs/cart-items/summary` (§7). */
export interface CartSummary {
  totalCartQuantity: number;
}

/** `POST …/nbs/cart-items`: adds the bottles to the cart's line of that wine and supplier (one line each). */
export const CartItemInput = z.object({
  supplierId: idField,
  wineId: idField,
  quantity: quantityField,
});
export type CartItemInput = z.infer<typeof CartItemInput>;

/** `PATCH …/nbs/cart-items/{itemId}`: the line's new number of bottles. */
export const CartItemUpdate = z.object({ quantity: quantityField });
export type CartItemUpdate = z.infer<typeof CartItemUpdate>;

/**
 * Splits cart lines into one part per supplier, in the order suppliers first appear, each part's lines
 * in the cart's order.
 */
export function splitBySupplier<T extends { supplierId: string }>(lines: readonly T[]): Map<string, T[]> {
  const parts = new Map<string, T[]>();
  for (const line of lines) {
    const part = parts.get(line.supplierId);
    if (part) part.push(line);
    else parts.set(line.supplierId, [line]);
  }
  return parts;
}
