import type {
  Cart,
  CartItemAdded,
  CartItemInput,
  CartSummary,
  CheckoutDetails,
  CheckoutInput,
  CheckoutResult,
  PriceListBasis,
  PriceListUpdate,
  PriceListUpdateResult,
  PriceListUploadReport,
  Supplier,
  SupplierAnswerInput,
  SupplierOrderView,
  SupplierPortal,
  SupplierSummary,
  SupplierWine,
} from '@kork/shared';
import { useQuery } from '@tanstack/react-query';
import { api, type Page } from '../../../lib/api-client';
import { getCellars } from '../../cellar/settings/api/get-cellars';

/**
 * The trade marketplace's calls (docs/marketplace.md): suppliers, a wine's suppliers, the cellar's cart
 * and checkout, a supplier's link, and an importer account's own pages. Query keys live in
 * `marketKeys`; a change of the cart invalidates `marketKeys.cart(cellarId)` (and with it the summary).
 */

export const marketKeys = {
  all: ['market'] as const,
  suppliers: (query: Record<string, unknown>) => ['market', 'suppliers', query] as const,
  supplier: (id: string, query: Record<string, unknown>) => ['market', 'supplier', id, query] as const,
  wineSuppliers: (wineId: string) => ['market', 'wine-suppliers', wineId] as const,
  cellar: (userId: string) => ['market', 'cellar', userId] as const,
  cart: (cellarId: string) => ['market', 'cart', cellarId] as const,
  cartSummary: (cellarId: string) => ['market', 'cart', cellarId, 'summary'] as const,
  checkoutDetails: (cellarId: string) => ['market', 'checkout-details', cellarId] as const,
  checkout: (cellarId: string, checkoutId: string) => ['market', 'checkout', cellarId, checkoutId] as const,
  supplierLink: (token: string) => ['market', 'supplier-link', token] as const,
  portal: ['market', 'portal'] as const,
  portalOrders: (state?: string) => ['market', 'portal', 'orders', state ?? 'all'] as const,
  priceList: (query: Record<string, unknown>) => ['market', 'portal', 'price-list', query] as const,
};

const e = encodeURIComponent;
const cartItems = (cellarId: string) => `/wine-cellars/cellars/${e(cellarId)}/nbs/cart-items`;
const nbs = (cellarId: string) => `/wine-cellars/cellars/${e(cellarId)}/nbs`;

// — Suppliers —

export function listSuppliers(
  query: { search?: string; page?: number; resultsPerPage?: number; sort?: 'name' | 'wines' },
  signal?: AbortSignal,
): Promise<Page<SupplierSummary>> {
  return api.get<Page<SupplierSummary>>('/suppliers', { query, signal });
}

export function getSupplier(
  id: string,
  query: { search?: string; page?: number; resultsPerPage?: number },
  signal?: AbortSignal,
): Promise<Supplier> {
  return api.get<Supplier>(`/suppliers/${e(id)}`, { query, signal });
}

export function listWineSuppliers(wineId: string, signal?: AbortSignal): Promise<Page<SupplierWine>> {
  return api.get<Page<SupplierWine>>(`/wines/${e(wineId)}/suppliers`, { signal });
}

// — The cellar's cart (business accounts) —

