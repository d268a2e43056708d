import {
  LIMITS,
  MESSAGES,
  type StockCount,
  type StockCountEntriesInput,
  type StockCountEntriesResult,
  type StockCountInput,
  type StockCountSheet,
} from '@kork/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError, api, NETWORK_CODE, type Page, TIMEOUT_CODE } from '../../../lib/api-client';
import { getCurrency } from '../../../lib/currency';
import { getSessionToken } from '../../../lib/session-token';
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

function clientHeaders(accept: string): Headers {
  const headers = new Headers({
    'x-api-key': import.meta.env.VITE_API_KEY || 'kork-local-web',
    'x-device-type': 'web',
    'Accept-Language': currentLocale(),
    'X-Currency': getCurrency(),
    Accept: accept,
  });
  const token = getSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code: string; message: string; fields?: Record<string, string> } }
    | undefined;
  return new ApiError(
    body?.error?.message ?? MESSAGES.generic[currentLocale()],
    response.status,
    body?.error?.code ?? `HTTP_${response.status}`,
    body?.error?.fields ?? {},
    body,
  );
}

/** A request the shared client cannot make (a header of its own, a binary answer); failures as `ApiError`. */
async function send(path: string, init: RequestInit, accept: string, timeoutMs: number): Promise<Response> {
  const headers = clientHeaders(accept);
  for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      ...init,
      headers,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
    throw new ApiError(MESSAGES.generic[currentLocale()], 0, timedOut ? TIMEOUT_CODE : NETWORK_CODE);
  }
  if (!response.ok) throw await failure(response);
  return response;
}

/**
 * `PUT …/entries` with the batch's own Idempotency-Key: sent again after a lost answer, the server
 * answers as the first time and counts nothing twice.
 */
export async function putEntries(
  userId: string,
  countId: string,
  body: StockCountEntriesInput,
  idempotencyKey: string,
): Promise<StockCountEntriesResult> {
  const response = await send(
    `${one(userId, countId)}/entries`,
    {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(body),
    },
    'application/json',
    Math.max(LIMITS.requestTimeoutMs, 30_000),
  );
  const parsed = (await response.json().catch(() => undefined)) as
    | { payload?: StockCountEntriesResult }
    | undefined;
  return parsed?.payload as StockCountEntriesResult;
}

/** `GET …/pdf`: the count's report as a file. */
export async function fetchStockCountPdf(
  userId: string,
  countId: string,
): Promise<{ blob: Blob; fileName?: string }> {
  const response = await send(`${one(userId, countId)}/pdf`, { method: 'GET' }, 'application/pdf', 60_000);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  let fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      fileName = decodeURIComponent(encoded);
    } catch {
      // The plain name stands.
    }
  }
  return { blob: await response.blob(), ...(fileName ? { fileName } : {}) };
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
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
    mutationFn: ({ countId }: { countId: string; fileName: string }) => fetchStockCountPdf(userId, countId),
    onSuccess: ({ blob, fileName }, variables) => saveBlob(blob, fileName ?? variables.fileName),
  });
}
