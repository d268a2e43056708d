/**
 * How batch imports are kept (docs/imports.md): the job row, its lines in the job's partition, the
 * counts derived from the lines, and the one conditional update every change to a job goes through
 * (`version` raised by one each time, so two changes that meet never overwrite one another).
 */
import {
  EMPTY_IMPORT_COUNTS,
  IMPORT_LIMITS,
  type ImportCounts,
  type ImportField,
  type ImportJob,
  type ImportLine,
  type ImportStatus,
  isFinalImportStatus,
  type MessageKey,
} from '@kork/shared';
import { type EntityRecord, tables } from '../data/tables';
import { isConditionFailure } from '../data/transactions';
import { ConflictError, DomainError, NotFoundError } from '../platform/errors';
import { lineKeyOf } from './entities/import-line';
import { releaseSlot } from './import-slots';

export type ImportJobRecord = EntityRecord<'importJob'>;
export type ImportLineRecord = EntityRecord<'importLine'>;

/**
 * 409 for a change the job's state refuses (finished, not at this step, too many running). Not a
 * ConflictError: reading again would not change the answer, so it is not tried again.
 */
export class ImportRefusedError extends DomainError {
  override name = 'ImportRefusedError';
  readonly code = 'CONFLICT';
  readonly status = 409;
  constructor(text: string) {
    super({ key: text as MessageKey });
  }
}

/** Lines one BatchWriteItem takes. */
const BATCH = 25;

export function toImportJob(record: ImportJobRecord): ImportJob {
  const job: ImportJob = {
    id: record.id,
    ownerId: record.ownerId,
    kind: record.kind as ImportJob['kind'],
    status: record.status as ImportStatus,
    counts: { ...EMPTY_IMPORT_COUNTS, ...(record.counts as Partial<ImportCounts>) },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
  const optional = {
    fileName: record.fileName,
    fileSize: record.fileSize,
    contentType: record.contentType,
    columns: record.columns as ImportJob['columns'],
    assignment: record.assignment as ImportJob['assignment'],
    assignmentSource: record.assignmentSource as ImportJob['assignmentSource'],
    purchasePrices: record.purchasePrices as ImportJob['purchasePrices'],
    format: record.format as ImportJob['format'],
    progress: record.progress as ImportJob['progress'],
    error: record.error as ImportJob['error'],
    truncated: record.truncated,
    unreadLines: record.unreadLines as ImportJob['unreadLines'],
    finishedAt: record.finishedAt,
  };
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined && value !== null) (job as unknown as Record<string, unknown>)[key] = value;
  return job;
}

export function toImportLine(record: ImportLineRecord): ImportLine {
  const line: ImportLine = {
    index: record.index,
    at: record.at as ImportLine['at'],
    raw: record.raw,
    parsed: record.parsed as ImportLine['parsed'],
    issues: (record.issues as ImportLine['issues'] | undefined) ?? [],
    match: record.match as ImportLine['match'],
    choice: record.choice as ImportLine['choice'],
    onDuplicate: record.onDuplicate as ImportLine['onDuplicate'],
    confirmed: record.confirmed,
  };
  if (record.duplicate) line.duplicate = record.duplicate as ImportLine['duplicate'];
  if (record.ownWineId) line.ownWineId = record.ownWineId;
  if (record.error) line.error = record.error as ImportLine['error'];
  return line;
}

/** The record of a line of a job (what the pipeline and the decisions write). */
export function lineRecordOf(job: Pick<ImportJobRecord, 'ownerId' | 'id' | 'expiresAt'>, line: ImportLine) {
  return {
    ownerId: job.ownerId,
    importId: job.id,
    lineKey: lineKeyOf(line.index),
    index: line.index,
    at: line.at,
    raw: line.raw,
    parsed: line.parsed,
    issues: line.issues,
    match: line.match,
    duplicate: line.duplicate,
    choice: line.choice,
    onDuplicate: line.onDuplicate,
    confirmed: line.confirmed,
    ownWineId: line.ownWineId,
    error: line.error,
    expiresAt: job.expiresAt,
  } as ImportLineRecord;
}

