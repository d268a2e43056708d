import type {
  NewWineListInput,
  WineList,
  WineListDetail,
  WineListPatch,
  WineListSummary,
} from '@kork/shared';
import { LIMITS } from '@kork/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '../../../lib/api-client';
import { type DownloadedFile, download } from '../../../lib/download';

/**
 * The owner's wine lists (`/api/wine-cellars/users/{id}/wine-lists…`): plain calls, and the TanStack
 * Query hooks the editor uses. Every change invalidates the lists and the list it changed.
 */

const base = (userId: string) => `/wine-cellars/users/${encodeURIComponent(userId)}/wine-lists`;
const one = (userId: string, listId: string) => `${base(userId)}/${encodeURIComponent(listId)}`;

export const wineListKeys = {
  all: (userId: string) => ['wine-lists', userId] as const,
  list: (userId: string) => ['wine-lists', userId, 'rows'] as const,
  detail: (userId: string, listId: string) => ['wine-lists', userId, 'detail', listId] as const,
};

// — Calls —

export function listWineLists(userId: string, signal?: AbortSignal): Promise<Page<WineListSummary>> {
  return api.get<Page<WineListSummary>>(base(userId), { signal });
}

export function getWineList(userId: string, listId: string, signal?: AbortSignal): Promise<WineListDetail> {
  return api.get<WineListDetail>(one(userId, listId), { signal });
}

export function createWineList(userId: string, input: NewWineListInput): Promise<WineList> {
  return api.post<WineList>(base(userId), { body: input });
}

/** Set operations and the page setup can take a while on a long list: a longer wait than the default. */
export function patchWineList(userId: string, listId: string, patch: WineListPatch): Promise<WineListDetail> {
  return api.patch<WineListDetail>(one(userId, listId), { body: patch, timeoutMs: 30_000 });
}

export function deleteWineList(userId: string, listId: string): Promise<void> {
  return api.delete<void>(one(userId, listId));
}

export function uploadWineListLogo(userId: string, listId: string, image: File): Promise<WineList> {
  const form = new FormData();
  form.append('image', image);
  return api.post<WineList>(`${one(userId, listId)}/logo`, { body: form, timeoutMs: 60_000 });
}

export function deleteWineListLogo(userId: string, listId: string): Promise<WineList> {
  return api.delete<WineList>(`${one(userId, listId)}/logo`);
}

export type PdfCopy = 'guest' | 'staff';

/**
 * A file name for a list's PDF when the answer names none: the list's name without characters file
 * systems refuse, and the copy's word (`suffix`), so the guest and the staff copy are told apart.
 */
export function pdfFileName(listName: string, suffix: string): string {
  const clean = listName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'wine-list';
  return `${clean} (${suffix}).pdf`;
}

/**
 * `GET …/wine-lists/{listId}/pdf`: the PDF, saved under the answer's name (else `fileName`), or only
 * handed back with `save: false`.
 */
export function downloadWineListPdf(
  userId: string,
  listId: string,
  copy: PdfCopy,
  fileName: string,
  options: { save?: boolean; signal?: AbortSignal } = {},
): Promise<DownloadedFile> {
  return download(`${one(userId, listId)}/pdf`, fileName, {
    ...options,
    query: { copy },
    accept: 'application/pdf',
    timeoutMs: Math.max(LIMITS.requestTimeoutMs, 60_000),
  });
}

// — Hooks —

export function useWineLists(userId: string) {
  return useQuery({
    queryKey: wineListKeys.list(userId),
    queryFn: ({ signal }) => listWineLists(userId, signal),
  });
}

export function useWineList(userId: string, listId: string | undefined) {
  return useQuery({
    queryKey: wineListKeys.detail(userId, listId ?? ''),
    queryFn: ({ signal }) => getWineList(userId, listId as string, signal),
    enabled: Boolean(listId),
  });
}

function refresh(client: QueryClient, userId: string, listId?: string) {
  if (listId) void client.invalidateQueries({ queryKey: wineListKeys.detail(userId, listId) });
  return client.invalidateQueries({ queryKey: wineListKeys.list(userId) });
}

export function useCreateWineList(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewWineListInput) => createWineList(userId, input),
    onSuccess: () => refresh(client, userId),
  });
}

export function usePatchWineList(userId: string, listId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: WineListPatch) => patchWineList(userId, listId, patch),
    onSuccess: (detail) => {
      // The answer is the fresh list when the API sends it; the refetch confirms either way.
      if (detail && typeof detail === 'object' && 'entries' in detail)
        client.setQueryData(wineListKeys.detail(userId, listId), detail);
      return refresh(client, userId, listId);
    },
  });
}

/** Rename, or any change to a list named by the call rather than the hook. */
export function usePatchAnyWineList(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, patch }: { listId: string; patch: WineListPatch }) =>
      patchWineList(userId, listId, patch),
    onSuccess: (_detail, { listId }) => refresh(client, userId, listId),
  });
}

export function useDeleteWineList(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) => deleteWineList(userId, listId),
    onSuccess: (_result, listId) => {
      client.removeQueries({ queryKey: wineListKeys.detail(userId, listId) });
      return refresh(client, userId);
    },
  });
}

export function useWineListLogo(userId: string, listId: string) {
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: (image: File) => uploadWineListLogo(userId, listId, image),
    onSuccess: () => refresh(client, userId, listId),
  });
  const remove = useMutation({
    mutationFn: () => deleteWineListLogo(userId, listId),
    onSuccess: () => refresh(client, userId, listId),
  });
  return { upload, remove };
}

/** Downloads a copy of the PDF; downloading records what was printed, so the list is fetched again. */
export function useWineListPdf(userId: string, listId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ copy, fileName, open }: { copy: PdfCopy; fileName: string; open?: Window | null }) =>
      downloadWineListPdf(userId, listId, copy, fileName, { save: !open }),
    onSuccess: ({ blob }, variables) => {
      if (variables.open) variables.open.location.href = URL.createObjectURL(blob);
      return refresh(client, userId, listId);
    },
    onError: (_error, variables) => variables.open?.close(),
  });
}
