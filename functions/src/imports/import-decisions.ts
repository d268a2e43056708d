/**
 * What the user decides on an import (docs/imports.md): the columns of a table, each line's wine
 * (a catalogue wine, kept as typed, or skipped), whether it is confirmed, what a duplicate does; and
 * the confirmation that starts the write. Lines are written conditional on the job still being in
 * review, so a decision that meets a cancel or a confirm does not land; the job's counts are counted
 * again from the lines after every change.
 */
import {
  assignmentProblems,
  type ImportDetail,
  type ImportField,
  type ImportJob,
  type ImportLine,
  type ImportLineDecision,
  type ImportStatus,
  isFinalImportStatus,
  type UpdateImportInput,
} from '@kork/shared';
import { getWines } from '../catalog/catalog-store';
import { db } from '../data/entities';
import { commitTransaction, retryOnConflict } from '../data/transactions';
import { ValidationError } from '../platform/errors';
import { findDuplicates } from './duplicates';
import { getImport } from './import-jobs';
import { sendStep } from './import-steps';
import {
  countLines,
  type ImportJobRecord,
  ImportRefusedError,
  isSkipped,
  jobOf,
  lineRecordOf,
  linesOf,
  rememberColumns,
  toImportJob,
  updateJob,
} from './import-store';
import { foldHeader } from './tables/guess-columns';

/** Line writes per transaction, beside the job's condition check. */
const LINES_PER_TRANSACTION = 99;

/** Refuses a change the job is not at the step for: finished, or another step. */
function refuseUnless(job: ImportJobRecord, statuses: readonly ImportStatus[]): void {
  const status = job.status as ImportStatus;
  if (statuses.includes(status)) return;
  throw new ImportRefusedError(isFinalImportStatus(status) ? 'importFinished' : 'importNotReady');
}

/** `PATCH …/imports/{importId}`: answers the job and the first page of its lines. */
export async function updateImport(
  ownerId: string,
  id: string,
  input: UpdateImportInput,
): Promise<ImportDetail> {
  if (input.assignment) {
    if (input.lines || input.confirmAll) throw new ValidationError({ lines: 'invalidValue' });
    await assignColumns(ownerId, id, input.assignment);
  } else if (input.lines || input.confirmAll) {
    await decideLines(ownerId, id, input.lines ?? [], input.confirmAll === true);
  }
  return getImport(ownerId, id, {});
}

/**
 * A table's columns assigned (in `columns`, or again in `review`): checked by SPEC §5's rules,
 * remembered by header for the owner's next import, and the table matched again under it.
 */
async function assignColumns(ownerId: string, id: string, assignment: (ImportField | null)[]): Promise<void> {
  const written = await retryOnConflict(async () => {
    const job = await jobOf(ownerId, id);
    refuseUnless(job, ['columns', 'review']);
    const columns = (job.columns as ImportJob['columns']) ?? [];
    if (job.kind !== 'excel' || columns.length === 0) throw new ImportRefusedError('importNotReady');
    if (assignment.length !== columns.length) throw new ValidationError({ assignment: 'invalidValue' });
    const problems = assignmentProblems(assignment);
    if (Object.keys(problems).length > 0) throw new ValidationError(problems);
    return updateJob(job, {
      status: 'matching',
      assignment,
      progress: { step: 'matching', done: 0, total: 0 },
    });
  });
  const columns = (written.columns as ImportJob['columns']) ?? [];
  await rememberColumns(
    ownerId,
    columns.map((column) => column.header),
    assignment,
    foldHeader,
  );
  await sendStep('match', written);
}

/** Whether a line can be confirmed as it stands: a choice that is not a skip, with a name to write. */
function resolved(line: ImportLine): boolean {
  if (isSkipped(line)) return false;
  if (line.choice.kind === 'custom') return line.parsed.wineName.trim().length > 0;
  return true;
}

function sameChoice(a: ImportLine['choice'], b: ImportLine['choice']): boolean {
  return a.kind === b.kind && (a.kind !== 'catalog' || a.wineId === (b as { wineId: string }).wineId);
}

