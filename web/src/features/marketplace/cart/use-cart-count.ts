import { useEffect, useState } from 'react';
import { useSession } from '../../../lib/session';

/**
 * How many bottles a business has in its marketplace cart (SPEC §3 cart summary, §6: business users get
 * it loaded and shown), for the navbar. This file is in the first load, so it stays small: the query
 * that reads `GET …/nbs/cart-items/summary` (under `marketKeys.cartSummary`) downloads once a business
 * is signed in, and follows every change of the cart (a change invalidates `marketKeys.cart`).
 * Visitors and private accounts never ask: their count is 0.
 */
export function useCartCount(): number {
  const session = useSession();
  const userId = session.status === 'authenticated' && session.user.isBusiness ? session.user.id : undefined;
  const [count, setCount] = useState(0);

  useEffect(() => {
    setCount(0);
    if (!userId) return;
    let stop: (() => void) | undefined;
    let ended = false;
    import('./cart-count-watch')
      .then(({ watchCartCount }) => {
        if (!ended) stop = watchCartCount(userId, setCount);
      })
      .catch(() => {
        // Without its code (offline, a new release) the navbar shows the cart without a number.
      });
    return () => {
      ended = true;
      stop?.();
    };
  }, [userId]);

  return userId ? count : 0;
}
