import { type Cart, type CurrencyCode, currency, type Weekday } from '@kork/shared';
import { formatMoney } from '../../cellar/wines/money';

/**
 * Amounts of the cart as people read them. The API sends the viewer's currency as a number (`total`,
 * `horecaPrice`) beside the øre it orders in; the number is written with its currency's decimals.
 */
export function formatAmount(value: number, code: CurrencyCode, locale: string): string {
  return formatMoney(Math.round(value * 10 ** currency(code).minorUnits), code, locale);
}

/** A supplier's delivery days in the page's language, e.g. "Mon, Wed, Fri". */
export function weekdaysText(days: readonly Weekday[], name: (day: Weekday) => string): string {
  return days.map(name).join(', ');
}

/** Why checkout is not open yet (a line above the supplier's stock, a supplier's minimum not reached), or undefined. */
export function checkoutBlock(cart: Cart): 'belowMinimum' | 'exceedsStock' | undefined {
  if (cart.groups.some((group) => group.lines.some((line) => line.exceedsStock))) return 'exceedsStock';
  if (cart.groups.some((group) => group.belowMinimum)) return 'belowMinimum';
  return undefined;
}
