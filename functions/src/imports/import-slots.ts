/**
 * The limit on a cellar's unfinished imports (IMPORT_LIMITS.openJobsMax), held by the owner's
 * `importSlots` item (entities/import-slots.ts): a new job's id joins its set in the same transaction as
 * the job is created, conditional on the set being under the limit, and leaves it when the job finishes.
 * Reading the jobs and then writing one would let imports started together all pass.
 */
import { IMPORT_LIMITS, type ImportStatus, isFinalImportStatus } from '@kork/shared';
import { type TablesOf, tables, transaction } from '../data/tables';
import { commitTransaction, isConditionFailure, TransactionCanceled } from '../data/transactions';

type JobRecord = Parameters<TablesOf<'imports'>['importJob']['create']>[0];

/**
 * Creates the job if the cellar has a slot for it: answers false (nothing written) when
 * IMPORT_LIMITS.openJobsMax jobs are unfinished. Ids of jobs that finished without leaving the set (a
 * step that ended between its two writes) or that are gone (removed by TTL) are let go first.
 */
export async function createInSlot(record: JobRecord): Promise<boolean> {
  const { ownerId } = record;
  await seedSlots(ownerId);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await commitTransaction(() =>
        transaction('imports').write(({ importJob, importSlots }) => [
          importSlots
            .upsert({ ownerId })
            .add({ openIds: [record.id] })
            .where(
              (attr, op) =>
                `${op.notExists(attr.openIds)} OR ${op.size(attr.openIds)} < ${op.escape(IMPORT_LIMITS.openJobsMax)}`,
            )
            .commit(),
          importJob.create(record).commit(),
        ]),
      );
      return true;
    } catch (error) {
      if (!(error instanceof TransactionCanceled && error.failedConditions.includes(0))) throw error;
      if (attempt > 0 || !(await letGoOfFinished(ownerId))) return false;
    }
  }
  return false;
}

/** The job's id leaves the set (after it finished); twice changes nothing. */
export async function releaseSlot(ownerId: string, id: string): Promise<void> {
  try {
    await tables('imports')
      .importSlots.patch({ ownerId })
      .delete({ openIds: [id] })
      .go();
  } catch (error) {
    // No set yet: nothing holds a slot.
    if (!isConditionFailure(error)) throw error;
  }
}

/** The ids in the set whose jobs are finished or gone, removed; true when there were any. */
async function letGoOfFinished(ownerId: string): Promise<boolean> {
  const { data } = await tables('imports').importSlots.get({ ownerId }).go({ consistent: true });
  const ids = [...((data?.openIds as string[] | undefined) ?? [])];
  if (ids.length === 0) return false;
  const { data: jobs } = await tables('imports')
    .importJob.get(ids.map((id) => ({ ownerId, id })))
    .go({ consistent: true });
  const open = new Set(
    jobs.filter((job) => !isFinalImportStatus(job.status as ImportStatus)).map((job) => job.id),
  );
  const stale = ids.filter((id) => !open.has(id));
  if (stale.length === 0) return false;
  await tables('imports').importSlots.patch({ ownerId }).delete({ openIds: stale }).go();
  return true;
}

/**
 * The first import under the slots: the set is made from the jobs unfinished now (made before the
 * slots were kept), only when there is none yet.
 */
async function seedSlots(ownerId: string): Promise<void> {
  const { data } = await tables('imports').importSlots.get({ ownerId }).go({ consistent: true });
  if (data) return;
  const { data: jobs } = await tables('imports')
    .importJob.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true, attributes: ['ownerId', 'id', 'status'] });
  const open = jobs.filter((job) => !isFinalImportStatus(job.status as ImportStatus)).map((job) => job.id);
  try {
    await tables('imports')
      .importSlots.create({ ownerId, ...(open.length > 0 ? { openIds: open } : {}) })
      .go();
  } catch (error) {
    // Another request made it first.
    if (!isConditionFailure(error)) throw error;
  }
}
