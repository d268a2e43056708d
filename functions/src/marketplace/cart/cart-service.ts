/**
 * A business cellar's cart (docs/marketplace.md): one item per owner, every change conditional on its
 * version and applied again on the fresh cart when another change came first. An add answers what it
 * added; a change of a line or its removal, made on the cart page, answers the whole cart. The routes name the
 * cellar by its id; another account's cellar is a 403.
 */
import {
  type Cart,
  type CartItemAdded,
  type CartItemInput,
  type CartItemUpdate,
  type CartSummary,
  type Cellar,
  MARKETPLACE_LIMITS,
  type MessageKey,
  withBounds,
} from '@kork/shared';
import { ulid } from 'ulid';
import { ownedCellar } from '../../cellar/cellar-service';
import type { Principal } from '../../platform/auth';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { withOfferDuties } from '../suppliers/offer-duties';
import { type OfferFacts, offerKey, offersOf } from '../suppliers/suppliers';
import type { MarketViewer } from '../viewer';
import { type CartLineRecord, changeCart, readCart, type StoredCart } from './cart-store';
import { cartFacts, cartLineOf } from './cart-view';

type Viewer = MarketViewer & { principal: Principal };

const { cartLinesMax, cartSuppliersMax, quantityMax } = MARKETPLACE_LIMITS;

/** The cart as the buyer sees it, each line's wine with its duties line (one duties call for all). */
async function viewOf(stored: StoredCart, viewer: Viewer): Promise<Cart> {
  const { cart } = await cartFacts(stored, viewer);
  await withOfferDuties(
    cart.groups.flatMap((group) => group.lines.map((line) => line.wine)),
    viewer,
  );
  return cart;
}

/** `GET …/cellars/{id}/nbs/cart-items`: 403 for another account's cellar. */
export async function getCart(cellarId: string, viewer: Viewer): Promise<Cart> {
  const cellar = await ownedCellar(cellarId, viewer.principal);
  return viewOf(await readCart(cellar.ownerId), viewer);
}

/**
 * Refuses a line of `quantity` bottles the supplier does not have: "Only 5 in stock", or with bottles
 * of the wine already in the cart, "Only 5 in stock, and 3 are in your cart". Checked on the lines the
 * conditional write is made on, so concurrent adds never pass the stock together.
 */
function withinStock(quantity: number, stock: number, inCart = 0): void {
  if (quantity <= stock) return;
  const text =
    stock <= 0
      ? 'wineOutOfStock'
      : inCart > 0
        ? withBounds('onlyInStockWithCart', { stock, inCart })
        : withBounds('onlyInStock', { stock });
  throw new ValidationError({ quantity: text }, { key: text as MessageKey });
}

/**
 * The lines with `input`'s bottles added: to the line of that pair where there is one, else as a new
 * line, within the offer's stock and the cart's limits (at most `cartLinesMax` lines from at most
 * `cartSuppliersMax` suppliers, a line at most `quantityMax` bottles). Refuses with a ValidationError.
 * Run on the lines the conditional write is made on, so concurrent adds never pass a limit together.
 */
function withAdded(
  lines: readonly CartLineRecord[],
  input: CartItemInput,
  offer: { stock: number },
): { lines: CartLineRecord[]; line: CartLineRecord } {
  const at = lines.findIndex((line) => line.supplierId === input.supplierId && line.wineId === input.wineId);
  const existing = lines[at];
  if (existing) {
    const quantity = existing.quantity + input.quantity;
    if (quantity > quantityMax)
      throw new ValidationError({
        quantity: withBounds('atMost', { max: Math.max(0, quantityMax - existing.quantity) }),
      });
    withinStock(quantity, offer.stock, existing.quantity);
    const line = { ...existing, quantity };
    return { lines: lines.map((l, i) => (i === at ? line : l)), line };
  }
  if (lines.length >= cartLinesMax) {
    const text = withBounds('cartTooManyLines', { max: cartLinesMax });
    throw new ValidationError({ wineId: text }, { key: text as MessageKey });
  }
  const suppliers = new Set(lines.map((line) => line.supplierId));
  if (!suppliers.has(input.supplierId) && suppliers.size >= cartSuppliersMax) {
    const text = withBounds('cartTooManySuppliers', { max: cartSuppliersMax });
    throw new ValidationError({ supplierId: text }, { key: text as MessageKey });
  }
  withinStock(input.quantity, offer.stock);
  const line: CartLineRecord = {
    id: ulid(),
    supplierId: input.supplierId,
    wineId: input.wineId,
    quantity: input.quantity,
    addedAt: new Date().toISOString(),
  };
  return { lines: [...lines, line], line };
}

/** The offers of the pairs to add, each offered and in stock, or a ValidationError. */
async function offersToAdd(
  inputs: readonly CartItemInput[],
  viewer: Viewer,
): Promise<Map<string, OfferFacts>> {
  const offers = await offersOf(inputs, viewer);
  for (const input of inputs) {
    const offer = offers.get(offerKey(input.supplierId, input.wineId));
    if (!offer)
      throw new ValidationError({ wineId: 'supplierDoesNotOfferWine' }, { key: 'supplierDoesNotOfferWine' });
    if (!(offer.stock > 0))
      throw new ValidationError({ quantity: 'wineOutOfStock' }, { key: 'wineOutOfStock' });
  }
  return offers;
}

