import type {
  PosImportOutcome,
  PosKey,
  PosKeyCreated,
  PosKeyInput,
  PosMappingInput,
  PosMappingOutcome,
  PosProductFeed,
  PosSalesImport,
  PosUnmappedList,
} from '@kork/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type DownloadedFile, download } from '../../../lib/download';

/**
 * The till (POS) of the cellar (`/api/wine-cellars/users/{id}/pos-keys…` and `…/pos/…`): its keys, the
 * product feed, a till's sales export and the till product ids no cellar product has yet.
 */

const owner = (userId: string) => `/wine-cellars/users/${encodeURIComponent(userId)}`;
const keysPath = (userId: string) => `${owner(userId)}/pos-keys`;
const keyPath = (userId: string, keyId: string) => `${keysPath(userId)}/${encodeURIComponent(keyId)}`;

/** A till's export of a month is thousands of sales: the route may take up to two minutes. */
const IMPORT_TIMEOUT_MS = 130_000;
const MAPPING_TIMEOUT_MS = 65_000;

export const posKeys = {
  all: (userId: string) => ['pos', userId] as const,
  keys: (userId: string) => ['pos', userId, 'keys'] as const,
  feed: (userId: string) => ['pos', userId, 'feed'] as const,
  needsMapping: (userId: string) => ['pos', userId, 'needs-mapping'] as const,
};

// — Calls —

export async function listPosKeys(userId: string, signal?: AbortSignal): Promise<PosKey[]> {
  const answer = await api.get<PosKey[] | { rows: PosKey[] }>(keysPath(userId), { signal });
  return Array.isArray(answer) ? answer : (answer?.rows ?? []);
}

export function createPosKey(userId: string, input: PosKeyInput): Promise<PosKeyCreated> {
  return api.post<PosKeyCreated>(keysPath(userId), { body: input });
}

export function rotatePosKey(userId: string, keyId: string): Promise<PosKeyCreated> {
  return api.post<PosKeyCreated>(`${keyPath(userId, keyId)}/rotate`, { body: {} });
}

export function revokePosKey(userId: string, keyId: string): Promise<void> {
  return api.delete<void>(keyPath(userId, keyId));
}

export function getPosFeed(userId: string, signal?: AbortSignal): Promise<PosProductFeed> {
  return api.get<PosProductFeed>(`${owner(userId)}/pos/products`, {
    query: { format: 'json' },
    signal,
    timeoutMs: 30_000,
  });
}

export function importPosSales(userId: string, input: PosSalesImport): Promise<PosImportOutcome> {
  return api.post<PosImportOutcome>(`${owner(userId)}/pos/sales-import`, {
    body: input,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
}

export function listNeedsMapping(userId: string, signal?: AbortSignal): Promise<PosUnmappedList> {
  return api.get<PosUnmappedList>(`${owner(userId)}/pos/needs-mapping`, { signal });
}

export function mapPosProduct(userId: string, input: PosMappingInput): Promise<PosMappingOutcome> {
  return api.post<PosMappingOutcome>(`${owner(userId)}/pos/needs-mapping`, {
    body: input,
    timeoutMs: MAPPING_TIMEOUT_MS,
  });
}

/** `GET …/pos/products?format=csv`: the feed as the file a till reads, saved as `fileName`. */
export function downloadPosFeedCsv(userId: string, fileName: string): Promise<DownloadedFile> {
  return download(`${owner(userId)}/pos/products`, fileName, {
    query: { format: 'csv' },
    accept: 'text/csv',
    answerName: false,
    timeoutMs: 30_000,
  });
}

// — Hooks —

export function usePosKeys(userId: string) {
  return useQuery({
    queryKey: posKeys.keys(userId),
    queryFn: ({ signal }) => listPosKeys(userId, signal),
  });
}

export function useCreatePosKey(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PosKeyInput) => createPosKey(userId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: posKeys.keys(userId) }),
  });
}

export function useRotatePosKey(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => rotatePosKey(userId, keyId),
    onSuccess: () => client.invalidateQueries({ queryKey: posKeys.keys(userId) }),
  });
}

export function useRevokePosKey(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokePosKey(userId, keyId),
    onSuccess: () => client.invalidateQueries({ queryKey: posKeys.keys(userId) }),
  });
}

/** The cellar's products as the till sees them: what a till product id can be mapped to. */
export function usePosFeed(userId: string, enabled = true) {
  return useQuery({
    queryKey: posKeys.feed(userId),
    queryFn: ({ signal }) => getPosFeed(userId, signal),
    enabled,
  });
}

export function useNeedsMapping(userId: string) {
  return useQuery({
    queryKey: posKeys.needsMapping(userId),
    queryFn: ({ signal }) => listNeedsMapping(userId, signal),
  });
}

/** Sales came in: the waiting lines, the feed's stock, the sales and every cellar wine query. */
function refreshAfterSales(client: ReturnType<typeof useQueryClient>, userId: string) {
  void client.invalidateQueries({ queryKey: ['sales', userId] });
  void client.invalidateQueries({ queryKey: ['sale-wines', userId] });
  void client.invalidateQueries({ queryKey: posKeys.feed(userId) });
  return client.invalidateQueries({ queryKey: posKeys.needsMapping(userId) });
}

export function useImportPosSales(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PosSalesImport) => importPosSales(userId, input),
    onSuccess: () => refreshAfterSales(client, userId),
  });
}

export function useMapPosProduct(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PosMappingInput) => mapPosProduct(userId, input),
    onSuccess: () => refreshAfterSales(client, userId),
  });
}
