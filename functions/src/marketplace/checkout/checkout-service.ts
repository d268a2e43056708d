/**
 * Checkout (docs/marketplace.md): one order per supplier, the supplier inbox entries, the cart's emptying,
 * the remembered billing and delivery and the checkout record in one transaction; then one
 * `supplier-order.placed` v2 message per order.
 *
 * Exactly once per `Idempotency-Key`: the checkout record's id is derived from the owner and the key and
 * created only where none exists, in the same transaction, so two requests with one key place one set of
 * orders and the second answers the first's.
 */
import { createHash } from 'node:crypto';
import {
  type Cellar,
  type CheckoutDetails,
  type CheckoutInput,
  type CheckoutResult,
  type CurrencyCode,
  MARKETPLACE_LIMITS,
  type MessageKey,
  splitBySupplier,
  withBounds,
} from '@kork/shared';
import { actorOf } from '../../accounts/account-lookup';
import { viewer as accountOf } from '../../accounts/profile-service';
import { queue } from '../../adapters/queue';
import { ownedCellar } from '../../cellar/cellar-service';
import { tables, transaction } from '../../data/tables';
import { commitTransaction, TransactionCanceled } from '../../data/transactions';
import { createOrderItem, orderConversionFor, orderRecordOf, toOrder } from '../../orders/order-service';
import type { Principal } from '../../platform/auth';
import { DomainError, NotFoundError, ValidationError } from '../../platform/errors';
import { createLogger } from '../../platform/logger';
import { type CartLineRecord, cartAfterCheckout, readCart, type StoredCart } from '../cart/cart-store';
import { cartFacts } from '../cart/cart-view';
import { offerKey } from '../suppliers/suppliers';
import type { MarketViewer } from '../viewer';
import { type Buyer, type CheckoutWrite, type SupplierPart, supplierPart } from './checkout-orders';

type Viewer = MarketViewer & { principal: Principal };

/** 409 for a checkout the cart's state refuses; not a ConflictError, so nothing tries it again. */
export class CartRefusedError extends DomainError {
  override name = 'CartRefusedError';
  readonly code = 'CONFLICT';
  readonly status = 409;
  constructor(key: MessageKey) {
    super({ key });
  }
}

/** The checkout record's id (and the buyer's checkout id): the owner and key, hashed. */
export const checkoutIdOf = (ownerId: string, key: string) =>
  createHash('sha256').update(`${ownerId}\n${key}`).digest('hex').slice(0, 32);

const log = createLogger({ module: 'marketplace/checkout' });

/** A placed checkout's result from its record; its orders as they are now. */
async function resultOf(
  ownerId: string,
  checkoutId: string,
  currency: CurrencyCode,
): Promise<CheckoutResult> {
  const { data } = await tables('marketplace')
    .checkout.get({ ownerId, id: checkoutId })
    .go({ consistent: true });
  if (!data) throw new NotFoundError();
  // An order the buyer has deleted since is left out.
  const records = await Promise.all(
    data.orderIds.map((id) =>
      orderRecordOf(ownerId, id).catch((error: unknown) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }),
    ),
  );
  return {
    checkoutId: data.checkoutId,
    placedAt: data.placedAt,
    orders: records.flatMap((record) => (record ? [toOrder(record, currency)] : [])),
    ...(data.keptSupplierIds?.length ? { keptSupplierIds: [...data.keptSupplierIds] } : {}),
  };
}

/** The amount of a minimum order as a message shows it: whole kroner of NOK. */
const nok = (minor: number) => `NOK ${Math.round(minor / 100)}`;

/** What stops suppliers' parts of the cart from being ordered, named under each supplier. */
interface CartProblems {
  /** `suppliers.<id>` (its terms: minimum order, lines, unknown) and `suppliers.<id>.lines.<line id>`. */
  fields: Record<string, string>;
  /** Suppliers with at least one problem. */
  blocked: Set<string>;
}

/**
 * Every problem of the cart as it is now, per supplier: a line no longer offered or beyond the stock, a
 * supplier's part below its minimum order or over its lines. The other suppliers can be ordered from.
 */
