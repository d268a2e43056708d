import type { CellarLocation } from '@kork/shared';

/**
 * The API sends locations flat; `parentId` makes the tree. These helpers are pure so the panel, the
 * move dialog and their tests agree on one tree order: siblings by `order`, then by name.
 */

export interface LocationNode {
  location: CellarLocation;
  children: LocationNode[];
  depth: number;
  /** Bottles in this location and in all of its sub-locations. */
  totalBottles: number;
}

function bySiblingOrder(a: CellarLocation, b: CellarLocation): number {
  return a.order - b.order || a.name.localeCompare(b.name);
}

export function buildLocationTree(locations: readonly CellarLocation[]): LocationNode[] {
  const ids = new Set(locations.map((location) => location.id));
  const children = new Map<string | null, CellarLocation[]>();
  for (const location of locations) {
    // A location whose parent is gone is shown at the top rather than lost.
    const parent = location.parentId && ids.has(location.parentId) ? location.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), location]);
  }
  // Guards against a cycle in bad data, which would otherwise recurse forever.
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number): LocationNode[] =>
    [...(children.get(parent) ?? [])].sort(bySiblingOrder).flatMap((location) => {
      if (seen.has(location.id)) return [];
      seen.add(location.id);
      const nested = visit(location.id, depth + 1);
      const totalBottles = nested.reduce((sum, child) => sum + child.totalBottles, location.bottles);
      return [{ location, children: nested, depth, totalBottles }];
    });
  return visit(null, 0);
}

/** The tree in reading order, each node once: what a select lists with sub-locations indented. */
export function flattenTree(nodes: readonly LocationNode[]): LocationNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** What a path needs of a location (a wine list category has the same shape). */
type PathItem = Pick<CellarLocation, 'id' | 'name' | 'parentId'>;

/** The names from the top location down to this one ("Rack A", "Shelf 2"); empty for an unknown id. */
export function locationPath(locations: readonly PathItem[], id: string): string[] {
  const byId = new Map(locations.map((location) => [location.id, location]));
  const path: string[] = [];
  let current = byId.get(id);
  while (current && path.length <= locations.length) {
    path.unshift(current.name);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return path;
}

/** The location and every location below it: what a delete takes with it. */
export function subtreeIds(locations: readonly CellarLocation[], id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const location of locations) {
      if (location.parentId && ids.has(location.parentId) && !ids.has(location.id)) {
        ids.add(location.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** How paths are written on screen: "Cellar › Rack A › Shelf 2". */
export const PATH_SEPARATOR = ' › ';
