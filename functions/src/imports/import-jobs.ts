/**
 * Making, listing, reading and cancelling batch imports (docs/imports.md). A job is made waiting for
 * its file; the imports bucket's "Object Created" event starts the scan, for pasted text as for a file.
 */
import { importUploadKey } from '@kork/queue-messages';
import {
  type CreatedImport,
  type CreateImportInput,
  DEFAULT_LOCALE,
  EMPTY_IMPORT_COUNTS,
  IMPORT_LIMITS,
  type ImportDetail,
  type ImportJob,
  type ImportLine,
  type ImportLineFilter,
  type ImportLinesQuery,
  type ImportStatus,
  isFinalImportStatus,
  type Locale,
  withBounds,
} from '@kork/shared';
import { ulid } from 'ulid';
import { retryOnConflict } from '../data/transactions';
import { createInSlot } from './import-slots';
import {
  currentJob,
  expiresAtFrom,
  type ImportJobRecord,
  ImportRefusedError,
  isSkipped,
  jobOf,
  jobsOf,
  linesOf,
  toImportJob,
  updateJob,
} from './import-store';
import { putUploadText, uploadUrlFor } from './upload-url';

/** Jobs `GET …/imports` lists. */
export const LISTED_JOBS = 20;
/** Lines a page of `GET …/imports/{importId}` holds when `limit` is not given. */
export const DEFAULT_LINES_PAGE = 100;

/**
 * `POST …/imports`: a job waiting for its file, and where to PUT it; pasted text is stored as the file
 * at once. Refused (409 importsRunning) while the owner has IMPORT_LIMITS.openJobsMax unfinished jobs:
 * the job takes one of the cellar's slots in the transaction that creates it (import-slots.ts).
 */
export async function createImport(
  ownerId: string,
  input: CreateImportInput,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CreatedImport> {
  const now = new Date();
  const id = ulid();
  const uploadKey = importUploadKey(ownerId, id);
  const pasted = input.text !== undefined;
  const contentType = pasted
    ? 'text/plain'
    : input.contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
  const record = {
    ownerId,
    id,
    kind: input.kind,
    status: 'awaitingUpload',
    version: 0,
    fileName: pasted ? undefined : input.fileName,
    fileSize: pasted ? Buffer.byteLength(input.text ?? '') : input.fileSize,
    contentType,
    locale,
    uploadKey,
    counts: { ...EMPTY_IMPORT_COUNTS },
    writtenThrough: -1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    expiresAt: expiresAtFrom(now),
  };
  // The upload URL is signed before the job is stored, so a signing failure leaves no job behind.
  const target = pasted
    ? undefined
    : await uploadUrlFor(uploadKey, contentType ?? 'application/octet-stream', input.fileSize ?? 0);
  if (!(await createInSlot(record))) {
    throw new ImportRefusedError(withBounds('importsRunning', { max: IMPORT_LIMITS.openJobsMax }));
  }
  if (pasted) await putUploadText(uploadKey, input.text ?? '');
  return { ...toImportJob(record as ImportJobRecord), ...(target ?? {}) };
}

/** `GET …/imports`: the owner's latest jobs, newest first. */
export async function listImports(ownerId: string): Promise<{ rows: ImportJob[]; count: number }> {
  const jobs = await jobsOf(ownerId);
  const rows = jobs
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, LISTED_JOBS)
    .map(toImportJob);
  return { rows, count: rows.length };
}

const LINE_FILTERS: Record<ImportLineFilter, (line: ImportLine) => boolean> = {
  all: () => true,
  toReview: (line) => !line.confirmed && !isSkipped(line),
  confirmed: (line) => line.confirmed && !isSkipped(line),
  duplicates: (line) => line.duplicate !== undefined,
  skipped: isSkipped,
};

/** The job with one page of its lines (`lines: false`: none, but the count of them all). */
export function detailOf(
  job: ImportJob,
  lines: readonly ImportLine[],
  query: ImportLinesQuery,
): ImportDetail {
  if (query.lines === false) return { ...job, lines: { rows: [], count: lines.length } };
  const chosen = lines.filter(LINE_FILTERS[query.filter ?? 'all']);
  const offset = query.offset ?? 0;
  const rows = chosen.slice(offset, offset + (query.limit ?? DEFAULT_LINES_PAGE));
  return { ...job, lines: { rows, count: chosen.length } };
}

/** `GET …/imports/{importId}`. */
export async function getImport(ownerId: string, id: string, query: ImportLinesQuery): Promise<ImportDetail> {
  const job = toImportJob(await jobOf(ownerId, id));
  if (query.lines === false) {
    // Polling: the job alone; the count is of lines stored (kept exact in the job's counts).
    return { ...job, lines: { rows: [], count: job.counts.lines } };
  }
  return detailOf(job, await linesOf(ownerId, id), query);
}

/**
 * `DELETE …/imports/{importId}`: a job not finished stops where it is (lines written stay whole, none
 * more is written); a cancelled one is answered as it is; one imported, failed or empty is finished.
 */
export async function cancelImport(ownerId: string, id: string): Promise<ImportJob> {
  return retryOnConflict(async () => {
    const job = await jobOf(ownerId, id);
    if (job.status === 'cancelled') return toImportJob(job);
    if (isFinalImportStatus(job.status as ImportStatus)) throw new ImportRefusedError('importFinished');
    const now = new Date().toISOString();
    const written = await updateJob(job, { status: 'cancelled', finishedAt: now }, ['progress']);
    return toImportJob(written);
  });
}

/** The job, read again: for answering after a change another request made first. */
export async function jobNow(ownerId: string, id: string): Promise<ImportJob | undefined> {
  const job = await currentJob(ownerId, id);
  return job ? toImportJob(job) : undefined;
}