function problemsOf(stored: StoredCart, facts: Awaited<ReturnType<typeof cartFacts>>): CartProblems {
  const fields: Record<string, string> = {};
  const blocked = new Set<string>();
  for (const line of stored.lines) {
    const offer = facts.offers.get(offerKey(line.supplierId, line.wineId));
    const field = `suppliers.${line.supplierId}.lines.${line.id}`;
    if (!offer) fields[field] = 'supplierDoesNotOfferWine';
    else if (line.quantity > offer.stock)
      fields[field] = offer.stock > 0 ? withBounds('onlyInStock', { stock: offer.stock }) : 'wineOutOfStock';
    else continue;
    blocked.add(line.supplierId);
  }
  for (const group of facts.cart.groups) {
    const id = group.supplier.id;
    const supplier = facts.suppliers.get(id);
    const field = `suppliers.${id}`;
    if (!supplier) fields[field] = 'notFound';
    else if (group.lines.length > MARKETPLACE_LIMITS.supplierLinesMax)
      fields[field] = withBounds('supplierTooManyLines', { max: MARKETPLACE_LIMITS.supplierLinesMax });
    else if (group.belowMinimum)
      fields[field] = withBounds('belowMinimumOrder', { amount: nok(supplier.minimumOrderMinor) });
    else continue;
    blocked.add(id);
  }
  return { fields, blocked };
}

/**
 * The suppliers the checkout places: all of them, or when the buyer chose to place those that can go
 * (`placeReady`), the ones without a problem. Refused: an empty cart, a cart changed since the buyer
 * looked (`version`), too many suppliers, and any problem the buyer did not choose to leave in the cart
 * (400 naming every problem under its supplier) or a cart where no supplier can go.
 */
function suppliersToPlace(
  stored: StoredCart,
  input: CheckoutInput,
  facts: Awaited<ReturnType<typeof cartFacts>>,
): string[] {
  if (stored.lines.length === 0) throw new ValidationError({ lines: 'cartEmpty' }, { key: 'cartEmpty' });
  if (input.version !== undefined && input.version !== stored.version)
    throw new CartRefusedError('cartChanged');
  const parts = splitBySupplier(stored.lines);
  if (parts.size > MARKETPLACE_LIMITS.cartSuppliersMax) {
    const text = withBounds('cartTooManySuppliers', { max: MARKETPLACE_LIMITS.cartSuppliersMax });
    throw new ValidationError({ lines: text }, { key: text as MessageKey });
  }
  const { fields, blocked } = problemsOf(stored, facts);
  const ready = [...parts.keys()].filter((id) => !blocked.has(id));
  if (blocked.size > 0 && (!input.placeReady || ready.length === 0))
    throw new ValidationError(fields, {
      key: ready.length === 0 ? 'checkoutNoSupplierReady' : 'checkoutSuppliersBlocked',
    });
  return ready;
}

async function buyerOf(ownerId: string, principal: Principal): Promise<Buyer> {
  const [account, actor] = await Promise.all([accountOf(ownerId), actorOf(principal)]);
  return {
    ownerId,
    name: account.tastingLocationName?.trim() || account.fullName || ownerId,
    email: account.email,
    createdBy: actor.userId,
    createdByName: actor.name,
  };
}

/** The one transaction: orders, inbox entries, the emptied cart, the remembered details, the record. */
async function commit(
  stored: StoredCart,
  parts: readonly SupplierPart[],
  kept: readonly CartLineRecord[],
  checkout: CheckoutWrite & { keptSupplierIds: readonly string[] },
) {
  const ownerId = stored.ownerId;
  await commitTransaction(() =>
    transaction('marketplace').write(({ supplierOrderRef, cart, checkoutDetails, checkout: record }) => [
      ...parts.flatMap((part) => [createOrderItem(part.order), supplierOrderRef.create(part.ref).commit()]),
      cart
        .put(cartAfterCheckout(stored, kept))
        .where((attr, op) => op.eq(attr.version, stored.version))
        .commit(),
      checkoutDetails
        .put({
          ownerId,
          billing: checkout.billing,
          delivery: checkout.delivery,
          updatedAt: checkout.placedAt,
        })
        .commit(),
      record
        .create({
          ownerId,
          id: checkout.checkoutId,
          checkoutId: checkout.checkoutId,
          orderIds: parts.map((part) => part.order.id),
          placedAt: checkout.placedAt,
          ...(checkout.keptSupplierIds.length > 0 ? { keptSupplierIds: [...checkout.keptSupplierIds] } : {}),
        })
        .commit(),
    ]),
  );
}

/** Sends each order's message; a failure is logged: the follow-up job sends what was not mailed. */
async function publish(parts: readonly SupplierPart[], checkoutId: string): Promise<void> {
  try {
    await queue().send(
      'supplier-orders',
      parts.map((part) => part.message),
    );
  } catch (error) {
    log.error('supplier order messages not sent; the follow-up job sends them', { checkoutId, error });
  }
}

/**
 * Places the cart of `cellar` (which the route's access check found owned by the caller); the
 * `Idempotency-Key` is required (400 idempotencyKeyRequired without it).
 */
