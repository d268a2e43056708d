/**
 * Admin care of the catalogue: delete a wine, merge duplicates. A deleted or merged wine stays as a
 * tombstone so the search index drops it from its change feed and old links can follow a merge.
 * Cellar and wine-list entries keep their own copy of a wine's fields, so deleting never breaks them.
 */
import { isMergeConfirmation, type MergeRecord, type MergeWinesInput, mergeDifferences } from '@kork/shared';
import { ulid } from 'ulid';
import { publicNames } from '../accounts/public-profiles';
import { tables, transaction } from '../data/tables';
import { commitTransaction, retryOnConflict } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { NotFoundError, ValidationError } from '../platform/errors';
import { moveTastings } from '../tastings/tasting-service';
import { getWine, getWines, nextChangeSeq } from './catalog-store';

export async function deleteWine(id: string, _actor: Principal): Promise<void> {
  const wine = await getWine(id);
  if (!wine || wine.status === 'deleted') throw new NotFoundError();
  const now = new Date();
  await tables('catalog')
    .wine.patch({ id })
    .set({ status: 'deleted', updatedAt: now.toISOString(), changeSeq: nextChangeSeq(now) })
    .go();
}

/**
 * Moves the duplicates' tasting notes and outside numbers (so a re-import finds the survivor) onto the survivor, adds their ratings to its
 * averages and leaves each duplicate pointing at the survivor. A duplicate already merged into the
 * survivor is skipped, so merging twice changes nothing; a half-finished merge can be run again.
 */
export async function mergeWines(input: MergeWinesInput, actor: Principal): Promise<MergeRecord> {
  const duplicateIds = [...new Set(input.duplicateIds)];
  if (duplicateIds.includes(input.survivorId)) throw new ValidationError({ duplicateIds: 'invalidValue' });
  const survivor = await getWine(input.survivorId);
  if (survivor?.status !== 'active') throw new NotFoundError();
  // Same names, different wines (a rosé and a white, two producers, two vintages): only on purpose.
  const duplicates = await getWines(duplicateIds);
  const differ = duplicateIds.some((id) => {
    const duplicate = duplicates.get(id);
    return duplicate?.status === 'active' && mergeDifferences(survivor, duplicate).length > 0;
  });
  if (differ && !isMergeConfirmation(input.confirmation))
    throw new ValidationError({ confirmation: 'mergeWinesDiffer' }, { key: 'mergeWinesDiffer' });

  let movedTastings = 0;
  let movedExternalIds = 0;
  for (const duplicateId of duplicateIds) {
    movedExternalIds += await retryOnConflict(() => mergeOne(survivor.id, duplicateId));
    // After the merge no note can be written on the duplicate (it is no longer active), so every note
    // it has is moved; a merge cut short is finished by running it again.
    movedTastings += await moveTastings(duplicateId, survivor.id);
  }

  const record: MergeRecord = {
    id: ulid(),
    survivorId: survivor.id,
    duplicateIds,
    movedTastings,
    movedExternalIds,
    mergedBy: actor.userId,
    mergedAt: new Date().toISOString(),
  };
  await tables('catalog').wineMerge.create(record).go();
  const wineNames: Record<string, string> = {};
  for (const wine of [survivor, ...duplicates.values()]) wineNames[wine.id] = mergeName(wine);
  return { ...record, wineNames };
}

/**
 * Adds one duplicate's ratings and outside numbers to the survivor and marks it merged, in one
 * transaction conditional on the duplicate as read: a note written on it meanwhile changes its sums,
 * and the merge is decided again from a fresh read. Answers how many outside numbers moved.
 */
async function mergeOne(survivorId: string, duplicateId: string): Promise<number> {
  const duplicate = await getWine(duplicateId);
  if (!duplicate || duplicate.status === 'deleted') throw new NotFoundError();
  if (duplicate.status === 'merged') {
    if (duplicate.mergedInto === survivorId) return 0;
    // Merged into another wine: not a race that a fresh read would settle.
    throw new ValidationError({ duplicateIds: 'invalidValue' });
  }
  const { data: current } = await tables('catalog').wine.get({ id: survivorId }).go();
  if (current?.status !== 'active') throw new NotFoundError();
  const known = new Set((current.externalIds ?? []).map((e) => `${e.kind}:${e.value}`));
  const added = (duplicate.externalIds ?? []).filter((e) => !known.has(`${e.kind}:${e.value}`));

  const now = new Date();
  await commitTransaction(() =>
    transaction('catalog').write(({ wine }) => {
      let survivorUpdate = wine
        .patch({ id: survivorId })
        .add({
          expertCount: duplicate.expertCount,
          expertSum: duplicate.expertSum,
          communityCount: duplicate.communityCount,
          communitySum: duplicate.communitySum,
        })
        .set({
          externalIds: [...(current.externalIds ?? []), ...added],
          updatedAt: now.toISOString(),
          changeSeq: nextChangeSeq(now),
        });
      const experts = [...(duplicate.expertIds ?? [])];
      if (experts.length > 0) survivorUpdate = survivorUpdate.add({ expertIds: experts });
      return [
        survivorUpdate
          .where(
            ({ status, updatedAt }, { eq }) =>
              `${eq(status, 'active')} AND ${eq(updatedAt, current.updatedAt)}`,
          )
          .commit(),
        wine
          .patch({ id: duplicate.id })
          .set({
            status: 'merged',
            mergedInto: survivorId,
            updatedAt: now.toISOString(),
            changeSeq: nextChangeSeq(now),
          })
          .where(
            ({ status, updatedAt }, { eq }) =>
              `${eq(status, 'active')} AND ${eq(updatedAt, duplicate.updatedAt)}`,
          )
          .commit(),
      ];
    }),
  );
  return added.length;
}

/** A wine as the merge history names it: its name and vintage ("NV" without one). */
function mergeName(wine: { name: string; vintage?: number | null }): string {
  return `${wine.name} ${wine.vintage ?? 'NV'}`;
}

/** The merge history, newest first, with the wines' names (merged ones stay as tombstones) and the admins'. */
export async function listMerges(): Promise<{ rows: MergeRecord[]; count: number }> {
  const { data } = await tables('catalog').wineMerge.query.byTime({}).go({ order: 'desc', limit: 100 });
  const [wines, admins] = await Promise.all([
    getWines(data.flatMap((m) => [m.survivorId, ...m.duplicateIds])),
    publicNames(data.map((m) => m.mergedBy)),
  ]);
  const nameOf = (id: string) => {
    const wine = wines.get(id);
    return wine ? mergeName(wine) : undefined;
  };
  const rows = data.map((m) => {
    const wineNames: Record<string, string> = {};
    for (const id of [m.survivorId, ...m.duplicateIds]) {
      const name = nameOf(id);
      if (name) wineNames[id] = name;
    }
    const row: MergeRecord = { ...m, duplicateIds: [...m.duplicateIds], wineNames };
    const admin = admins.get(m.mergedBy)?.name;
    if (admin) row.mergedByName = admin;
    return row;
  });
  return { rows, count: data.length };
}
