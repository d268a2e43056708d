/**
 * What the user decides on an import (docs/imports.md): the columns of a table, each line's wine
 * (a catalogue wine, kept as typed, or skipped), whether it is confirmed, what a duplicate does; and
 * the confirmation that starts the write.
 *
 * A decisions PATCH is all or nothing. It is decided on the lines read at the job's version and written
 * conditional on that version, with the job's counts, so two PATCHes never overwrite one another. One of
 * more than LINES_PER_TRANSACTION lines takes several transactions: the first claims the job (its
 * version raised, `decidingUntil` set), the others are conditional on that claim and the last releases
 * it. A confirm, a column assignment or another PATCH waits while the claim holds; a cancel does not,
 * and the PATCH then puts the lines it wrote back as they were and is refused.
 */
import {
  assignmentProblems,
  type ImportCounts,
  type ImportDetail,
  type ImportField,
  type ImportJob,
  type ImportLine,
  type ImportLineDecision,
  type ImportPriceBasis,
  type ImportStatus,
  isFinalImportStatus,
  type UpdateImportInput,
} from '@kork/shared';
import { getWines } from '../catalog/wine-lookup';
import { transaction, type writeItems } from '../data/tables';
import { commitTransaction, retryOnConflict } from '../data/transactions';
import { ConflictError, ValidationError } from '../platform/errors';
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

/** Line writes per transaction, beside the job's update or check. */
const LINES_PER_TRANSACTION = 99;
/** How long a PATCH of several transactions holds the job: longer than any request runs. */
const CLAIM_MS = 60_000;
/** Attempts of a PATCH that meets other changes of the job (each one that fails lets another through). */
const DECISION_ATTEMPTS = 25;

/** Refuses a change the job is not at the step for: finished, or another step. */
function refuseUnless(job: ImportJobRecord, statuses: readonly ImportStatus[]): void {
  const status = job.status as ImportStatus;
  if (statuses.includes(status)) return;
  throw new ImportRefusedError(isFinalImportStatus(status) ? 'importFinished' : 'importNotReady');
}

/** A decisions PATCH of several transactions holds the job: its other changes wait (and try again). */
function waitForDecisions(job: ImportJobRecord): void {
  if (job.decidingUntil && job.decidingUntil > new Date().toISOString())
    throw new ConflictError({ key: 'importNotReady' });
}

/** `PATCH …/imports/{importId}`: answers the job and the first page of its lines. */
export async function updateImport(
  ownerId: string,
  id: string,
  input: UpdateImportInput,
): Promise<ImportDetail> {
  if (input.assignment) {
    if (input.lines || input.confirmAll) throw new ValidationError({ lines: 'invalidValue' });
    await assignColumns(ownerId, id, input.assignment, input.purchasePrices ?? 'withDuties');
  } else if (input.lines || input.confirmAll) {
    await decideLines(ownerId, id, input.lines ?? [], input.confirmAll === true);
  }
  return getImport(ownerId, id, {});
}

/**
 * A table's columns assigned (in `columns`, or again in `review`): checked by SPEC §5's rules,
 * remembered by header for the owner's next import, and the table matched again under it.
 */
