/** Wine list categories and subcategories (SPEC §3): name, parent, visibility, order. */
import type { CategoryInput, CategoryOrderInput, CategoryUpdate, WineListCategory } from '@kork/shared';
import type { EntityItem } from 'electrodb';
import { ulid } from 'ulid';
import { db } from '../data/entities';
import type { Principal } from '../platform/auth';
import { NotFoundError, ValidationError } from '../platform/errors';
import { clearCategory } from './cellar-wine-service';
import { actorOf } from './cellar-wine-store';
import { subtreeOf } from './location-store';

type CategoryRecord = EntityItem<ReturnType<typeof db>['entities']['wineListCategory']>;

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
  const { data } = await db().entities.wineListCategory.query.byOwnerKey({ ownerId }).go({ pages: 'all' });
  return data.sort(
    (a, b) =>
      (a.parentId || '').localeCompare(b.parentId || '') || a.order - b.order || a.id.localeCompare(b.id),
  );
}

export async function categoryIdsOf(ownerId: string): Promise<Set<string>> {
  return new Set((await categoriesOf(ownerId)).map((category) => category.id));
}

export async function listCategories(ownerId: string): Promise<{ rows: WineListCategory[]; count: number }> {
  const rows = (await categoriesOf(ownerId)).map(toCategory);
  return { rows, count: rows.length };
}

function assertParent(
  categories: readonly CategoryRecord[],
  parentId: string | null | undefined,
  self?: string,
) {
  if (!parentId) return;
  const parent = categories.find((category) => category.id === parentId);
  if (!parent) throw new ValidationError({ parentId: 'unknownCategory' });
  if (self && subtreeOf(categories, self).has(parentId))
    throw new ValidationError({ parentId: 'invalidValue' });
}

export async function createCategory(ownerId: string, input: CategoryInput): Promise<WineListCategory> {
  const categories = await categoriesOf(ownerId);
  assertParent(categories, input.parentId);
  const siblings = categories.filter((category) => (category.parentId || null) === (input.parentId ?? null));
  const record = {
    ownerId,
    id: ulid(),
    name: input.name,
    parentId: input.parentId ?? '',
    isVisible: input.isVisible ?? true,
    order: siblings.reduce((max, category) => Math.max(max, category.order + 1), 0),
    createdAt: new Date().toISOString(),
  };
  await db().entities.wineListCategory.create(record).go();
  return toCategory(record as CategoryRecord);
}

export async function updateCategory(
  ownerId: string,
  id: string,
  input: CategoryUpdate,
): Promise<WineListCategory> {
  const categories = await categoriesOf(ownerId);
  const record = categories.find((category) => category.id === id);
  if (!record) throw new NotFoundError();
  if (input.parentId !== undefined) assertParent(categories, input.parentId, id);
  const changes: Record<string, unknown> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.isVisible !== undefined) changes.isVisible = input.isVisible;
  if (input.parentId !== undefined && (input.parentId ?? '') !== record.parentId) {
    changes.parentId = input.parentId ?? '';
    const siblings = categories.filter(
      (category) => (category.parentId || null) === (input.parentId ?? null),
    );
    changes.order = siblings.reduce((max, category) => Math.max(max, category.order + 1), 0);
  }
  if (Object.keys(changes).length === 0) return toCategory(record);
  const { data } = await db()
    .entities.wineListCategory.patch({ ownerId, id })
    .set(changes as never)
    .go({ response: 'all_new' });
  return toCategory({ ...record, ...data } as CategoryRecord);
}

/** Sets the order of one level in one transaction; the ids must be exactly that level's categories. */
export async function orderCategories(
  ownerId: string,
  input: CategoryOrderInput,
): Promise<{ rows: WineListCategory[]; count: number }> {
  const categories = await categoriesOf(ownerId);
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
    await db()
      .transaction.write(({ wineListCategory }) =>
        slice.map((id, index) =>
          wineListCategory
            .patch({ ownerId, id })
            .set({ order: start + index })
            .commit(),
        ),
      )
      .go();
  }
  return listCategories(ownerId);
}

/** Deletes a category with its subcategories; the wines in them lose the category (with history). */
export async function deleteCategory(ownerId: string, id: string, principal: Principal): Promise<void> {
  const categories = await categoriesOf(ownerId);
  if (!categories.some((category) => category.id === id)) throw new NotFoundError();
  const doomed = subtreeOf(categories, id);
  await clearCategory(ownerId, doomed, await actorOf(principal));
  for (const categoryId of doomed)
    await db().entities.wineListCategory.delete({ ownerId, id: categoryId }).go();
}
