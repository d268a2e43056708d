import type {
  ImporterConnection,
  Order,
  OrderInput,
  OrdersList,
  OrdersQuery,
  OrderUpdate,
  ReceiveInput,
} from '@kork/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '../../../lib/api-client';

/**
 * The cellar's orders (`/api/wine-cellars/users/{id}/orders…`) and its importer connections: plain calls
 * and the hooks the page uses. Receiving changes stock, so every change refreshes the orders and the
 * cellar wines cached for the forms.
 */

const cellar = (userId: string) => `/wine-cellars/users/${encodeURIComponent(userId)}`;
const base = (userId: string) => `${cellar(userId)}/orders`;
const one = (userId: string, orderId: string) => `${base(userId)}/${encodeURIComponent(orderId)}`;

export type OrdersFilter = Partial<Omit<OrdersQuery, 'status'>> & { status?: string[] };

export const orderKeys = {
  all: (userId: string) => ['orders', userId] as const,
  list: (userId: string, filter: OrdersFilter) => ['orders', userId, 'list', filter] as const,
  detail: (userId: string, orderId: string) => ['orders', userId, 'detail', orderId] as const,
  importers: (userId: string) => ['importer-connections', userId] as const,
};

export function listOrders(userId: string, filter: OrdersFilter, signal?: AbortSignal): Promise<OrdersList> {
  return api.get<OrdersList>(base(userId), {
    query: filter as Record<string, string | number | string[] | undefined>,
    signal,
  });
}

export function getOrder(userId: string, orderId: string, signal?: AbortSignal): Promise<Order> {
  return api.get<Order>(one(userId, orderId), { signal });
}

export function createOrder(userId: string, input: OrderInput): Promise<Order> {
  return api.post<Order>(base(userId), { body: input });
}

export function updateOrder(userId: string, orderId: string, changes: OrderUpdate): Promise<Order> {
  return api.patch<Order>(one(userId, orderId), { body: changes });
}

export function deleteOrder(userId: string, orderId: string): Promise<void> {
  return api.delete<void>(one(userId, orderId));
}

/** Receiving writes every wine of the order in one go: a longer wait than the default. */
export function receiveOrder(userId: string, orderId: string, input: ReceiveInput): Promise<Order> {
  return api.post<Order>(`${one(userId, orderId)}/receive`, { body: input, timeoutMs: 30_000 });
}

export function listImporterConnections(
  userId: string,
  signal?: AbortSignal,
): Promise<Page<ImporterConnection>> {
  return api.get<Page<ImporterConnection>>(`${cellar(userId)}/importer-connections`, { signal });
}

export function requestImporterConnection(userId: string, importer: string): Promise<ImporterConnection> {
  return api.post<ImporterConnection>(`${cellar(userId)}/importer-connections`, { body: { importer } });
}

// — Hooks —

export function useOrders(userId: string, filter: OrdersFilter) {
  return useQuery({
    queryKey: orderKeys.list(userId, filter),
    queryFn: ({ signal }) => listOrders(userId, filter, signal),
    placeholderData: (previous) => previous,
  });
}

export function useOrder(userId: string, orderId: string | undefined) {
  return useQuery({
    queryKey: orderKeys.detail(userId, orderId ?? ''),
    queryFn: ({ signal }) => getOrder(userId, orderId as string, signal),
    enabled: Boolean(orderId),
  });
}

function refresh(client: QueryClient, userId: string) {
  void client.invalidateQueries({ queryKey: ['order-wines', userId] });
  void client.invalidateQueries({ queryKey: orderKeys.importers(userId) });
  return client.invalidateQueries({ queryKey: orderKeys.all(userId) });
}

export function useCreateOrder(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderInput) => createOrder(userId, input),
    onSuccess: () => refresh(client, userId),
  });
}

export function useUpdateOrder(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, changes }: { orderId: string; changes: OrderUpdate }) =>
      updateOrder(userId, orderId, changes),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(userId, order.id), order);
      return refresh(client, userId);
    },
  });
}

export function useDeleteOrder(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => deleteOrder(userId, orderId),
    onSuccess: (_result, orderId) => {
      client.removeQueries({ queryKey: orderKeys.detail(userId, orderId) });
      return refresh(client, userId);
    },
  });
}

export function useReceiveOrder(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: ReceiveInput }) =>
      receiveOrder(userId, orderId, input),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(userId, order.id), order);
      return refresh(client, userId);
    },
  });
}

export function useImporterConnections(userId: string) {
  return useQuery({
    queryKey: orderKeys.importers(userId),
    queryFn: ({ signal }) => listImporterConnections(userId, signal),
  });
}

export function useRequestImporterConnection(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (importer: string) => requestImporterConnection(userId, importer),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.importers(userId) }),
  });
}
