import { type Cart, type CurrencyCode, currency, type Locale, message, type Weekday } from '@kork/shared';
import { formatMoney } from '../../../lib/money';

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

/** One supplier's problems as the checkout names them: its own terms, and each line's by its wine. */
export interface SupplierProblems {
  supplierId: string;
  supplierName: string;
  problems: string[];
}

/**
 * What stops each supplier's part of the cart from being ordered, in the page's language: a line beyond
 * the supplier's stock (or no longer offered), the minimum order not reached. `server` adds what a
 * refused checkout named (`suppliers.<id>` and `suppliers.<id>.lines.<line id>`, already translated),
 * which may know more than the cart read before it. Suppliers without a problem are left out.
 */
export function supplierProblems(
  cart: Cart,
  locale: Locale,
  server: Readonly<Record<string, string>> = {},
): Map<string, SupplierProblems> {
  const found = new Map<string, SupplierProblems>();
  for (const group of cart.groups) {
    const { supplier } = group;
    const problems: string[] = [];
    const add = (text: string) => {
      if (!problems.includes(text)) problems.push(text);
    };
    for (const line of group.lines) {
      const fromServer = server[`suppliers.${supplier.id}.lines.${line.id}`];
      if (fromServer) add(`${line.wine.name}: ${fromServer}`);
      else if (line.exceedsStock) {
        const stock = line.wine.stock ?? 0;
        add(
          `${line.wine.name}: ${message(stock > 0 ? `onlyInStock|stock=${stock}` : 'wineOutOfStock', locale)}`,
        );
      }
    }
    const own = server[`suppliers.${supplier.id}`];
    if (own) add(own);
    else if (group.belowMinimum)
      add(
        message(
          `belowMinimumOrder|amount=${formatAmount(supplier.minimumOrder, supplier.currency, locale)}`,
          locale,
        ),
      );
    if (problems.length > 0)
      found.set(supplier.id, { supplierId: supplier.id, supplierName: supplier.name, problems });
  }
  return found;
}

/** How many suppliers' parts can be ordered now, and how many wait in the cart for their problems. */
export function checkoutReadiness(cart: Cart, problems: ReadonlyMap<string, SupplierProblems>) {
  const blocked = cart.groups.filter((group) => problems.has(group.supplier.id)).length;
  return { ready: cart.groups.length - blocked, blocked };
}
