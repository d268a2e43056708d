import { QueryObserver } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { getCartSummary, marketKeys } from '../api/marketplace';
import { marketCellarQuery } from './cart-queries';

/**
 * Follows the signed-in business's cart summary in the app's one query cache: the navbar's count. The
 * observer keeps the summary query active, so a change of the cart anywhere (its invalidation of
 * `marketKeys.cart(cellarId)`) fetches it again. Answers a function that stops following.
 */
export function watchCartCount(userId: string, onCount: (count: number) => void): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  queryClient
    .fetchQuery(marketCellarQuery(userId))
    .then((cellarId) => {
      if (stopped || !cellarId) return;
      const observer = new QueryObserver(queryClient, {
        queryKey: marketKeys.cartSummary(cellarId),
        queryFn: ({ signal }) => getCartSummary(cellarId, signal),
      });
      const report = () => onCount(observer.getCurrentResult().data?.totalCartQuantity ?? 0);
      unsubscribe = observer.subscribe(report);
      report();
    })
    .catch(() => {
      // No cellar to read (a refused or failed call): the navbar shows the cart without a number.
    });
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}
