/**
 * The cart as a viewer sees it: the stored lines with each supplier's offer as it is now (price, stock,
 * the wine), grouped per supplier in the order suppliers were first added, with totals in NOK øre and in
 * the viewer's currency. Checkout reads the same view, so what the buyer saw is what is checked.
 */
import {
  type Cart,
  type CartLine,
  type CartSupplierGroup,
  convertFromNokMinor,
  type SupplierSummary,
  type SupplierWine,
  splitBySupplier,
} from '@kork/shared';
import {
  type OfferFacts,
  offerKey,
  offersOf,
  type SupplierFacts,
  supplierSummaryOf,
  suppliersByIds,
} from '../suppliers/suppliers';
import type { MarketViewer } from '../viewer';
import type { CartLineRecord, StoredCart } from './cart-store';

export interface CartFacts {
  cart: Cart;
  /** Offers of the cart's pairs as they are now; a pair no longer offered is absent. */
  offers: Map<string, OfferFacts>;
  suppliers: Map<string, SupplierFacts>;
}

/** A line whose supplier no longer offers the wine: shown out of stock, refused at checkout. */
function withdrawnWine(line: CartLineRecord, viewer: MarketViewer, supplierName: string): SupplierWine {
  return {
    wineId: line.wineId,
    supplierId: line.supplierId,
    supplierName,
    name: line.wineId,
    vintage: null,
    bottleSize: 0.75,
    availability: 'outOfStock',
    stock: 0,
    caseSize: 1,
    horecaPrice: 0,
    horecaPriceMinor: 0,
    currency: viewer.currency,
  };
}

/** A supplier missing from the table (never expected): its id for a name, no terms. */
function unknownSupplier(id: string, viewer: MarketViewer): SupplierSummary {
  return {
    id,
    name: id,
    wineCount: 0,
    minimumOrderMinor: 0,
    minimumOrder: 0,
    currency: viewer.currency,
    deliveryDays: [],
    leadTimeDays: 0,
    hasAccount: false,
  };
}

/** One stored line as `viewer` sees it, with its supplier's offer as it is now (absent: withdrawn). */
export function cartLineOf(
  line: CartLineRecord,
  offer: OfferFacts | undefined,
  viewer: MarketViewer,
  supplierName: string,
): CartLine {
  const totalMinor = line.quantity * (offer?.horecaPriceMinor ?? 0);
  return {
    id: line.id,
    supplierId: line.supplierId,
    wineId: line.wineId,
    quantity: line.quantity,
    wine: offer?.wine ?? withdrawnWine(line, viewer, supplierName),
    totalMinor,
    total: convertFromNokMinor(totalMinor, viewer.currency),
    exceedsStock: line.quantity > (offer?.stock ?? 0),
    addedAt: line.addedAt,
  };
}

/** The cart of stored lines as `viewer` sees it. */
export async function cartFacts(
  stored: Pick<StoredCart, 'lines' | 'version'>,
  viewer: MarketViewer,
  options: { consistent?: boolean } = {},
): Promise<CartFacts> {
  const { lines } = stored;
  const parts = splitBySupplier(lines);
  const [offers, suppliers] = await Promise.all([
    lines.length > 0 ? offersOf(lines, viewer) : Promise.resolve(new Map<string, OfferFacts>()),
    parts.size > 0
      ? suppliersByIds([...parts.keys()], options)
      : Promise.resolve(new Map<string, SupplierFacts>()),
  ]);
  const money = (minor: number) => convertFromNokMinor(minor, viewer.currency);
  const groups: CartSupplierGroup[] = [];
  for (const [supplierId, part] of parts) {
    const facts = suppliers.get(supplierId);
    const supplier = facts ? supplierSummaryOf(facts, viewer) : unknownSupplier(supplierId, viewer);
    const cartLines = part.map((line) =>
      cartLineOf(line, offers.get(offerKey(line.supplierId, line.wineId)), viewer, supplier.name),
    );
    const subtotalMinor = cartLines.reduce((sum, line) => sum + line.totalMinor, 0);
    groups.push({
      supplier,
      lines: cartLines,
      quantity: cartLines.reduce((sum, line) => sum + line.quantity, 0),
      subtotalMinor,
      subtotal: money(subtotalMinor),
      belowMinimum: subtotalMinor < (facts?.minimumOrderMinor ?? 0),
    });
  }
  const totalMinor = groups.reduce((sum, group) => sum + group.subtotalMinor, 0);
  return {
    cart: {
      groups,
      totalCartQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      totalMinor,
      total: money(totalMinor),
      currency: viewer.currency,
      orderCurrency: 'NOK',
      version: stored.version,
    },
    offers,
    suppliers,
  };
}