const bottlesOf = (lines: readonly CartLineRecord[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * `POST …/cart-items`: adds bottles of a supplier's wine (`withAdded`) to the cart of `cellar`, which the
 * route's access check found owned by the caller. Costs what it adds: the offer of the one pair (its
 * supplier, wine and the supplier's own terms, read at once), then the cart's one item read and written on
 * its version. Answers the line, the cart's bottles and version;
 * the cart as a whole (every line's offer, the suppliers' terms, the duties) is `GET …/cart-items`.
 */
export async function addCartItem(
  cellar: Pick<Cellar, 'ownerId'>,
  input: CartItemInput,
  viewer: Viewer,
): Promise<CartItemAdded> {
  const offers = await offersToAdd([input], viewer);
  const offer = offers.get(offerKey(input.supplierId, input.wineId)) as OfferFacts;
  let line: CartLineRecord | undefined;
  const stored = await changeCart(cellar.ownerId, (lines) => {
    const added = withAdded(lines, input, offer);
    line = added.line;
    return added.lines;
  });
  return {
    line: cartLineOf(line as CartLineRecord, offer, viewer, offer.supplierName),
    totalCartQuantity: bottlesOf(stored.lines),
    currency: viewer.currency,
    version: stored.version,
  };
}

/** The line of `itemId`, or 404 (a line removed meanwhile, or another cart's). */
function lineAt(lines: readonly CartLineRecord[], itemId: string): number {
  const at = lines.findIndex((line) => line.id === itemId);
  if (at < 0) throw new NotFoundError();
  return at;
}

/**
 * `PATCH …/cart-items/{itemId}`: the line's new number of bottles, within the supplier's stock as it is
 * now (lowering a line the stock has fallen below is always possible). A line no longer offered can
 * only be removed.
 */
export async function updateCartItem(
  cellarId: string,
  itemId: string,
  input: CartItemUpdate,
  viewer: Viewer,
): Promise<Cart> {
  const cellar = await ownedCellar(cellarId, viewer.principal);
  const { lines: current } = await readCart(cellar.ownerId);
  const target = current[lineAt(current, itemId)] as CartLineRecord;
  const offer = (await offersOf([target], viewer)).get(offerKey(target.supplierId, target.wineId));
  const stored = await changeCart(cellar.ownerId, (lines) => {
    const at = lineAt(lines, itemId);
    const line = lines[at] as CartLineRecord;
    if (input.quantity > line.quantity) {
      if (!offer)
        throw new ValidationError(
          { quantity: 'supplierDoesNotOfferWine' },
          { key: 'supplierDoesNotOfferWine' },
        );
      withinStock(input.quantity, offer.stock);
    }
    return lines.map((l, i) => (i === at ? { ...l, quantity: input.quantity } : l));
  });
  return viewOf(stored, viewer);
}

/** `DELETE …/cart-items/{itemId}`. */
export async function deleteCartItem(cellarId: string, itemId: string, viewer: Viewer): Promise<Cart> {
  const cellar = await ownedCellar(cellarId, viewer.principal);
  const stored = await changeCart(cellar.ownerId, (lines) => {
    const at = lineAt(lines, itemId);
    return lines.filter((_, i) => i !== at);
  });
  return viewOf(stored, viewer);
}

/**
 * §7 summary: bottles in the cart, from one read of the cart (none of suppliers or offers); strongly
 * consistent, so the count read right after a change shows it.
 */
export async function cartSummary(cellarId: string, principal: Principal): Promise<CartSummary> {
  const cellar = await ownedCellar(cellarId, principal);
  const { lines } = await readCart(cellar.ownerId);
  return { totalCartQuantity: bottlesOf(lines) };
}

/**
 * Adds several supplier wines in one conditional write (a reorder): each as `addCartItem` adds it, all
 * within stock and the cart's limits, or none of them.
 */
export async function addCartItems(
  cellarId: string,
  inputs: readonly CartItemInput[],
  viewer: Viewer,
): Promise<CartSummary> {
  const [cellar, offers] = await Promise.all([
    ownedCellar(cellarId, viewer.principal),
    offersToAdd(inputs, viewer),
  ]);
  const stored = await changeCart(cellar.ownerId, (current) =>
    inputs.reduce<CartLineRecord[]>(
      (lines, input) =>
        withAdded(lines, input, offers.get(offerKey(input.supplierId, input.wineId)) as OfferFacts).lines,
      [...current],
    ),
  );
  return { totalCartQuantity: bottlesOf(stored.lines) };
}

/** Bottles of each (supplier, wine) pair already in the owner's cart, keyed `${supplierId}/${wineId}`. */
export async function cartQuantities(ownerId: string): Promise<Map<string, number>> {
  const { lines } = await readCart(ownerId);
  return new Map(lines.map((line) => [offerKey(line.supplierId, line.wineId), line.quantity]));
}
