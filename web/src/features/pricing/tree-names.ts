import { treeOptions } from '../cellar/wines/tree-options';

interface Named {
  id: string;
  name: string;
  parentId: string | null;
  order?: number;
}

/**
 * Locations and wine list categories as select options in tree order, each labelled with its full path
 * ("Kjeller A / Hylle 2"), so two shelves called "2" can be told apart in a chosen list.
 */
export function pathOptions(items: readonly Named[]): { value: string; label: string }[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return treeOptions(items).map((option) => {
    const parts = [option.label];
    let parent = byId.get(option.value)?.parentId;
    for (let depth = 0; parent && depth < 10; depth++) {
      const item = byId.get(parent);
      if (!item) break;
      parts.unshift(item.name);
      parent = item.parentId;
    }
    return { value: option.value, label: parts.join(' / ') };
  });
}
