/**
 * Writes to a cellar's two trees, locations and wine list categories, that keep them trees and keep
 * wines out of what is going, whatever runs at the same moment:
 * - a child is created together with a check that its parent exists and is not being deleted;
 * - a new parent is written together with a check of every ancestor of the new parent as read (same
 *   parent, not being deleted) and of the item's own parent as read, so two crossing moves cannot both
 *   apply and no cycle can form;
 * - a write that names an item (create, rename, new parent) applies only while no other item of the
 *   tree was named since it read the tree, so no two items under one parent share a name (tree-names.ts);
 * - a deletion marks the subtree first (`deleting`), so nothing new goes into it (no wine, no child,
 *   no item moved under it), then empties it, then deletes it; a failure on the way puts back
 *   everything it did.
 */
import { ulid } from 'ulid';
import { tables, transaction } from '../../data/tables';
import {
  backoffMs,
  commitTransaction,
  isConditionFailure,
  retryOnConflict,
  TransactionCanceled,
} from '../../data/transactions';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { bumpCellarVersion } from '../kernel/cellar-version';
import { subtreeOf } from '../kernel/locations';
import { takeBack } from '../kernel/take-back';
import type { WineChange } from '../kernel/wine-transaction';
import type { WriteProgress } from '../kernel/wine-writes';
import { namesStampOf, namesStampWrite, type TreeKind, type TreeRecord } from './tree-names';

export type { TreeKind, TreeRecord } from './tree-names';

// biome-ignore lint/suspicious/noExplicitAny: the two entities share these attributes; their types differ.
type AnyEntity = any;

function entityOf(kind: TreeKind): AnyEntity {
  return kind === 'location' ? tables('cellar').cellarLocation : tables('cellar').wineListCategory;
}

function transactionEntityOf(kind: TreeKind, entities: Record<string, unknown>): AnyEntity {
  return kind === 'location' ? entities.cellarLocation : entities.wineListCategory;
}

function unknownParent(kind: TreeKind) {
  return new ValidationError({ parentId: kind === 'location' ? 'unknownLocation' : 'unknownCategory' });
}

/** Every item of the tree, strongly consistent: what a write decides on. */
export async function treeOf(kind: TreeKind, ownerId: string): Promise<TreeRecord[]> {
  const { data } = await entityOf(kind).query.byOwnerKey({ ownerId }).go({ pages: 'all', consistent: true });
  return data as TreeRecord[];
}

/**
 * The tree with its names stamp, read first (tree-names.ts): a write that names an item decides on
 * these records and applies only while the stamp is unchanged.
 */
export async function namedTreeOf(
  kind: TreeKind,
  ownerId: string,
): Promise<{ records: TreeRecord[]; stamp: string | undefined }> {
  const stamp = await namesStampOf(kind, ownerId);
  return { records: await treeOf(kind, ownerId), stamp };
}

