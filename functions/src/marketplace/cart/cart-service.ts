/**
 * A business cellar's cart (docs/marketplace.md): one item per owner, every change conditional on its
 * version and applied again on the fresh cart when another change came first. The routes name the
 * cellar by its id; another account's cellar is a 403.
 */
import {
  type Cart,
  type CartItemInput,
  type CartItemUpdate,
  type CartSummary,
  MARKETPLACE_LIMITS,
  type MessageKey,
  withBounds,
} from '@kork/shared';
import { ulid } from 'ulid';
import { ownedCellar } from '../../cellar/cellar-service';
import type { Principal } from '../../platform/auth';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { withOfferDuties } from '../suppliers/offer-duties';
import { offerKey, offersOf } from '../suppliers/suppliers';
import type { MarketViewer } from '../viewer';
import { type CartLineRecord, changeCart, readCart, type StoredCart } from './cart-store';
import { cartFacts } from './cart-view';

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
 * Adds bottles of a supplier's wine: to the line of that pair where there is one, else as a new line.
 * The pair must be offered and the line stay within its stock; the cart keeps at most `cartLinesMax`
 * lines from at most `cartSuppliersMax` suppliers, and a line at most `quantityMax` bottles.
 */
export async function addCartItem(cellarId: string, input: CartItemInput, viewer: Viewer): Promise<Cart> {
  const cellar = await ownedCellar(cellarId, viewer.principal);
  const offers = await offersOf([input], viewer);
  const offer = offers.get(offerKey(input.supplierId, input.wineId));
  if (!offer)
    throw new ValidationError({ wineId: 'supplierDoesNotOfferWine' }, { key: 'supplierDoesNotOfferWine' });
  if (!(offer.stock > 0))
    throw new ValidationError({ quantity: 'wineOutOfStock' }, { key: 'wineOutOfStock' });
  const stored = await changeCart(cellar.ownerId, (lines) => {
    const at = lines.findIndex(
      (line) => line.supplierId === input.supplierId && line.wineId === input.wineId,
    );
    const existing = lines[at];
    if (existing) {
      const quantity = existing.quantity + input.quantity;
      if (quantity > quantityMax)
        throw new ValidationError({
          quantity: withBounds('atMost', { max: Math.max(0, quantityMax - existing.quantity) }),
        });
      withinStock(quantity, offer.stock, existing.quantity);
      return lines.map((line, i) => (i === at ? { ...line, quantity } : line));
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
    return [...lines, line];
  });
  return viewOf(stored, viewer);
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
  return { totalCartQuantity: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

/**
 * Adds several supplier wines in one conditional write (a reorder): each to the line of its pair where
 * there is one, else as a new line, all within stock and the cart's limits, or none of them.
 */
export async function addCartItems(
  cellarId: string,
  inputs: readonly CartItemInput[],
  viewer: Viewer,
): Promise<CartSummary> {
  const cellar = await ownedCellar(cellarId, viewer.principal);
  const offers = await offersOf(inputs, viewer);
  for (const input of inputs) {
    const offer = offers.get(offerKey(input.supplierId, input.wineId));
    if (!offer)
      throw new ValidationError({ wineId: 'supplierDoesNotOfferWine' }, { key: 'supplierDoesNotOfferWine' });
    if (!(offer.stock > 0))
      throw new ValidationError({ quantity: 'wineOutOfStock' }, { key: 'wineOutOfStock' });
  }
  const stored = await changeCart(cellar.ownerId, (current) => {
    let lines = [...current];
    for (const input of inputs) {
      const offer = offers.get(offerKey(input.supplierId, input.wineId)) as { stock: number };
      const at = lines.findIndex(
        (line) => line.supplierId === input.supplierId && line.wineId === input.wineId,
      );
      const existing = lines[at];
      if (existing) {
        const quantity = existing.quantity + input.quantity;
        if (quantity > quantityMax)
          throw new ValidationError({
            quantity: withBounds('atMost', { max: Math.max(0, quantityMax - existing.quantity) }),
          });
        withinStock(quantity, offer.stock, existing.quantity);
        lines = lines.map((line, i) => (i === at ? { ...line, quantity } : line));
        continue;
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
      lines.push({
        id: ulid(),
        supplierId: input.supplierId,
        wineId: input.wineId,
        quantity: input.quantity,
        addedAt: new Date().toISOString(),
      });
    }
    return lines;
  });
  return { totalCartQuantity: stored.lines.reduce((sum, line) => sum + line.quantity, 0) };
}

/** Bottles of each (supplier, wine) pair already in the owner's cart, keyed `${supplierId}/${wineId}`. */
export async function cartQuantities(ownerId: string): Promise<Map<string, number>> {
  const { lines } = await readCart(ownerId);
  return new Map(lines.map((line) => [offerKey(line.supplierId, line.wineId), line.quantity]));
}
