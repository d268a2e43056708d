/**
 * The steps a batch import takes by itself (docs/imports.md), each run by the import-steps queue's
 * consumer and safe to run twice: every change of the job is conditional on the state it was read in.
 *
 * - scan: the uploaded file read as the job's kind. A table stops at `columns` for its assignment;
 *   an invoice, a Vectura PDF or a magic import goes straight on to matching.
 * - match: the lines matched to the catalogue, checked against the cellar for duplicates and stored;
 *   the job waits in `review`.
 * - write: see import-write.ts.
 *
 * A file that cannot be read ends the job `failed` with its reason; one without wine lines `noWines`.
 * Any other failure is left to the queue to try again, and the last attempt fails the job, so a job is
 * never left working for ever.
 */

import {
  DEFAULT_LOCALE,
  fileTooLargeMessage,
  IMPORT_LIMITS,
  type ImportChoice,
  type ImportColumn,
  type ImportField,
  type ImportLine,
  type ImportStatus,
  importFileAccepted,
  type Locale,
  type MessageKey,
} from '@kork/shared';
import { documents } from '../adapters/documents';
import { matchWines, type WineMatch } from '../catalog/wine-matcher';
import { tables } from '../data/tables';
import { isConditionFailure } from '../data/transactions';
import { env } from '../platform/env';
import { ConflictError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { invoiceLines } from './documents/invoice-lines';
import { vecturaLines } from './documents/vectura-lines';
import { heldChoices } from './duplicates';
import {
  countLines,
  currentJob,
  deleteLinesFrom,
  type ImportJobRecord,
  putLines,
  rememberedColumns,
  updateJob,
} from './import-store';
import { magicLines } from './magic/magic-lines';
import { ImportFileError, type ReadLine } from './read/read-line';
import { guessAssignment } from './tables/guess-columns';
import { readTable, type TableData } from './tables/read-table';
import { linesFromTable } from './tables/rows-to-lines';
import { readUpload } from './upload-url';

/** The queue's receive count at which a step that keeps failing ends its job (import-steps' maxReceiveCount). */
export const LAST_ATTEMPT = 3;

/** Rows the column guess reads values from. */
const GUESS_ROWS = 50;

/** How often the matching progress is written: every this many lines or milliseconds, whichever first. */
const PROGRESS_LINES = 200;
const PROGRESS_MS = 1_000;

export interface StepContext {
  /** How many times the queue has handed this message over (1 the first time). */
  attempt: number;
  log?: Logger;
}

/** The job changed under the step (cancelled, or moved on by another delivery): the step stops. */
class JobMoved extends Error {
  override name = 'JobMoved';
}

/**
 * Ends a job that is still in one of `from` as `failed` (or `noWines`), whatever its version now.
 * Answers false when the job had moved on.
 */
export async function endJob(
  ownerId: string,
  id: string,
  from: readonly ImportStatus[],
  status: 'failed' | 'noWines',
  error?: { code: MessageKey; detail?: string },
): Promise<boolean> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const job = await currentJob(ownerId, id);
    if (!job || !from.includes(job.status as ImportStatus)) return false;
    try {
      await updateJob(
        job,
        {
          status,
          finishedAt: new Date().toISOString(),
          ...(error ? { error: error.detail ? error : { code: error.code } } : {}),
        },
        ['progress'],
      );
      return true;
    } catch (e) {
      if (!(e instanceof ConflictError)) throw e;
    }
  }
  return false;
}

/**
 * Runs a step's work; turns what it throws into the job's end: an unreadable file fails it, a job that
 * moved stops quietly, anything else is thrown for the queue to try again until the last attempt.
 */
async function guarded(
  job: ImportJobRecord,
  working: readonly ImportStatus[],
  context: StepContext,
  work: () => Promise<void>,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof JobMoved) return;
    if (error instanceof ImportFileError) {
      await endJob(job.ownerId, job.id, working, 'failed', { code: error.code, detail: error.detail });
      return;
    }
    if (error instanceof ConflictError) {
      // Our conditional write lost: stop when the job is no longer at this step, else try again.
      const now = await currentJob(job.ownerId, job.id);
      if (!now || !working.includes(now.status as ImportStatus)) return;
    }
    if (context.attempt >= LAST_ATTEMPT) {
      context.log?.error('import step failed on its last attempt', { importId: job.id, error });
      await endJob(job.ownerId, job.id, working, 'failed', { code: 'importFileUnreadable' });
      return;
    }
    throw error;
  }
}

