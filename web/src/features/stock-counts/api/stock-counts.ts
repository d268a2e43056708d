import {
  LIMITS,
  type StockCount,
  type StockCountEntriesInput,
  type StockCountEntriesResult,
  type StockCountInput,
  type StockCountSheet,
} from '@kork/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, NETWORK_CODE, type Page, TIMEOUT_CODE } from '../../../lib/api-client';
import { type DownloadedFile, download } from '../../../lib/download';
import { savedSheet, saveSheet } from '../queue/count-store';

/** The cellar's stock counts (`/api/wine-cellars/users/{id}/stock-counts…`): calls and query hooks. */

const base = (userId: string) => `/wine-cellars/users/${encodeURIComponent(userId)}/stock-counts`;
const one = (userId: string, countId: string) => `${base(userId)}/${encodeURIComponent(countId)}`;

export const stockCountKeys = {
  all: (userId: string) => ['stock-counts', userId] as const,
  list: (userId: string) => ['stock-counts', userId, 'rows'] as const,
  sheet: (userId: string, countId: string) => ['stock-counts', userId, 'sheet', countId] as const,
};

/** Whether a failure means no answer came (offline, a timeout), not a refusal. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === NETWORK_CODE || error.code === TIMEOUT_CODE);
}

// — Calls —

export function listStockCounts(userId: string, signal?: AbortSignal): Promise<Page<StockCount>> {
  return api.get<Page<StockCount>>(base(userId), { query: { resultsPerPage: 200 }, signal });
}

export function getStockCountSheet(
  userId: string,
  countId: string,
  signal?: AbortSignal,
): Promise<StockCountSheet> {
  return api.get<StockCountSheet>(one(userId, countId), { signal, timeoutMs: 30_000 });
}

export function createStockCount(userId: string, input: StockCountInput): Promise<StockCount> {
  return api.post<StockCount>(base(userId), { body: input, timeoutMs: 30_000 });
}

export function deleteStockCount(userId: string, countId: string): Promise<void> {
  return api.delete<void>(one(userId, countId));
}

export function finishStockCount(userId: string, countId: string): Promise<StockCount> {
  return api.post<StockCount>(`${one(userId, countId)}/finish`, { body: {}, timeoutMs: 60_000 });
}

/**
 * `PUT …/entries` with the batch's own Idempotency-Key: sent again after a lost answer, the server
 * answers as the first time and counts nothing twice.
 */
export function putEntries(
  userId: string,
  countId: string,
  body: StockCountEntriesInput,
  idempotencyKey: string,
): Promise<StockCountEntriesResult> {
  return api.put<StockCountEntriesResult>(`${one(userId, countId)}/entries`, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: Math.max(LIMITS.requestTimeoutMs, 30_000),
  });
}

/** `GET …/pdf`: the count's report, saved under the answer's name (else `fileName`). */
export function downloadStockCountPdf(
  userId: string,
  countId: string,
  fileName: string,
): Promise<DownloadedFile> {
  return download(`${one(userId, countId)}/pdf`, fileName, {
    accept: 'application/pdf',
    timeoutMs: 60_000,
  });
}

/** A file name for a count's report: its name or date, without characters file systems refuse. */
export function reportFileName(count: Pick<StockCount, 'name' | 'date'>, prefix: string): string {
  const clean = `${prefix} ${count.date}${count.name ? ` ${count.name}` : ''}`
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .trim();
  return `${clean}.pdf`;
}

// — Hooks —

export function useStockCounts(userId: string) {
  return useQuery({
    queryKey: stockCountKeys.list(userId),
    queryFn: ({ signal }) => listStockCounts(userId, signal),
  });
}

/**
 * A count's sheet: fetched and kept on this device; without a network, the copy kept here. The query
 * runs offline too (`networkMode: 'always'`) so it can answer from that copy.
 */
export function useStockCountSheet(userId: string, countId: string) {
  return useQuery({
    queryKey: stockCountKeys.sheet(userId, countId),
    networkMode: 'always',
    retry: false,
    // Other counters' figures appear while the page is open and online.
    refetchInterval: () => (navigator.onLine ? 15_000 : false),
    queryFn: async ({ signal }) => {
      try {
        const sheet = await getStockCountSheet(userId, countId, signal);
        await saveSheet(userId, sheet).catch(() => undefined);
        return { sheet, offline: false };
      } catch (error) {
        const kept = isUnreachable(error)
          ? await savedSheet(userId, countId).catch(() => undefined)
          : undefined;
        if (kept) return { sheet: kept, offline: true };
        throw error;
      }
    },
  });
}

export function useCreateStockCount(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StockCountInput) => createStockCount(userId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: stockCountKeys.list(userId) }),
  });
}

export function useDeleteStockCount(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (countId: string) => deleteStockCount(userId, countId),
    onSuccess: (_result, countId) => {
      client.removeQueries({ queryKey: stockCountKeys.sheet(userId, countId) });
      return client.invalidateQueries({ queryKey: stockCountKeys.list(userId) });
    },
  });
}

export function useFinishStockCount(userId: string, countId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => finishStockCount(userId, countId),
    onSuccess: () => client.invalidateQueries({ queryKey: stockCountKeys.all(userId) }),
  });
}

export function useStockCountPdf(userId: string) {
  return useMutation({
    mutationFn: ({ countId, fileName }: { countId: string; fileName: string }) =>
      downloadStockCountPdf(userId, countId, fileName),
  });
}