export async function checkout(
  cellar: Pick<Cellar, 'ownerId' | 'baseCurrency'>,
  input: CheckoutInput,
  idempotencyKey: string | undefined,
  viewer: Viewer,
): Promise<CheckoutResult> {
  if (!idempotencyKey)
    throw new ValidationError(
      { 'Idempotency-Key': 'idempotencyKeyRequired' },
      { key: 'idempotencyKeyRequired' },
    );
  const ownerId = cellar.ownerId;
  const checkoutId = checkoutIdOf(ownerId, idempotencyKey);
  // Independent reads at once: a replay's record, the cart, the buyer and the exchange rate. The cart's
  // offers and suppliers follow in batch reads (cartFacts), one for each table.
  const [done, stored, buyer, conversion] = await Promise.all([
    tables('marketplace').checkout.get({ ownerId, id: checkoutId }).go({ consistent: true }),
    readCart(ownerId),
    buyerOf(ownerId, viewer.principal),
    orderConversionFor(ownerId, 'NOK'),
  ]);
  if (done.data) return resultOf(ownerId, checkoutId, cellar.baseCurrency);

  const facts = await cartFacts(stored, viewer, { consistent: true });
  const placing = new Set(suppliersToPlace(stored, input, facts));
  const parts = splitBySupplier(stored.lines);
  const write: CheckoutWrite = {
    checkoutId,
    placedAt: new Date().toISOString(),
    billing: input.billing,
    delivery: input.delivery,
    ...(input.note ? { note: input.note } : {}),
  };
  const placed = [...parts].filter(([supplierId]) => placing.has(supplierId));
  const kept = [...parts].filter(([supplierId]) => !placing.has(supplierId));
  const supplierParts = placed.map(([supplierId, lines], index) =>
    supplierPart(
      facts.suppliers.get(supplierId) as NonNullable<ReturnType<typeof facts.suppliers.get>>,
      lines,
      facts.offers,
      write,
      buyer,
      index,
      conversion,
    ),
  );
  const keptSupplierIds = kept.map(([supplierId]) => supplierId);
  try {
    await commit(
      stored,
      supplierParts,
      kept.flatMap(([, lines]) => lines),
      { ...write, keptSupplierIds },
    );
  } catch (error) {
    if (!(error instanceof TransactionCanceled)) throw error;
    // Another request with the same key placed it first: its orders are the answer.
    const { data } = await tables('marketplace')
      .checkout.get({ ownerId, id: checkoutId })
      .go({ consistent: true });
    if (data) return resultOf(ownerId, checkoutId, cellar.baseCurrency);
    // The cart changed between the read and the write: nothing was placed.
    if (error.failedConditions.length > 0) throw new CartRefusedError('cartChanged');
    throw error;
  }
  await publish(supplierParts, checkoutId);
  return {
    checkoutId,
    placedAt: write.placedAt,
    orders: supplierParts.map((part) => toOrder(part.order, cellar.baseCurrency)),
    ...(keptSupplierIds.length > 0 ? { keptSupplierIds } : {}),
  };
}

/** Billing and delivery remembered from the last checkout, or a billing prefilled from the account. */
export async function checkoutDetails(cellarId: string, principal: Principal): Promise<CheckoutDetails> {
  const cellar = await ownedCellar(cellarId, principal);
  const { data } = await tables('marketplace')
    .checkoutDetails.get({ ownerId: cellar.ownerId })
    .go({ consistent: true });
  if (data) return { billing: data.billing, delivery: data.delivery } as CheckoutDetails;
  const account = await accountOf(cellar.ownerId);
  const name = account.tastingLocationName?.trim() || account.fullName;
  const address = prefillAddress(account.tastingLocationAddress);
  const billing = {
    organizationNumber: account.organizationNumber ?? '',
    invoiceMethod: 'email',
    invoiceEmail: account.email,
    name,
    ...address,
  };
  const delivery = { recipient: name, ...address };
  return { billing, delivery } as CheckoutDetails;
}

/** "Street 1, 0150 Oslo" read into its parts, as far as it goes; the rest is left to the buyer. */
function prefillAddress(text: string | null): { street: string; postalCode: string; city: string } {
  const parts = (text ?? '').split(',').map((part) => part.trim());
  const last = parts.length > 1 ? (parts.at(-1) ?? '') : '';
  const match = last.match(/^(\d{4})\s+(.+)$/);
  if (!match) return { street: parts.join(', '), postalCode: '', city: '' };
  return { street: parts.slice(0, -1).join(', '), postalCode: match[1] ?? '', city: match[2] ?? '' };
}

/** A placed checkout again (the confirmation page after a reload); 404 when unknown. */
export async function getCheckout(
  cellarId: string,
  checkoutId: string,
  viewer: Viewer,
): Promise<CheckoutResult> {
  const cellar = await ownedCellar(cellarId, viewer.principal);
  return resultOf(cellar.ownerId, checkoutId, cellar.baseCurrency);
}
