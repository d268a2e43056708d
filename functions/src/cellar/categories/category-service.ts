/** Wine list categories and subcategories (SPEC §3): name, parent, visibility, order. */
import {
  type CategoryInput,
  type CategoryOrderInput,
  type CategoryUpdate,
  treeNameKey,
  type WineListCategory,
} from '@kork/shared';
import { ulid } from 'ulid';
import { actorOf } from '../../accounts/account-lookup';
import { type EntityRecord, tables, transaction } from '../../data/tables';
import { commitTransaction, retryOnConflict } from '../../data/transactions';
import type { Principal } from '../../platform/auth';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { assertNameFree } from '../trees/tree-names';
import {
  assertNewParent,
  createInTree,
  deleteSubtree,
  namedTreeOf,
  type TreeRecord,
  treeOf,
  updateInTree,
} from '../trees/tree-writes';
import { clearCategory } from '../wines/cellar-wine-moves';

/** Rounds a named write is decided again in when other named writes of the cellar come first. */
const NAMED_WRITE_ATTEMPTS = 20;

type CategoryRecord = EntityRecord<'wineListCategory'>;

function toCategory(record: CategoryRecord): WineListCategory {
  return {
    id: record.id,
    name: record.name,
    parentId: record.parentId || null,
    isVisible: record.isVisible,
    order: record.order,
  };
}

async function categoriesOf(ownerId: string): Promise<CategoryRecord[]> {
  const { data } = await tables('cellar').wineListCategory.query.byOwnerKey({ ownerId }).go({ pages: 'all' });
  return data.sort(
    (a, b) =>
      (a.parentId || '').localeCompare(b.parentId || '') || a.order - b.order || a.id.localeCompare(b.id),
  );
}

/**
 * The categories a wine can be put in now, for a write to decide on: strongly consistent, without
 * those being deleted.
 */
export async function categoryIdsOf(ownerId: string): Promise<Set<string>> {
  const categories = await treeOf('category', ownerId);
  return new Set(categories.filter((category) => !category.deleting).map((category) => category.id));
}

export async function listCategories(ownerId: string): Promise<{ rows: WineListCategory[]; count: number }> {
  const rows = (await categoriesOf(ownerId)).map(toCategory);
  return { rows, count: rows.length };
}

/** Another request changed what this one sets since it was read: it is not written over it (409). */
const STALE = Symbol('stale');

/** Creates a category; its name must be free under its parent (409 otherwise), as for locations. */
export async function createCategory(ownerId: string, input: CategoryInput): Promise<WineListCategory> {
  const record = await retryOnConflict(async () => {
    const { records: categories, stamp } = await namedTreeOf('category', ownerId);
    assertNewParent('category', categories, input.parentId);
    assertNameFree('category', categories, input.name, input.parentId);
    const siblings = categories.filter(
      (category) => (category.parentId || null) === (input.parentId ?? null),
    );
    const record = {
      ownerId,
      id: ulid(),
      name: input.name,
      parentId: input.parentId ?? '',
      isVisible: input.isVisible ?? true,
      order: siblings.reduce((max, category) => Math.max(max, category.order + 1), 0),
      createdAt: new Date().toISOString(),
    };
    // Under a parent only while the parent is there and not being deleted.
    await createInTree('category', record, stamp);
    return record;
  }, NAMED_WRITE_ATTEMPTS);
  return toCategory(record as CategoryRecord);
}

/**
 * Renames, shows or hides, or moves a category. A new parent is written with every ancestor of it as
 * read, so two crossing moves cannot both apply: the second reads again and answers 400. The name must
 * be free under the parent it ends up under (409 otherwise).
 */
export async function updateCategory(
  ownerId: string,
  id: string,
  input: CategoryUpdate,
): Promise<WineListCategory> {
  let first: TreeRecord | undefined;
  const outcome = await retryOnConflict(async () => {
    const { records: categories, stamp } = await namedTreeOf('category', ownerId);
    const record = categories.find((category) => category.id === id);
    if (!record || record.deleting) throw new NotFoundError();
    first ??= record;
    if (input.name !== undefined && record.name !== first.name) return STALE;
    if (input.isVisible !== undefined && record.isVisible !== first.isVisible) return STALE;
    if (input.parentId !== undefined && record.parentId !== first.parentId) return STALE;
    const changes: Record<string, unknown> = {};
    if (input.name !== undefined && input.name !== record.name) changes.name = input.name;
    if (input.isVisible !== undefined && input.isVisible !== record.isVisible)
      changes.isVisible = input.isVisible;
    if (input.parentId !== undefined && (input.parentId ?? '') !== record.parentId) {
      assertNewParent('category', categories, input.parentId, id);
      changes.parentId = input.parentId ?? '';
      const siblings = categories.filter(
        (category) => (category.parentId || null) === (input.parentId ?? null),
      );
      changes.order = siblings.reduce((max, category) => Math.max(max, category.order + 1), 0);
    }
    if (Object.keys(changes).length === 0) return record;
    const name = (changes.name as string | undefined) ?? record.name;
    const parentId = (changes.parentId as string | undefined) ?? record.parentId;
    const named = treeNameKey(name) !== treeNameKey(record.name) || parentId !== record.parentId;
    if (named) assertNameFree('category', categories, name, parentId, id);
    await updateInTree('category', categories, record, changes, named ? { stamp } : undefined);
    return { ...record, ...changes } as TreeRecord;
  }, NAMED_WRITE_ATTEMPTS);
  if (outcome === STALE) throw new ConflictError();
  return toCategory(outcome as CategoryRecord);
}

/**
 * Sets the order of one level; the ids must be exactly that level's categories. Each category's new
 * order is conditional on it still being on that level, so a category moved meanwhile makes the
 * request read again (and answer 400 when the level is no longer what it names).
 */
export async function orderCategories(
  ownerId: string,
  input: CategoryOrderInput,
): Promise<{ rows: WineListCategory[]; count: number }> {
  await retryOnConflict(async () => {
    const categories = await treeOf('category', ownerId);
    const level = categories.filter((category) => (category.parentId || null) === input.parentId);
    const levelIds = new Set(level.map((category) => category.id));
    if (
      input.ids.length !== levelIds.size ||
      new Set(input.ids).size !== input.ids.length ||
      !input.ids.every((id) => levelIds.has(id))
    ) {
      throw new ValidationError({ ids: 'invalidValue' });
    }
    for (let start = 0; start < input.ids.length; start += 100) {
      const slice = input.ids.slice(start, start + 100);
      await commitTransaction(() =>
        transaction('cellar').write(({ wineListCategory }) =>
          slice.map((id, index) =>
            wineListCategory
              .patch({ ownerId, id })
              .set({ order: start + index })
              .where((attr, op) => op.eq(attr.parentId, input.parentId ?? ''))
              .commit(),
          ),
        ),
      );
    }
  });
  return listCategories(ownerId);
}

/**
 * Deletes a category with its subcategories; the wines in them lose the category (with history). The
 * categories are marked first, so no wine can be put in them while they go; should any step fail,
 * the wines get the category back and the categories stay.
 */
export async function deleteCategory(ownerId: string, id: string, principal: Principal): Promise<void> {
  const actor = await actorOf(principal);
  await deleteSubtree('category', ownerId, id, (doomed, progress) =>
    clearCategory(ownerId, doomed, actor, progress),
  );
}
