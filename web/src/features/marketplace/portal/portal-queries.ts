import type { PriceListBasis, PriceListUpdate, Supplier, SupplierAnswerInput } from '@kork/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerPortalOrder,
  getPortalOrder,
  getPriceList,
  getSupplierPortal,
  linkSupplierAccount,
  listPortalOrders,
  listSuppliers,
  marketKeys,
  setSupplierOrderImport,
  unlinkSupplierAccount,
  updatePriceList,
  uploadPriceList,
} from '../api/marketplace';

/** What an admin's answers add to a supplier: the account linked to it. */
export type AdminSupplier = Supplier & { linkedAccount?: { email: string; name: string } };

export const PRICE_LIST_PER_PAGE = 25;

/**
 * A dark orange for "waiting" and "low stock" outline badges: Mantine's darkest orange (orange.9) reaches
 * only 4:1 on the page's warm background, under AA for badge-sized text.
 */
export const WAITING_COLOR = '#9c3a0a';

export function usePortal() {
  return useQuery({
    queryKey: marketKeys.portal,
    queryFn: ({ signal }) => getSupplierPortal(signal),
    retry: false,
  });
}

export function usePortalOrders(state: 'waiting' | 'answered', page: number) {
  return useQuery({
    queryKey: [...marketKeys.portalOrders(state), page],
    queryFn: ({ signal }) => listPortalOrders({ state, page, resultsPerPage: 20 }, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePortalOrder(ownerId: string, orderId: string) {
  return useQuery({
    queryKey: ['market', 'portal', 'order', ownerId, orderId],
    queryFn: ({ signal }) => getPortalOrder(ownerId, orderId, signal),
  });
}

/** An answer changes the inbox and the waiting count: both are read again. */
export function useAnswerPortalOrder(ownerId: string, orderId: string) {
  const client = useQueryClient();
  return (answer: SupplierAnswerInput) =>
    answerPortalOrder(ownerId, orderId, answer).then((view) => {
      client.setQueryData(['market', 'portal', 'order', ownerId, orderId], view);
      void client.invalidateQueries({ queryKey: marketKeys.portal });
      return view;
    });
}

export function usePriceList(search: string, page: number) {
  const query = { search: search || undefined, page, resultsPerPage: PRICE_LIST_PER_PAGE };
  return useQuery({
    queryKey: marketKeys.priceList(query),
    queryFn: ({ signal }) => getPriceList(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A price list change reads the list (and every supplier page) again. */
export function useUpdatePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: PriceListUpdate) => updatePriceList(update),
    onSuccess: () => client.invalidateQueries({ queryKey: marketKeys.all }),
  });
}

export function useImportPriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, prices }: { csv: string; prices: PriceListBasis }) => uploadPriceList(csv, prices),
    onSuccess: () => client.invalidateQueries({ queryKey: marketKeys.all }),
  });
}

// — Admin —

export function useAdminSuppliers(search: string, page: number) {
  const query = { search: search || undefined, page, resultsPerPage: 20, sort: 'name' as const };
  return useQuery({
    queryKey: ['market', 'admin-suppliers', query],
    queryFn: ({ signal }) => listSuppliers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export type AdminChange =
  | { kind: 'link'; email: string }
  | { kind: 'unlink' }
  | { kind: 'orderImport'; active: boolean };

export function useAdminChange(supplierId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AdminChange): Promise<AdminSupplier> => {
      if (change.kind === 'link') return linkSupplierAccount(supplierId, change.email);
      if (change.kind === 'unlink') return unlinkSupplierAccount(supplierId);
      return setSupplierOrderImport(supplierId, change.active);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['market', 'admin-suppliers'] }),
  });
}
