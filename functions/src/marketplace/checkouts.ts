/**
 * Checkout (docs/marketplace.md): one order per supplier, the supplier inbox entries, the cart's emptying,
 * the remembered billing and delivery and the checkout record in one transaction; then one
 * `supplier-order.placed` v2 message per order.
 */
import type { CheckoutDetails, CheckoutInput, CheckoutResult } from '@kork/shared';
import type { Principal } from '../platform/auth';
import type { MarketViewer } from './viewer';

/** Places the cart; the `Idempotency-Key` is required (400 idempotencyKeyRequired without it). */
export async function checkout(
  _cellarId: string,
  _input: CheckoutInput,
  _idempotencyKey: string | undefined,
  _viewer: MarketViewer & { principal: Principal },
): Promise<CheckoutResult> {
  throw new Error('checkout');
}

export async function checkoutDetails(_cellarId: string, _principal: Principal): Promise<CheckoutDetails> {
  throw new Error('checkoutDetails');
}

/** A placed checkout again (the confirmation page after a reload); 404 when unknown. */
export async function getCheckout(
  _cellarId: string,
  _checkoutId: string,
  _viewer: MarketViewer & { principal: Principal },
): Promise<CheckoutResult> {
  throw new Error('getCheckout');
}
