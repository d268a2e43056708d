/**
 * Locations and wine list categories are flat lists whose `parentId` makes a tree. Selects show them
 * in tree order with sub-items indented; the depth travels with each option so the option renderer
 * can indent it while the label stays the plain name (what the select filters on and reads out).
 */

export interface TreeItem {
  id: string;
  name: string;
  parentId: string | null;
  order?: number;
}

export interface TreeOption {
  value: string;
  label: string;
  depth: number;
}

export function treeOptions(items: readonly TreeItem[]): TreeOption[] {
  const children = new Map<string | null, TreeItem[]>();
  const ids = new Set(items.map((item) => item.id));
  for (const item of items) {
    // An item whose parent is gone is shown at the top rather than lost.
    const parent = item.parentId && ids.has(item.parentId) ? item.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  const options: TreeOption[] = [];
  const visit = (parent: string | null, depth: number, seen: Set<string>) => {
    const level = [...(children.get(parent) ?? [])].sort(
      (a, b) => (a.order ?? 0) - (b.order ?? 0) || a.name.localeCompare(b.name),
    );
    for (const item of level) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      options.push({ value: item.id, label: item.name, depth });
      visit(item.id, depth + 1, seen);
    }
  };
  visit(null, 0, new Set());
  return options;
}
