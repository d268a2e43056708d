/** A business cellar's cart (docs/marketplace.md): one item per owner, every change conditional. */
import type { Cart, CartItemInput, CartItemUpdate, CartSummary } from '@kork/shared';
import type { Principal } from '../platform/auth';
import type { MarketViewer } from './viewer';

/** `GET …/cellars/{id}/nbs/cart-items`: 403 for another account's cellar. */
export async function getCart(
  _cellarId: string,
  _viewer: MarketViewer & { principal: Principal },
): Promise<Cart> {
  throw new Error('getCart');
}

export async function addCartItem(
  _cellarId: string,
  _input: CartItemInput,
  _viewer: MarketViewer & { principal: Principal },
): Promise<Cart> {
  throw new Error('addCartItem');
}

export async function updateCartItem(
  _cellarId: string,
  _itemId: string,
  _input: CartItemUpdate,
  _viewer: MarketViewer & { principal: Principal },
): Promise<Cart> {
  throw new Error('updateCartItem');
}

export async function deleteCartItem(
  _cellarId: string,
  _itemId: string,
  _viewer: MarketViewer & { principal: Principal },
): Promise<Cart> {
  throw new Error('deleteCartItem');
}

/** §7 summary: bottles in the cart. */
export async function cartSummary(_cellarId: string, _principal: Principal): Promise<CartSummary> {
  throw new Error('cartSummary');
}
