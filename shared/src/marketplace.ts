/**
 * The trade marketplace (SPEC §1, §2 /cart, §3 Billing, Delivery, Cart summary, §4 cart availability and
 * orders confirmed by each supplier within 2–24 hours, §5 organization number, §8 checkout messages).
 *
 * Suppliers are the catalogue's wholesalers (Vinmonopolet's `Grossist`). Each offers the wines it imports
 * at a HORECA price derived from the monopoly's retail price (`horecaPriceFromRetail`), with a stock level
 * shown as in stock, low stock or out of stock. A business cellar has one cart; checking it out places
 * one order per supplier (source `marketplace`) in one transaction with the cart's emptying, and each
 * supplier answers its order from a signed link in its mail, or in Kork when an importer account is
 * linked to it. Money is in minor units of NOK: suppliers sell in NOK, the viewer sees its own currency.
 *
 * One module per use case; `order-info` is what an order of the orders domain carries, and imports
 * nothing of the orders.
 */

export * from './marketplace/cart';
export * from './marketplace/checkout';
export * from './marketplace/checkout-result';
export * from './marketplace/importer-accounts';
export * from './marketplace/order-info';
export * from './marketplace/rules';
export * from './marketplace/supplier-answers';
export * from './marketplace/suppliers';