/** The job as it is now (strongly consistent), or undefined. */
export async function currentJob(ownerId: string, id: string): Promise<ImportJobRecord | undefined> {
  const { data } = await tables('imports').importJob.get({ ownerId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** One of the owner's jobs; another cellar's job (its key holds the owner) is not found. */
export async function jobOf(ownerId: string, id: string): Promise<ImportJobRecord> {
  const job = await currentJob(ownerId, id);
  if (!job) throw new NotFoundError();
  return job;
}

/** Every job of the owner (kept 30 days: tens, not thousands), oldest first. */
export async function jobsOf(ownerId: string): Promise<ImportJobRecord[]> {
  const { data } = await tables('imports')
    .importJob.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true });
  return data;
}

/** Every line of a job in file order (at most IMPORT_LIMITS.maxLines: one query, all pages). */
export async function linesOf(ownerId: string, importId: string): Promise<ImportLine[]> {
  const { data } = await tables('imports')
    .importLine.query.byImport({ ownerId, importId })
    .go({ pages: 'all', consistent: true });
  return data.map(toImportLine).sort((a, b) => a.index - b.index);
}

/** Writes lines as they are (BatchWriteItem, 25 at a time; what is left unprocessed is sent again). */
export async function putLines(
  job: Pick<ImportJobRecord, 'ownerId' | 'id' | 'expiresAt'>,
  lines: readonly ImportLine[],
): Promise<void> {
  for (let i = 0; i < lines.length; i += BATCH) {
    let pending = lines.slice(i, i + BATCH).map((line) => lineRecordOf(job, line));
    for (let round = 0; pending.length > 0; round++) {
      if (round >= 8) throw new Error('Unprocessed import lines remained after 8 rounds');
      const { unprocessed } = await tables('imports').importLine.put(pending).go();
      const keys = new Set((unprocessed ?? []).map((key) => (key as { lineKey: string }).lineKey));
      pending = pending.filter((record) => keys.has(record.lineKey));
    }
  }
}

/** Removes a job's lines from `fromIndex` on (a table matched again under a new assignment). */
export async function deleteLinesFrom(ownerId: string, importId: string, fromIndex: number): Promise<void> {
  const { data } = await tables('imports')
    .importLine.query.byImport({ ownerId, importId })
    .go({ pages: 'all', attributes: ['ownerId', 'importId', 'lineKey', 'index'] });
  const keys = data
    .filter((line) => line.index >= fromIndex)
    .map(({ ownerId: o, importId: i, lineKey }) => ({ ownerId: o, importId: i, lineKey }));
  for (let i = 0; i < keys.length; i += BATCH) {
    let pending = keys.slice(i, i + BATCH);
    for (let round = 0; pending.length > 0; round++) {
      if (round >= 8) throw new Error('Unprocessed import lines remained after 8 rounds');
      const { unprocessed } = await tables('imports').importLine.delete(pending).go();
      pending = (unprocessed ?? []) as typeof pending;
    }
  }
}

/** A line the user sends away: skipped. Confirmed lines are the ones written. */
export const isSkipped = (line: Pick<ImportLine, 'choice'>) => line.choice.kind === 'skip';

/** The job's counts as its lines say (`imported` is the write step's: kept as it is). */
export function countLines(lines: readonly ImportLine[], imported = 0): ImportCounts {
  const counts: ImportCounts = { ...EMPTY_IMPORT_COUNTS, lines: lines.length, imported };
  for (const line of lines) {
    if (line.match.status === 'matched') counts.matched++;
    else if (line.match.status === 'suggested') counts.suggested++;
    else counts.unmatched++;
    if (isSkipped(line)) counts.skipped++;
    else if (line.confirmed) counts.confirmed++;
    if (line.duplicate) counts.duplicates++;
  }
  return counts;
}

function isTransactionConflict(error: unknown): boolean {
  const e = error as { name?: string; message?: string; cause?: { name?: string } };
  return (
    e?.name === 'TransactionConflictException' ||
    e?.cause?.name === 'TransactionConflictException' ||
    String(e?.message ?? '').includes('TransactionConflict')
  );
}

/** When a job made now is removed (epoch seconds). */
export function expiresAtFrom(now: Date): number {
  return Math.floor(now.getTime() / 1000) + IMPORT_LIMITS.keepDays * 24 * 60 * 60;
}

export type JobChanges = Partial<
  Omit<ImportJobRecord, 'ownerId' | 'id' | 'kind' | 'version' | 'createdAt' | 'expiresAt'>
>;

/**
 * Changes the job if it is still at `expected.version` (and, when given, in one of `statuses`): the
 * version goes up by one. Answers the job as written; a job changed meanwhile is a ConflictError
 * (`importNotReady`) the caller reads again after, or answers.
 */
export async function updateJob(
  expected: Pick<ImportJobRecord, 'ownerId' | 'id' | 'version'>,
  changes: JobChanges,
  remove: readonly (keyof JobChanges)[] = [],
): Promise<ImportJobRecord> {
  const set = { ...changes, version: expected.version + 1, updatedAt: new Date().toISOString() };
  try {
    let pending = tables('imports')
      .importJob.patch({ ownerId: expected.ownerId, id: expected.id })
      .set(set as never);
    if (remove.length > 0) pending = pending.remove(remove as never);
    const { data } = await pending
      .where((attr, op) => op.eq(attr.version, expected.version))
      .go({ response: 'all_new' });
    // A finished job no longer holds one of the cellar's unfinished imports. Should this fail, the slot
    // is let go by the next import that finds the cellar full (import-slots.ts); the job is changed.
    if (changes.status && isFinalImportStatus(changes.status as ImportStatus))
      await releaseSlot(expected.ownerId, expected.id).catch(() => undefined);
    return data as ImportJobRecord;
  } catch (error) {
    // Another change got there first, or a transaction on the job (a decision's check) was under way.
    if (isConditionFailure(error) || isTransactionConflict(error))
      throw new ConflictError({ key: 'importNotReady' });
    throw error;
  }
}

/** The owner's remembered column assignment: folded header → field. */
export async function rememberedColumns(ownerId: string): Promise<Record<string, ImportField | null>> {
  const { data } = await tables('imports').importColumnMemory.get({ ownerId }).go();
  return (data?.fields as Record<string, ImportField | null> | undefined) ?? {};
}

/**
 * Remembers an assignment by folded header, over what was remembered before (other systems' headers
 * stay). The newest assignment wins; a lost race loses a memory, never a wine.
 */
export async function rememberColumns(
  ownerId: string,
  headers: readonly string[],
  assignment: readonly (ImportField | null)[],
  fold: (header: string) => string,
): Promise<void> {
  const fields = await rememberedColumns(ownerId);
  headers.forEach((header, index) => {
    const key = fold(header);
    if (key) fields[key] = assignment[index] ?? null;
  });
  // A DynamoDB item holds 400 KB: the memory keeps the most recent headers when it grows past a few thousand.
  const entries = Object.entries(fields);
  const kept = Object.fromEntries(entries.slice(Math.max(0, entries.length - 2000)));
  await tables('imports')
    .importColumnMemory.put({ ownerId, fields: kept, updatedAt: new Date().toISOString() })
    .go();
}
