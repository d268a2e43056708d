import { queryOptions } from '@tanstack/react-query';
import { getSupplier, listSuppliers, listWineSuppliers, marketKeys, readSupplierLink } from './marketplace';

/**
 * The marketplace's reads as query options, one per endpoint. Prices and texts come in the viewer's
 * currency and language (and a business sees more than a visitor), so those are part of each key: a
 * change of any of them asks again.
 */
export interface MarketView {
  currency: string;
  locale: string | undefined;
  /** Who asks: `authenticated`, `anonymous` (or `loading` while the session is not known yet). */
  viewer?: string;
}

const viewKey = ({ currency, locale, viewer }: MarketView) =>
  viewer === undefined ? [currency, locale] : [currency, locale, viewer];

export function suppliersQuery(
  query: { search?: string; page?: number; resultsPerPage?: number },
  view: MarketView,
) {
  return queryOptions({
    queryKey: [...marketKeys.suppliers(query), ...viewKey(view)],
    queryFn: ({ signal }) => listSuppliers(query, signal),
  });
}

export function supplierQuery(
  id: string,
  query: { search?: string; page?: number; resultsPerPage?: number },
  view: MarketView,
) {
  return queryOptions({
    queryKey: [...marketKeys.supplier(id, query), ...viewKey(view)],
    queryFn: ({ signal }) => getSupplier(id, query, signal),
  });
}

/** A wine's suppliers, with their prices for the viewer. */
export function wineSuppliersQuery(wineId: string, view: MarketView) {
  return queryOptions({
    queryKey: [...marketKeys.wineSuppliers(wineId), ...viewKey(view)],
    queryFn: ({ signal }) => listWineSuppliers(wineId, signal),
  });
}

/** One supplier's linked account and order import, for the admin page (one wine is enough). */
export function adminSupplierQuery(supplierId: string) {
  return queryOptions({
    queryKey: ['market', 'admin-suppliers', 'profile', supplierId] as const,
    queryFn: ({ signal }) => getSupplier(supplierId, { resultsPerPage: 1 }, signal),
  });
}

/** The order a supplier's link opens (the token travels in the body, never in an address). */
export function supplierLinkQuery(token: string) {
  return queryOptions({
    queryKey: marketKeys.supplierLink(token),
    queryFn: ({ signal }) => readSupplierLink(token, signal),
    staleTime: 30_000,
  });
}
