import type { Cart, CartItemAdded, CartItemInput, CheckoutInput, CheckoutResult } from '@kork/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCellars } from '../../cellar/settings/api/get-cellars';
import {
  addCartItem,
  deleteCartItem,
  getCart,
  getCheckout,
  getCheckoutDetails,
  marketKeys,
  placeCheckout,
  updateCartItem,
} from '../api/marketplace';

/**
 * The cart's server state: the business's cellar (the cart's routes name it), the cart, its changes and
 * the checkout. A change of a line or its removal answers the whole cart, which replaces the cached one
 * and the navbar's summary at once; an add answers the line and the count, which sets the summary and
 * marks the cached cart stale (read again where it is shown); a placed checkout empties the cart and adds
 * orders.
 */

/** The same query as `useMarketCellarId`: the person's one cellar id, or null. */
export function marketCellarQuery(userId: string) {
  return {
    queryKey: marketKeys.cellar(userId),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      getCellars(userId, signal).then((page) => page.rows[0]?.id ?? null),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

export function useCellarId(userId: string | undefined) {
  return useQuery({ ...marketCellarQuery(userId ?? ''), enabled: Boolean(userId) });
}

export function useCart(cellarId: string | undefined) {
  return useQuery({
    queryKey: marketKeys.cart(cellarId ?? ''),
    queryFn: ({ signal }) => getCart(cellarId as string, signal),
    enabled: Boolean(cellarId),
  });
}

/** The cart as the server answered it: cached, and the navbar's count with it. */
function storeCart(client: QueryClient, cellarId: string, cart: Cart): void {
  client.setQueryData(marketKeys.cart(cellarId), cart);
  client.setQueryData(marketKeys.cartSummary(cellarId), { totalCartQuantity: cart.totalCartQuantity });
}

/** A line added: the navbar's count at once, the cart read again where it is shown (and when next shown). */
export function storeAdded(client: QueryClient, cellarId: string, added: CartItemAdded): void {
  client.setQueryData(marketKeys.cartSummary(cellarId), { totalCartQuantity: added.totalCartQuantity });
  void client.invalidateQueries({ queryKey: marketKeys.cart(cellarId), exact: true });
}

/** After a refusal the cart may have moved on (stock, another tab): read it again. */
function refetchCart(client: QueryClient, cellarId: string) {
  return client.invalidateQueries({ queryKey: marketKeys.cart(cellarId) });
}

export function useAddCartItem(cellarId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CartItemInput) => addCartItem(cellarId as string, input),
    onSuccess: (added) => storeAdded(client, cellarId as string, added),
    onError: () => cellarId && refetchCart(client, cellarId),
  });
}

export function useUpdateCartItem(cellarId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, quantity }: { itemId: string; quantity: number }) =>
      updateCartItem(cellarId, itemId, quantity),
    onSuccess: (cart) => storeCart(client, cellarId, cart),
  });
}

export function useDeleteCartItem(cellarId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => deleteCartItem(cellarId, itemId),
    onSuccess: (cart) => storeCart(client, cellarId, cart),
    onError: () => refetchCart(client, cellarId),
  });
}

export function useCheckoutDetails(cellarId: string | undefined) {
  return useQuery({
    queryKey: marketKeys.checkoutDetails(cellarId ?? ''),
    queryFn: ({ signal }) => getCheckoutDetails(cellarId as string, signal),
    enabled: Boolean(cellarId),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePlaceCheckout(cellarId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: CheckoutInput; key: string }) =>
      placeCheckout(cellarId, input, key),
    onSuccess: (result: CheckoutResult) => {
      client.setQueryData(marketKeys.checkout(cellarId, result.checkoutId), result);
      // The checkout emptied the cart: the count says so at once, and the cart is read when next shown
      // (not now, so the checkout page does not turn into an empty cart before the confirmation opens).
      client.setQueryData(marketKeys.cartSummary(cellarId), { totalCartQuantity: 0 });
      void client.invalidateQueries({
        queryKey: marketKeys.cart(cellarId),
        exact: true,
        refetchType: 'none',
      });
      void client.invalidateQueries({ queryKey: marketKeys.checkoutDetails(cellarId) });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: () => refetchCart(client, cellarId),
  });
}

export function useCheckout(cellarId: string | undefined, checkoutId: string | undefined) {
  return useQuery({
    queryKey: marketKeys.checkout(cellarId ?? '', checkoutId ?? ''),
    queryFn: ({ signal }) => getCheckout(cellarId as string, checkoutId as string, signal),
    enabled: Boolean(cellarId && checkoutId),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
