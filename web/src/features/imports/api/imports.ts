import {
  type CreatedImport,
  type CreateImportInput,
  IMPORT_WORKING_STATUSES,
  type ImportDetail,
  type ImportJob,
  type ImportLineFilter,
  type UpdateImportInput,
} from '@kork/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '../../../lib/api-client';

/**
 * Batch import (`/api/wine-cellars/users/{id}/imports…`, docs/imports.md): plain calls and the hooks the
 * batch import page uses. A job in a working state (scanning, matching, importing) is polled until it
 * leaves it; the file itself goes straight to the imports bucket with `uploadImportFile`.
 */

const imports = (userId: string) => `/wine-cellars/users/${encodeURIComponent(userId)}/imports`;
const one = (userId: string, id: string) => `${imports(userId)}/${encodeURIComponent(id)}`;

/** How often a working job is asked for its progress. */
export const IMPORT_POLL_MS = 700;

export const importKeys = {
  all: (userId: string) => ['imports', userId] as const,
  list: (userId: string) => ['imports', userId, 'list'] as const,
  job: (userId: string, id: string) => ['imports', userId, 'job', id] as const,
  lines: (userId: string, id: string, filter: ImportLineFilter, offset: number, limit: number) =>
    ['imports', userId, 'job', id, 'lines', filter, offset, limit] as const,
};

export function listImports(userId: string, signal?: AbortSignal): Promise<Page<ImportJob>> {
  return api.get<Page<ImportJob>>(imports(userId), { signal });
}

export function createImport(userId: string, input: CreateImportInput): Promise<CreatedImport> {
  return api.post<CreatedImport>(imports(userId), { body: input });
}

/** The job alone (`lines=false`): what polling asks for. */
export function getImportJob(userId: string, id: string, signal?: AbortSignal): Promise<ImportDetail> {
  return api.get<ImportDetail>(one(userId, id), { signal, query: { lines: false } });
}

export function getImportLines(
  userId: string,
  id: string,
  query: { filter: ImportLineFilter; offset: number; limit: number },
  signal?: AbortSignal,
): Promise<ImportDetail> {
  return api.get<ImportDetail>(one(userId, id), { signal, query: { ...query, lines: true } });
}

export function updateImport(userId: string, id: string, input: UpdateImportInput): Promise<ImportDetail> {
  return api.patch<ImportDetail>(one(userId, id), { body: input });
}

export function confirmImport(userId: string, id: string): Promise<ImportJob> {
  return api.post<ImportJob>(`${one(userId, id)}/confirm`, { body: {} });
}

export function cancelImport(userId: string, id: string): Promise<ImportJob> {
  return api.delete<ImportJob>(one(userId, id));
}

/**
 * PUTs the file to the presigned URL the job came with. Progress is reported as a fraction (0–1) while
 * the bytes go (XMLHttpRequest: fetch cannot tell upload progress); rejects on a status other than 2xx.
 */
export function uploadImportFile(
  target: { uploadUrl: string; uploadHeaders?: Record<string, string> },
  file: Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', target.uploadUrl);
    for (const [name, value] of Object.entries(target.uploadHeaders ?? {}))
      request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(`Upload failed with status ${request.status}`));
    request.onerror = () => reject(new Error('Upload failed'));
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

export function isWorking(job: Pick<ImportJob, 'status'> | undefined): boolean {
  return job !== undefined && IMPORT_WORKING_STATUSES.includes(job.status);
}

/** Whether the job moves without the user: it works, or waits for its file, which starts the scan. */
export function isMovingByItself(job: Pick<ImportJob, 'status'> | undefined): boolean {
  return isWorking(job) || job?.status === 'awaitingUpload';
}

/** The job, polled while it works by itself (or waits for its upload to arrive). */
export function useImportJob(userId: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: importKeys.job(userId ?? '', id ?? ''),
    queryFn: ({ signal }) => getImportJob(userId ?? '', id ?? '', signal),
    enabled: Boolean(userId && id),
    refetchInterval: (query) => (isMovingByItself(query.state.data) ? IMPORT_POLL_MS : false),
  });
}

/** One page of the job's lines under a filter. */
export function useImportLines(
  userId: string | undefined,
  id: string | undefined,
  query: { filter: ImportLineFilter; offset: number; limit: number },
  enabled = true,
) {
  return useQuery({
    queryKey: importKeys.lines(userId ?? '', id ?? '', query.filter, query.offset, query.limit),
    queryFn: ({ signal }) => getImportLines(userId ?? '', id ?? '', query, signal),
    enabled: Boolean(userId && id) && enabled,
    placeholderData: (previous) => previous,
  });
}

export function invalidateImport(client: QueryClient, userId: string, id: string): Promise<void> {
  return client.invalidateQueries({ queryKey: importKeys.job(userId, id) });
}

/** Decisions, an assignment or "confirm all": the job and its lines are read again afterwards. */
export function useUpdateImport(userId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateImportInput) => updateImport(userId, id, input),
    onSuccess: (job) => {
      client.setQueryData(importKeys.job(userId, id), job);
      return invalidateImport(client, userId, id);
    },
  });
}

export function useConfirmImport(userId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => confirmImport(userId, id),
    onSuccess: () => invalidateImport(client, userId, id),
  });
}

export function useCancelImport(userId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelImport(userId, id),
    onSuccess: () => invalidateImport(client, userId, id),
  });
}