/** The decisions applied to the lines: the lines that changed (and whose choice changed). */
async function applyDecisions(
  lines: readonly ImportLine[],
  decisions: readonly ImportLineDecision[],
  confirmAll: boolean,
): Promise<{ changed: Map<number, ImportLine>; rechosen: Set<number> }> {
  const byIndex = new Map(lines.map((line) => [line.index, line]));
  const fields: Record<string, string> = {};
  decisions.forEach((decision, at) => {
    if (!byIndex.has(decision.index)) fields[`lines.${at}.index`] = 'importLineUnknown';
  });
  const wineIds = decisions.flatMap((d) => (d.choice?.kind === 'catalog' ? [d.choice.wineId] : []));
  const wines = wineIds.length > 0 ? await getWines(wineIds) : new Map();
  decisions.forEach((decision, at) => {
    if (decision.choice?.kind === 'catalog' && wines.get(decision.choice.wineId)?.status !== 'active')
      fields[`lines.${at}.choice.wineId`] = 'wineNotInCatalog';
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);

  const changed = new Map<number, ImportLine>();
  const rechosen = new Set<number>();
  for (const decision of decisions) {
    const line = { ...(changed.get(decision.index) ?? (byIndex.get(decision.index) as ImportLine)) };
    if (decision.choice && !sameChoice(decision.choice, line.choice)) {
      line.choice = decision.choice;
      rechosen.add(line.index);
    }
    if (decision.onDuplicate) line.onDuplicate = decision.onDuplicate;
    // Choosing a wine confirms it unless the decision says otherwise; a skipped line is never confirmed.
    if (decision.confirmed !== undefined) line.confirmed = decision.confirmed;
    else if (decision.choice) line.confirmed = true;
    if (isSkipped(line)) line.confirmed = false;
    changed.set(line.index, line);
  }
  if (confirmAll) {
    for (const line of lines) {
      const current = changed.get(line.index) ?? line;
      if (!current.confirmed && resolved(current)) changed.set(line.index, { ...current, confirmed: true });
    }
  }
  return { changed, rechosen };
}

/**
 * Decisions on lines (status `review` only): each line index must exist, a catalogue choice must be a
 * wine of the catalogue; a line whose choice changes is checked against the cellar again for a
 * duplicate. Written in transactions that each check the job is still in review.
 */
async function decideLines(
  ownerId: string,
  id: string,
  decisions: readonly ImportLineDecision[],
  confirmAll: boolean,
): Promise<void> {
  const job = await jobOf(ownerId, id);
  refuseUnless(job, ['review']);
  const lines = await linesOf(ownerId, id);
  const { changed, rechosen } = await applyDecisions(lines, decisions, confirmAll);
  if (rechosen.size > 0) {
    const again = [...rechosen].map((index) => changed.get(index) as ImportLine);
    const duplicates = await findDuplicates(ownerId, again);
    again.forEach((line, i) => {
      const duplicate = duplicates[i];
      if (duplicate) line.duplicate = duplicate;
      else delete line.duplicate;
    });
  }
  const writes = [...changed.values()];
  for (let i = 0; i < writes.length; i += LINES_PER_TRANSACTION) {
    const slice = writes.slice(i, i + LINES_PER_TRANSACTION);
    try {
      await commitTransaction(() =>
        db().transaction.write(({ importJob, importLine }) => [
          importJob
            .check({ ownerId, id })
            .where((attr, op) => op.eq(attr.status, 'review'))
            .commit(),
          ...slice.map((line) => importLine.put(lineRecordOf(job, line)).commit()),
        ]),
      );
    } catch (error) {
      const now = await jobOf(ownerId, id);
      refuseUnless(now, ['review']);
      throw error;
    }
  }
  await recount(ownerId, id);
}

/** The job's counts from its lines, written conditional on the version read before the lines. */
async function recount(ownerId: string, id: string): Promise<void> {
  await retryOnConflict(async () => {
    const job = await jobOf(ownerId, id);
    refuseUnless(job, ['review']);
    const lines = await linesOf(ownerId, id);
    const counts = countLines(lines, toImportJob(job).counts.imported);
    await updateJob(job, { counts });
  });
}

/**
 * `POST …/imports/{importId}/confirm`: the confirmed lines are written to the cellar by the write
 * step. Asked again while importing or once imported, it answers the job as it is.
 */
export async function confirmImport(
  ownerId: string,
  id: string,
): Promise<{ status: number; job: ImportJob }> {
  return retryOnConflict(async () => {
    const job = await jobOf(ownerId, id);
    if (job.status === 'importing') return { status: 202, job: toImportJob(job) };
    if (job.status === 'imported') return { status: 200, job: toImportJob(job) };
    refuseUnless(job, ['review']);
    const lines = await linesOf(ownerId, id);
    const counts = countLines(lines, toImportJob(job).counts.imported);
    if (counts.confirmed === 0) {
      throw new ValidationError({ lines: 'importNothingConfirmed' }, { key: 'importNothingConfirmed' });
    }
    const written = await updateJob(job, {
      status: 'importing',
      counts,
      progress: { step: 'importing', done: 0, total: counts.confirmed },
    });
    await sendStep('write', written);
    return { status: 202, job: toImportJob(written) };
  });
}