/** The signed-in business's cellar id (the cart's routes name the cellar). */
export function useMarketCellarId(userId: string | null | undefined): string | undefined {
  const { data } = useQuery({
    queryKey: marketKeys.cellar(userId ?? ''),
    queryFn: ({ signal }) => getCellars(userId ?? '', signal).then((page) => page.rows[0]?.id ?? null),
    enabled: Boolean(userId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? undefined;
}

export function getCart(cellarId: string, signal?: AbortSignal): Promise<Cart> {
  return api.get<Cart>(cartItems(cellarId), { signal });
}

export function getCartSummary(cellarId: string, signal?: AbortSignal): Promise<CartSummary> {
  return api.get<CartSummary>(`${cartItems(cellarId)}/summary`, { signal });
}

/**
 * Adds bottles to a line; answers the line and the cart's count, not the whole cart. With an
 * `idempotencyKey` (a confirmed proposal's), sending it again adds nothing twice.
 */
export function addCartItem(
  cellarId: string,
  input: CartItemInput,
  idempotencyKey?: string,
): Promise<CartItemAdded> {
  return api.post<CartItemAdded>(cartItems(cellarId), {
    body: input,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
}

export function updateCartItem(cellarId: string, itemId: string, quantity: number): Promise<Cart> {
  return api.patch<Cart>(`${cartItems(cellarId)}/${e(itemId)}`, { body: { quantity } });
}

export function deleteCartItem(cellarId: string, itemId: string): Promise<Cart> {
  return api.delete<Cart>(`${cartItems(cellarId)}/${e(itemId)}`);
}

export function getCheckoutDetails(cellarId: string, signal?: AbortSignal): Promise<CheckoutDetails> {
  return api.get<CheckoutDetails>(`${nbs(cellarId)}/checkout-details`, { signal });
}

/** Places the cart. The key is made once per checkout attempt, so a double click or a retry orders once. */
export function placeCheckout(
  cellarId: string,
  input: CheckoutInput,
  idempotencyKey: string,
): Promise<CheckoutResult> {
  return api.post<CheckoutResult>(`${nbs(cellarId)}/checkout`, {
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function getCheckout(
  cellarId: string,
  checkoutId: string,
  signal?: AbortSignal,
): Promise<CheckoutResult> {
  return api.get<CheckoutResult>(`${nbs(cellarId)}/checkouts/${e(checkoutId)}`, { signal });
}

// — A supplier's link (no account) —

export function readSupplierLink(token: string, signal?: AbortSignal): Promise<SupplierOrderView> {
  return api.post<SupplierOrderView>('/supplier-link/read', { body: { token }, signal });
}

export function answerSupplierLink(token: string, answer: SupplierAnswerInput): Promise<SupplierOrderView> {
  return api.post<SupplierOrderView>('/supplier-link/answer', { body: { token, answer } });
}

// — An importer account's own pages —

export function getSupplierPortal(signal?: AbortSignal): Promise<SupplierPortal> {
  return api.get<SupplierPortal>('/supplier-portal', { signal });
}

export function listPortalOrders(
  query: { state?: 'waiting' | 'answered'; page?: number; resultsPerPage?: number },
  signal?: AbortSignal,
): Promise<Page<SupplierOrderView>> {
  return api.get<Page<SupplierOrderView>>('/supplier-portal/orders', { query, signal });
}

export function getPortalOrder(
  ownerId: string,
  orderId: string,
  signal?: AbortSignal,
): Promise<SupplierOrderView> {
  return api.get<SupplierOrderView>(`/supplier-portal/orders/${e(ownerId)}/${e(orderId)}`, { signal });
}

export function answerPortalOrder(
  ownerId: string,
  orderId: string,
  answer: SupplierAnswerInput,
): Promise<SupplierOrderView> {
  return api.post<SupplierOrderView>(`/supplier-portal/orders/${e(ownerId)}/${e(orderId)}/answer`, {
    body: answer,
  });
}

export function getPriceList(
  query: { search?: string; page?: number; resultsPerPage?: number },
  signal?: AbortSignal,
): Promise<Page<SupplierWine>> {
  return api.get<Page<SupplierWine>>('/supplier-portal/price-list', { query, signal });
}

export function updatePriceList(update: PriceListUpdate): Promise<PriceListUpdateResult> {
  return api.patch<PriceListUpdateResult>('/supplier-portal/price-list', { body: update });
}

export function uploadPriceList(csv: string, prices: PriceListBasis): Promise<PriceListUploadReport> {
  return api.post<PriceListUploadReport>('/supplier-portal/price-list/import', { body: { csv, prices } });
}

// — Admin —

export function linkSupplierAccount(supplierId: string, email: string): Promise<Supplier> {
  return api.post<Supplier>(`/admin/suppliers/${e(supplierId)}/account`, { body: { email } });
}

export function unlinkSupplierAccount(supplierId: string): Promise<Supplier> {
  return api.delete<Supplier>(`/admin/suppliers/${e(supplierId)}/account`);
}

export function setSupplierOrderImport(supplierId: string, orderImportActive: boolean): Promise<Supplier> {
  return api.patch<Supplier>(`/admin/suppliers/${e(supplierId)}`, { body: { orderImportActive } });
}
