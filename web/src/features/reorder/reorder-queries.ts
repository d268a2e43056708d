import type { ReorderAnswer, ReorderCartAnswer, ReorderCartInput } from '@kork/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { marketKeys } from '../marketplace/api/marketplace';

/** Reordering's server state (docs/reorder.md): the wines due, one wine's figures, and the one action. */

const reorderPath = (userId: string) => `/wine-cellars/users/${encodeURIComponent(userId)}/reorder`;

export const reorderKeys = {
  all: (userId: string) => ['reorder', userId] as const,
  one: (userId: string, ownWineId: string) => ['reorder', userId, 'wine', ownWineId] as const,
};

/** `GET …/reorder`: the wines at or under their reorder point, the fewest days left first. */
export function reorderQuery(userId: string) {
  return {
    queryKey: reorderKeys.all(userId),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<ReorderAnswer>(reorderPath(userId), { signal }),
  };
}

/** One wine's figures, due or not: what the wine's drawer shows beside its levels. */
export function wineReorderQuery(userId: string, ownWineId: string) {
  return {
    queryKey: reorderKeys.one(userId, ownWineId),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api
        .get<ReorderAnswer>(reorderPath(userId), { query: { ownWineId }, signal })
        .then((answer) => answer.rows[0] ?? null),
  };
}

/**
 * `POST …/reorder/cart` with the attempt's `Idempotency-Key`: a double tap or a retry fills the cart once.
 * The cart and the navbar's count are read again afterwards, as are the orders (a draft may be new).
 */
export function useReorderToCart(userId: string, cellarId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: ReorderCartInput; key: string }) =>
      api.post<ReorderCartAnswer>(`${reorderPath(userId)}/cart`, {
        body: input,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: (answer) => {
      if (cellarId) {
        client.setQueryData(marketKeys.cartSummary(cellarId), {
          totalCartQuantity: answer.totalCartQuantity,
        });
        void client.invalidateQueries({ queryKey: marketKeys.cart(cellarId) });
      }
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
