import { withoutVat, withVat } from './cellar';
import { MONEY_MAX_MINOR } from './schema-primitives';

/**
 * Price math of a cellar wine (SPEC §3 inventory columns), in integer minor units. Pure functions: the
 * API applies them on every write, the web form shows the same numbers while the owner types.
 */

export interface PurchasePrices {
  purchasePriceWovat?: number | null;
  purchasePriceWvat?: number | null;
}

/**
 * One purchase price derived from the other by the style's VAT. When both are given the one without VAT
 * wins (it is what the invoice says); null clears both.
 */
export function purchasePrices(input: PurchasePrices, vatPercentage: number): PurchasePrices {
  const { purchasePriceWovat: ex, purchasePriceWvat: inc } = input;
  if (ex != null) return { purchasePriceWovat: ex, purchasePriceWvat: withVat(ex, vatPercentage) };
  if (inc != null) return { purchasePriceWovat: withoutVat(inc, vatPercentage), purchasePriceWvat: inc };
  if (ex === null || inc === null) return { purchasePriceWovat: null, purchasePriceWvat: null };
  return {};
}

/** Mark-up of the selling price (inc VAT) over the purchase price inc VAT, in percent with one decimal. */
export function surcharge(
  sellingPrice?: number | null,
  purchasePriceWvat?: number | null,
): number | undefined {
  if (sellingPrice == null || purchasePriceWvat == null || purchasePriceWvat === 0) return undefined;
  return Math.round(((sellingPrice - purchasePriceWvat) / purchasePriceWvat) * 1000) / 10;
}

/** What the bottles cost: quantity × purchase price without VAT. */
export function stockCost(quantity: number, purchasePriceWovat?: number | null): number | undefined {
  if (purchasePriceWovat == null) return undefined;
  return quantity * purchasePriceWovat;
}

/**
 * The selling price after the purchase price changed. An unlocked price keeps its mark-up (the old
 * selling price scaled by the new purchase price); a locked one, or one with no purchase price before,
 * stays as it is.
 */
export function followPurchasePrice(options: {
  sellingPrice?: number | null;
  locked: boolean;
  oldPurchaseWvat?: number | null;
  newPurchaseWvat?: number | null;
}): number | null | undefined {
  const { sellingPrice, locked, oldPurchaseWvat, newPurchaseWvat } = options;
  if (locked || sellingPrice == null || !oldPurchaseWvat || newPurchaseWvat == null) return sellingPrice;
  if (newPurchaseWvat === oldPurchaseWvat) return sellingPrice;
  return Math.min(MONEY_MAX_MINOR, Math.round((sellingPrice * newPurchaseWvat) / oldPurchaseWvat));
}

/** Whether a drinking window includes a year; an open end counts as open. */
export function inDrinkingWindow(year: number, from?: number | null, to?: number | null): boolean {
  if (from == null && to == null) return false;
  return (from == null || from <= year) && (to == null || year <= to);
}