/** The uploaded file, checked again as stored: there, not empty, within the limit, of the kind's type. */
async function uploadOf(job: ImportJobRecord): Promise<{ bytes: Uint8Array; contentType: string }> {
  const upload = await readUpload(job.uploadKey ?? '');
  if (!upload) throw new ImportFileError('importFileMissing');
  const contentType = (upload.contentType ?? job.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (upload.bytes.byteLength === 0) throw new ImportFileError('importFileEmpty');
  if (upload.bytes.byteLength > IMPORT_LIMITS.maxFileBytes)
    throw new ImportFileError(fileTooLargeMessage(contentType));
  const type = contentType === 'binary/octet-stream' ? 'application/octet-stream' : contentType;
  if (!importFileAccepted(job.kind as never, job.fileName ?? 'pasted.txt', type || undefined))
    throw new ImportFileError('unsupportedMediaType');
  return { bytes: upload.bytes, contentType: type || job.contentType || 'application/octet-stream' };
}

/** `scan`: the job's file read into lines (a table into columns); from `awaitingUpload`, or `scanning` again. */
export async function scanStep(ownerId: string, importId: string, context: StepContext): Promise<void> {
  let job = await currentJob(ownerId, importId);
  if (!job) return;
  if (job.status === 'awaitingUpload') {
    try {
      job = await updateJob(job, { status: 'scanning', progress: { step: 'scanning', done: 0, total: 1 } });
    } catch (error) {
      if (error instanceof ConflictError) return;
      throw error;
    }
  } else if (job.status !== 'scanning') return;
  const scanning = job;
  await guarded(scanning, ['scanning', 'matching'], context, () => scan(scanning));
}

async function scan(job: ImportJobRecord): Promise<void> {
  const { bytes, contentType } = await uploadOf(job);
  const source = { bucket: env.importsBucket(), key: job.uploadKey ?? '', bytes, contentType };
  switch (job.kind) {
    case 'excel':
      return scanTable(job, await readTable(bytes, job.fileName ?? '', contentType));
    case 'invoice':
      return matchLines(job, invoiceLines(await documents().readText(source, 'invoice')));
    case 'vectura':
      return matchLines(job, vecturaLines(await documents().readText(source, 'document')));
    default: {
      const text = contentType.startsWith('text/')
        ? new TextDecoder('utf-8').decode(bytes)
        : (await documents().readText(source, 'document')).pages
            .map((page) => page.lines.map((line) => line.text).join('\n'))
            .join('\n\n');
      const { lines, unread } = await magicLines(text, (job.locale as Locale | undefined) ?? DEFAULT_LOCALE);
      return matchLines(job, lines, { unreadLines: unread.slice(0, IMPORT_LIMITS.maxLines) });
    }
  }
}

/** A table waits for its columns: the headers with sample rows and the assignment guessed. */
async function scanTable(job: ImportJobRecord, table: TableData): Promise<void> {
  if (table.rows.length === 0) {
    await endJob(job.ownerId, job.id, ['scanning'], 'noWines', { code: 'noWinesDetected' });
    return;
  }
  const headers = table.headers.slice(0, IMPORT_LIMITS.maxColumns);
  const sampleRows = table.rows.slice(0, IMPORT_LIMITS.sampleRows);
  const columns: ImportColumn[] = headers.map((header, index) => ({
    index,
    header,
    samples: sampleRows.map((row) => row[index] ?? ''),
  }));
  // The guess reads more rows than the page shows: a column without a header is judged by its values.
  const judged = table.rows.slice(0, GUESS_ROWS);
  const guess = guessAssignment(
    headers,
    headers.map((_, index) => judged.map((row) => row[index] ?? '')),
    await rememberedColumns(job.ownerId),
  );
  await updateJob(
    job,
    {
      status: 'columns',
      columns,
      assignment: guess.assignment,
      assignmentSource: guess.source,
      format: guess.format,
    },
    ['progress'],
  );
}

/** `match`: a table read again under the assignment the user made (the job is in `matching`). */
export async function matchStep(
  ownerId: string,
  importId: string,
  jobVersion: number,
  context: StepContext,
): Promise<void> {
  const job = await currentJob(ownerId, importId);
  if (job?.status !== 'matching' || job.version !== jobVersion) return;
  await guarded(job, ['matching'], context, async () => {
    const { bytes, contentType } = await uploadOf(job);
    const table = await readTable(bytes, job.fileName ?? '', contentType);
    const assignment = (job.assignment as (ImportField | null)[] | undefined) ?? [];
    await matchLines(job, linesFromTable(table, assignment));
  });
}

/** Writes the matching progress conditional on the job still matching; a cancel stops it. */
function progressWriter(job: ImportJobRecord, total: number) {
  let lastDone = 0;
  let lastAt = Date.now();
  let stopped = false;
  let chain: Promise<void> = Promise.resolve();
  const write = (done: number) =>
    tables('imports')
      .importJob.patch({ ownerId: job.ownerId, id: job.id })
      .set({ progress: { step: 'matching', done, total } })
      .where((attr, op) => `${op.eq(attr.status, 'matching')} AND ${op.eq(attr.version, job.version)}`)
      .go()
      .then(() => undefined);
  return {
    report(done: number) {
      if (stopped || (done - lastDone < PROGRESS_LINES && Date.now() - lastAt < PROGRESS_MS)) return;
      lastDone = done;
      lastAt = Date.now();
      chain = chain
        .then(() => (stopped ? undefined : write(done)))
        .catch((error) => {
          if (isConditionFailure(error)) stopped = true;
        });
    },
    /** Waits for the writes; false when the job stopped matching meanwhile. */
    async settle(): Promise<boolean> {
      await chain;
      return !stopped;
    },
  };
}

/**
 * The line's choice before the user looks: the best candidate when there is one; nothing yet for a line
 * that matched nothing or names no vintage of a wine that has several (see `heldChoices`).
 */
function firstChoice(match: WineMatch): ImportChoice {
  const best = match.candidates[0];
  if (match.status === 'none' || match.vintages || !best) return { kind: 'undecided' };
  return { kind: 'catalog', wineId: best.wineId };
}

/**
 * Lines matched, checked for duplicates and stored (over any earlier lines of the job), then the job
 * in `review`; none at all ends it `noWines`. A confident match that is no duplicate is confirmed.
 */
export async function matchLines(
  job: ImportJobRecord,
  read: readonly ReadLine[],
  extra: { unreadLines?: string[] } = {},
): Promise<void> {
  const truncated = read.length > IMPORT_LIMITS.maxLines;
  const lines = read.slice(0, IMPORT_LIMITS.maxLines);
  if (lines.length === 0) {
    await deleteLinesFrom(job.ownerId, job.id, 0);
    if (
      !(await endJob(job.ownerId, job.id, [job.status as ImportStatus], 'noWines', {
        code: 'noWinesDetected',
      }))
    )
      throw new JobMoved();
    return;
  }
  const matching =
    job.status === 'matching'
      ? job
      : await updateJob(job, {
          status: 'matching',
          progress: { step: 'matching', done: 0, total: lines.length },
          ...extra,
        });
  const progress = progressWriter(matching, lines.length);
  const matches = await matchWines(
    lines.map((line) => line.parsed),
    (done) => progress.report(done),
  );
  if (!(await progress.settle())) throw new JobMoved();
  const held = await heldChoices(
    job.ownerId,
    lines.map((line, i) => {
      const match = matches[i] ?? { status: 'none', candidates: [] };
      return { parsed: line.parsed, choice: firstChoice(match), vintages: match.vintages };
    }),
  );
  const choices = held.map((entry) => entry.choice);
  const stored: ImportLine[] = lines.map((line, index) => {
    const match: WineMatch = matches[index] ?? { status: 'none', candidates: [] };
    const duplicate = held[index]?.duplicate;
    return {
      index,
      at: line.at,
      raw: line.raw,
      parsed: line.parsed,
      issues: line.issues,
      match: {
        status: match.status,
        candidates: match.candidates.slice(0, IMPORT_LIMITS.candidates),
        ...(match.vintages ? { vintages: match.vintages } : {}),
      },
      ...(duplicate ? { duplicate } : {}),
      choice: choices[index] as ImportChoice,
      onDuplicate: 'add',
      confirmed: match.status === 'matched' && !duplicate,
    };
  });
  await putLines(matching, stored);
  await deleteLinesFrom(job.ownerId, job.id, stored.length);
  await updateJob(matching, { status: 'review', counts: countLines(stored), truncated }, ['progress']);
}