async function assignColumns(
  ownerId: string,
  id: string,
  assignment: (ImportField | null)[],
  purchasePrices: ImportPriceBasis,
): Promise<void> {
  const written = await retryOnConflict(async () => {
    const job = await jobOf(ownerId, id);
    refuseUnless(job, ['columns', 'review']);
    waitForDecisions(job);
    const columns = (job.columns as ImportJob['columns']) ?? [];
    if (job.kind !== 'excel' || columns.length === 0) throw new ImportRefusedError('importNotReady');
    if (assignment.length !== columns.length) throw new ValidationError({ assignment: 'invalidValue' });
    const problems = assignmentProblems(assignment);
    if (Object.keys(problems).length > 0) throw new ValidationError(problems);
    return updateJob(job, {
      status: 'matching',
      assignment,
      purchasePrices,
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
  if (isSkipped(line) || line.choice.kind === 'undecided') return false;
  if (line.choice.kind === 'custom') return line.parsed.wineName.trim().length > 0;
  return true;
}

function sameChoice(a: ImportLine['choice'], b: ImportLine['choice']): boolean {
  return a.kind === b.kind && (a.kind !== 'catalog' || a.wineId === (b as { wineId: string }).wineId);
}

/** The catalogue wines the decisions choose, by id. */
async function chosenWines(
  decisions: readonly ImportLineDecision[],
): Promise<Map<string, { status?: string | null }>> {
  const wineIds = decisions.flatMap((d) => (d.choice?.kind === 'catalog' ? [d.choice.wineId] : []));
  return wineIds.length > 0 ? await getWines(wineIds) : new Map();
}

/** The decisions applied to the lines: the lines that changed (and whose choice changed). */
function applyDecisions(
  lines: readonly ImportLine[],
  decisions: readonly ImportLineDecision[],
  confirmAll: boolean,
  wines: ReadonlyMap<string, { status?: string | null }>,
): { changed: Map<number, ImportLine>; rechosen: Set<number> } {
  const byIndex = new Map(lines.map((line) => [line.index, line]));
  const fields: Record<string, string> = {};
  decisions.forEach((decision, at) => {
    if (!byIndex.has(decision.index)) fields[`lines.${at}.index`] = 'importLineUnknown';
  });
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
    // Nor is a line with nothing chosen yet: it waits for a wine, a vintage or "add as your own wine".
    if (isSkipped(line) || line.choice.kind === 'undecided') line.confirmed = false;
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
 * duplicate. Decided on the lines as read and written conditional on the job's version with its counts;
 * a change of the job meanwhile decides again from a fresh read.
 */
async function decideLines(
  ownerId: string,
  id: string,
  decisions: readonly ImportLineDecision[],
  confirmAll: boolean,
): Promise<void> {
  const wines = await chosenWines(decisions);
  await retryOnConflict(async () => {
    const job = await jobOf(ownerId, id);
    refuseUnless(job, ['review']);
    waitForDecisions(job);
    const lines = await linesOf(ownerId, id);
    const { changed, rechosen } = applyDecisions(lines, decisions, confirmAll, wines);
    if (rechosen.size > 0) {
      const again = [...rechosen].map((index) => changed.get(index) as ImportLine);
      const duplicates = await findDuplicates(ownerId, again);
      again.forEach((line, i) => {
        const duplicate = duplicates[i];
        if (duplicate) line.duplicate = duplicate;
        else delete line.duplicate;
      });
    }
    if (changed.size === 0) return;
    const counts = countLines(
      lines.map((line) => changed.get(line.index) ?? line),
      toImportJob(job).counts.imported,
    );
    await writeDecisions(job, lines, [...changed.values()], counts);
  }, DECISION_ATTEMPTS);
}

type Entities = ReturnType<typeof writeItems<'imports'>>;

/** Puts of the lines, as records of the job. */
function linePuts({ importLine }: Entities, job: ImportJobRecord, lines: readonly ImportLine[]) {
  return lines.map((line) => importLine.put(lineRecordOf(job, line)).commit());
}

/**
 * The decided lines and the job's counts, written whole. In one transaction when they fit; otherwise
 * the first transaction claims the job at the version read, the next ones are conditional on the claim
 * and the last sets the counts and releases it. A transaction that fails after the claim puts the lines
 * written back from `read` (the lines as they were) before the failure is thrown.
 */
async function writeDecisions(
  job: ImportJobRecord,
  read: readonly ImportLine[],
  writes: readonly ImportLine[],
  counts: ImportCounts,
): Promise<void> {
  const key = { ownerId: job.ownerId, id: job.id };
  const chunks: ImportLine[][] = [];
  for (let i = 0; i < writes.length; i += LINES_PER_TRANSACTION)
    chunks.push(writes.slice(i, i + LINES_PER_TRANSACTION));
  if (chunks.length === 1) {
    await commitTransaction(() =>
      transaction('imports').write((entities) => [
        entities.importJob
          .patch(key)
          .set({ counts, version: job.version + 1, updatedAt: new Date().toISOString() })
          .remove(['decidingUntil'])
          .where((attr, op) => `${op.eq(attr.status, 'review')} AND ${op.eq(attr.version, job.version)}`)
          .commit(),
        ...linePuts(entities, job, writes),
      ]),
    );
    return;
  }
  const claim = job.version + 1;
  const decidingUntil = new Date(Date.now() + CLAIM_MS).toISOString();
  let written = 0;
  try {
    for (const [at, chunk] of chunks.entries()) {
      await commitTransaction(() =>
        transaction('imports').write((entities) => {
          const { importJob } = entities;
          const now = new Date().toISOString();
          const guard =
            at === 0
              ? importJob
                  .patch(key)
                  .set({ version: claim, decidingUntil, updatedAt: now })
                  .where(
                    (attr, op) => `${op.eq(attr.status, 'review')} AND ${op.eq(attr.version, job.version)}`,
                  )
                  .commit()
              : at === chunks.length - 1
                ? importJob
                    .patch(key)
                    .set({ counts, version: claim + 1, updatedAt: now })
                    .remove(['decidingUntil'])
                    .where((attr, op) => `${op.eq(attr.status, 'review')} AND ${op.eq(attr.version, claim)}`)
                    .commit()
                : importJob
                    .check(key)
                    .where((attr, op) => `${op.eq(attr.status, 'review')} AND ${op.eq(attr.version, claim)}`)
                    .commit();
          return [guard, ...linePuts(entities, job, chunk)];
        }),
      );
      written++;
    }
  } catch (error) {
    if (written > 0) {
      // A failure other than a refused condition may have been applied: its lines are put back too.
      const unknown = !(error instanceof ConflictError);
      const before = new Map(read.map((line) => [line.index, line]));
      const back = chunks
        .slice(0, unknown ? written + 1 : written)
        .flat()
        .map((line) => before.get(line.index) as ImportLine);
      await takeBack(job, claim, back);
    }
    throw error;
  }
}

/**
 * Lines of a PATCH that did not get written whole, put back as they were: conditional on the job being
 * cancelled or still held by this PATCH (nobody else writes its lines then). The claim is released
 * when the job still holds it.
 */
async function takeBack(job: ImportJobRecord, claim: number, lines: readonly ImportLine[]): Promise<void> {
  const key = { ownerId: job.ownerId, id: job.id };
  for (let i = 0; i < lines.length; i += LINES_PER_TRANSACTION) {
    const slice = lines.slice(i, i + LINES_PER_TRANSACTION);
    await commitTransaction(() =>
      transaction('imports').write((entities) => [
        entities.importJob
          .check(key)
          .where((attr, op) => `${op.eq(attr.status, 'cancelled')} OR ${op.eq(attr.version, claim)}`)
          .commit(),
        ...linePuts(entities, job, slice),
      ]),
    );
  }
  try {
    await updateJob({ ...key, version: claim }, {}, ['decidingUntil']);
  } catch (error) {
    // Cancelled meanwhile: the claim goes with the job.
    if (!(error instanceof ConflictError)) throw error;
  }
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
    waitForDecisions(job);
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