/** The item and its ancestors, nearest first (a damaged tree cannot loop it). */
function chainOf(records: readonly TreeRecord[], id: string): TreeRecord[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  const chain: TreeRecord[] = [];
  let current = byId.get(id);
  while (current && !chain.includes(current)) {
    chain.push(current);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return chain;
}

/** Checks a new parent as read: it exists, is not being deleted, and is not inside the item itself. */
export function assertNewParent(
  kind: TreeKind,
  records: readonly TreeRecord[],
  parentId: string | null | undefined,
  self?: string,
): void {
  if (!parentId) return;
  const parent = records.find((record) => record.id === parentId);
  if (!parent || parent.deleting) throw unknownParent(kind);
  if (self && chainOf(records, parentId).some((record) => record.id === self))
    throw new ValidationError({ parentId: kind === 'location' ? 'locationCycle' : 'invalidValue' });
}

/**
 * Creates an item, only while the tree's names stamp is still `stamp` (no other item was named since
 * the tree was read: a failed stamp is a ConflictError, for the caller to read again); under a parent,
 * only while the parent exists and is not being deleted (400 otherwise).
 */
export async function createInTree(
  kind: TreeKind,
  record: TreeRecord,
  stamp: string | undefined,
): Promise<void> {
  const parentCheck = 1;
  try {
    await commitTransaction(() =>
      transaction('cellar').write((entities) => {
        const entity = transactionEntityOf(kind, entities);
        return [
          entity.create(record).commit(),
          ...(record.parentId
            ? [
                entity
                  .check({ ownerId: record.ownerId, id: record.parentId })
                  .where(
                    (attr: AnyEntity, op: AnyEntity) =>
                      `${op.exists(attr.id)} AND ${op.notExists(attr.deleting)}`,
                  )
                  .commit(),
              ]
            : []),
          namesStampWrite(entities, kind, record.ownerId, stamp),
        ];
      }),
    );
  } catch (error) {
    if (
      record.parentId &&
      error instanceof TransactionCanceled &&
      error.failedConditions.includes(parentCheck)
    )
      throw unknownParent(kind);
    throw error;
  }
}

/**
 * Writes `changes` (and a new parent) to an item as read: it must still have the parent it had and not
 * be being deleted; with a new parent, every ancestor of that parent must still be where it was read;
 * with `names`, the tree's names stamp must still be the one read (tree-names.ts). A failed condition
 * is a ConflictError: the caller reads again and decides again.
 */
export async function updateInTree(
  kind: TreeKind,
  records: readonly TreeRecord[],
  self: TreeRecord,
  changes: Record<string, unknown>,
  names?: { stamp: string | undefined },
): Promise<void> {
  const newParentId = changes.parentId as string | undefined;
  const ancestors = newParentId ? chainOf(records, newParentId) : [];
  await commitTransaction(() =>
    transaction('cellar').write((entities) => {
      const entity = transactionEntityOf(kind, entities);
      return [
        entity
          .patch({ ownerId: self.ownerId, id: self.id })
          .set(changes)
          .where(
            (attr: AnyEntity, op: AnyEntity) =>
              `${op.eq(attr.parentId, self.parentId)} AND ${op.notExists(attr.deleting)}`,
          )
          .commit(),
        ...ancestors.map((ancestor) =>
          entity
            .check({ ownerId: ancestor.ownerId, id: ancestor.id })
            .where(
              (attr: AnyEntity, op: AnyEntity) =>
                `${op.eq(attr.parentId, ancestor.parentId)} AND ${op.notExists(attr.deleting)}`,
            )
            .commit(),
        ),
        // A new name or parent: only while no other item was named since the tree was read.
        ...(names ? [namesStampWrite(entities, kind, self.ownerId, names.stamp)] : []),
      ];
    }),
  );
}

/** Transactions of at most this many items when marking, unmarking or deleting a subtree. */
const TREE_ITEMS_PER_TRANSACTION = 100;
const MARK_ROUNDS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * Marks the item and everything under it as being deleted with `mark`. Items created or moved under a
 * marked item are refused from then on; one made under a not yet marked one in the meantime is found
 * by the next round. Each mark is conditional on the item's parent as read.
 */
async function markSubtree(
  kind: TreeKind,
  ownerId: string,
  rootId: string,
  mark: string,
): Promise<TreeRecord[]> {
  for (let round = 0; ; round++) {
    const records = await treeOf(kind, ownerId);
    const root = records.find((record) => record.id === rootId);
    if (!root) throw new NotFoundError();
    const inside = subtreeOf(records, rootId);
    const todo = records.filter((record) => inside.has(record.id) && record.deleting !== mark);
    if (todo.length === 0) return records.filter((record) => inside.has(record.id));
    // Another deletion is on its way through this subtree: one of the two answers 409.
    if (todo.some((record) => record.deleting)) throw new ConflictError();
    try {
      for (const slice of chunks(todo, TREE_ITEMS_PER_TRANSACTION)) {
        await commitTransaction(() =>
          transaction('cellar').write((entities) =>
            slice.map((record) =>
              transactionEntityOf(kind, entities)
                .patch({ ownerId, id: record.id })
                .set({ deleting: mark })
                .where(
                  (attr: AnyEntity, op: AnyEntity) =>
                    `${op.eq(attr.parentId, record.parentId)} AND ${op.notExists(attr.deleting)}`,
                )
                .commit(),
            ),
          ),
        );
      }
    } catch (error) {
      // An item moved or marked since it was read: read again.
      if (!(error instanceof TransactionCanceled) || round + 1 >= MARK_ROUNDS) throw error;
      await sleep(backoffMs(round));
    }
  }
}

/** Takes the mark off again (a deletion that failed): the items are as they were. */
async function unmark(kind: TreeKind, ownerId: string, records: readonly TreeRecord[], mark: string) {
  for (const record of records) {
    try {
      await entityOf(kind)
        .patch({ ownerId, id: record.id })
        .remove(['deleting'])
        .where((attr: AnyEntity, op: AnyEntity) => op.eq(attr.deleting, mark))
        .go();
    } catch (error) {
      // Gone or not ours: nothing to take off.
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/** The items' own write (and, for a shared location, its link) in a transaction. */
function deletionItems(kind: TreeKind, entities: Record<string, unknown>, record: TreeRecord, mark: string) {
  const items = [
    transactionEntityOf(kind, entities)
      .delete({ ownerId: record.ownerId, id: record.id })
      .where((attr: AnyEntity, op: AnyEntity) => op.eq(attr.deleting, mark))
      .commit(),
  ];
  if (kind === 'location' && record.shareToken)
    items.push((entities.locationShare as AnyEntity).delete({ token: record.shareToken }).commit());
  return items;
}

/** Puts deleted items back (unmarked), with their share links. */
async function recreate(kind: TreeKind, records: readonly TreeRecord[]): Promise<void> {
  for (const record of records) {
    const { deleting: _mark, ...item } = record;
    await commitTransaction(() =>
      transaction('cellar').write((entities) => [
        transactionEntityOf(kind, entities).create(item).commit(),
        ...(kind === 'location' && record.shareToken
          ? [
              (entities.locationShare as AnyEntity)
                .create({
                  token: record.shareToken,
                  ownerId: record.ownerId,
                  locationId: record.id,
                  createdAt: record.createdAt,
                })
                .commit(),
            ]
          : []),
      ]),
    );
  }
}

/**
 * Deletes an item and everything under it: marks the subtree, lets `empty` take every wine out of it
 * (recording what it wrote in `progress`), then deletes the items. When any step fails, what was done
 * is put back (items re-created, marks taken off, the wines' changes taken back) and the error thrown.
 * What is put back is read from the table, not from what the steps reported: a step whose answer was
 * lost after it was applied is put back too.
 */
export async function deleteSubtree(
  kind: TreeKind,
  ownerId: string,
  rootId: string,
  empty: (
    doomed: ReadonlySet<string>,
    progress: WriteProgress & { uncertain: WineChange[] },
  ) => Promise<void>,
): Promise<void> {
  const mark = `${new Date().toISOString()} ${ulid()}`;
  let doomed: TreeRecord[] = [];
  const progress = {
    written: [] as WineChange[],
    pending: [] as WineChange[],
    uncertain: [] as WineChange[],
  };
  try {
    const marked = await markSubtree(kind, ownerId, rootId, mark);
    await empty(new Set(marked.map((record) => record.id)), progress);
    // Read again: a location shared before it was marked has its link on the record now.
    doomed = (await treeOf(kind, ownerId)).filter((record) => record.deleting === mark);
    const perItem = kind === 'location' ? 2 : 1;
    for (const slice of chunks(doomed, Math.floor(TREE_ITEMS_PER_TRANSACTION / perItem))) {
      await commitTransaction(() =>
        transaction('cellar').write((entities) =>
          slice.flatMap((record) => deletionItems(kind, entities, record, mark)),
        ),
      );
    }
  } catch (error) {
    try {
      const now = await treeOf(kind, ownerId);
      const present = new Set(now.map((record) => record.id));
      const gone = doomed.filter((record) => !present.has(record.id));
      await recreate(kind, gone);
      await unmark(
        kind,
        ownerId,
        now.filter((record) => record.deleting === mark),
        mark,
      );
      await takeBack(progress.written, [...progress.uncertain, ...progress.pending]);
      if (gone.length > 0) await bumpCellarVersion(ownerId);
    } catch (undoError) {
      logger.error('A failed deletion could not be put back', { kind, ownerId, rootId, error: undoError });
    }
    throw error;
  }
}

/**
 * Runs `write` (read the wines, decide, write through writeEach) until it applies: a wine changed since
 * it was read is read again. A transaction that failed that way is kept in `uncertain` for taking back.
 */
export async function emptyWithRetries(
  progress: WriteProgress & { uncertain: WineChange[] },
  write: () => Promise<void>,
): Promise<void> {
  await retryOnConflict(async () => {
    try {
      await write();
    } catch (error) {
      progress.uncertain.push(...progress.pending);
      progress.pending = [];
      throw error;
    }
  });
}
