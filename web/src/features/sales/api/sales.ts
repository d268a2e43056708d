import type { Sale, SaleInput, SalesList, SalesQuery } from '@kork/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The cellar's sales (`/api/wine-cellars/users/{id}/sales…`): plain calls and the hooks the page uses.
 * A sale changes stock, so recording or deleting one refreshes the sales and every cellar wine query.
 */

const base = (userId: string) => `/wine-cellars/users/${encodeURIComponent(userId)}/sales`;
const one = (userId: string, saleId: string) => `${base(userId)}/${encodeURIComponent(saleId)}`;

export type SalesFilter = Partial<SalesQuery>;

export const saleKeys = {
  all: (userId: string) => ['sales', userId] as const,
  list: (userId: string, filter: SalesFilter) => ['sales', userId, 'list', filter] as const,
};

export function listSales(userId: string, filter: SalesFilter, signal?: AbortSignal): Promise<SalesList> {
  return api.get<SalesList>(base(userId), {
    query: filter as Record<string, string | number | undefined>,
    signal,
  });
}

export function getSale(userId: string, saleId: string, signal?: AbortSignal): Promise<Sale> {
  return api.get<Sale>(one(userId, saleId), { signal });
}

export function createSale(userId: string, input: SaleInput): Promise<Sale> {
  return api.post<Sale>(base(userId), { body: input });
}

export function deleteSale(userId: string, saleId: string): Promise<void> {
  return api.delete<void>(one(userId, saleId));
}

/** The most the list route gives in one page: an export pages through every match with it. */
export const EXPORT_PAGE_SIZE = 500;

/** Every sale the filter matches (all pages), for an export. */
export async function allSales(userId: string, filter: SalesFilter): Promise<SalesList> {
  const first = await listSales(userId, { ...filter, page: 1, resultsPerPage: EXPORT_PAGE_SIZE });
  const rows = [...first.rows];
  const pages = Math.ceil(first.count / EXPORT_PAGE_SIZE);
  for (let page = 2; page <= pages; page++) {
    const next = await listSales(userId, { ...filter, page, resultsPerPage: EXPORT_PAGE_SIZE });
    rows.push(...next.rows);
  }
  return { ...first, rows };
}

// — Hooks —

export function useSales(userId: string, filter: SalesFilter) {
  return useQuery({
    queryKey: saleKeys.list(userId, filter),
    queryFn: ({ signal }) => listSales(userId, filter, signal),
    placeholderData: (previous) => previous,
  });
}

/** Stock moved: the sales, and any cellar wine list or search cached on the way. */
function refresh(client: QueryClient, userId: string) {
  void client.invalidateQueries({ queryKey: ['sale-wines', userId] });
  return client.invalidateQueries({ queryKey: saleKeys.all(userId) });
}

export function useCreateSale(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaleInput) => createSale(userId, input),
    onSuccess: () => refresh(client, userId),
  });
}

export function useDeleteSale(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (saleId: string) => deleteSale(userId, saleId),
    onSuccess: () => refresh(client, userId),
  });
}
