import type { WineListCategory } from '@kork/shared';

/**
 * Categories are kept flat, as the API sends them; a level is the categories sharing a parent. Only one
 * level of nesting exists (SPEC §3): subcategories have a top-level parent and no children of their own.
 */

/** The categories under `parentId` (null: the top level), in their order. */
export function levelOf(
  categories: readonly WineListCategory[],
  parentId: string | null,
): WineListCategory[] {
  return categories.filter((c) => c.parentId === parentId).sort((a, b) => a.order - b.order);
}

/** The list with one level numbered in the order of `ids`; other levels are untouched. */
export function withOrder(
  categories: readonly WineListCategory[],
  parentId: string | null,
  ids: readonly string[],
): WineListCategory[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  return categories.map((c) => {
    const order = c.parentId === parentId ? position.get(c.id) : undefined;
    return order === undefined ? c : { ...c, order };
  });
}

/** `ids` with the item at `from` moved to `to`; out-of-range moves leave it as it is. */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const moved = [...ids];
  if (from < 0 || from >= ids.length || to < 0 || to >= ids.length || from === to) return moved;
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item as string);
  return moved;
}

/** The list without a category and its subcategories (what the API deletes with it). */
export function withoutCategory(categories: readonly WineListCategory[], id: string): WineListCategory[] {
  return categories.filter((c) => c.id !== id && c.parentId !== id);
}

/** The list with a category added last at its level, as the API places it. */
export function withAdded(
  categories: readonly WineListCategory[],
  added: WineListCategory,
): WineListCategory[] {
  const level = levelOf(categories, added.parentId);
  const last = level.at(-1)?.order ?? -1;
  return [...categories, { ...added, order: Math.max(added.order, last + 1) }];
}

export function withReplaced(
  categories: readonly WineListCategory[],
  changed: WineListCategory,
): WineListCategory[] {
  return categories.map((c) => (c.id === changed.id ? changed : c));
}
