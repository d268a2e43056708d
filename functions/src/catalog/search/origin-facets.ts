import { type FacetName, type FacetValue, isOtherOrigin } from '@kork/shared';
import { originDepth } from './facets';

/** The origin id above a region or sub-region id: `frankrike.burgund.ovrige` → `frankrike.burgund`. */
function parentId(id: string): string {
  return id.slice(0, id.lastIndexOf('.'));
}

/**
 * The region and sub-region lists as a filter panel reads them (docs/decisions.md, "Øvrige in the
 * origin facets"). Vinmonopolet files wines of no named region under "Øvrige" (other) in every country
 * and region, so the plain lists would hold dozens of "Øvrige" alike:
 * - an "Øvrige" value is listed only under an origin the query chose (its country for a region, its
 *   region for a sub-region), or when it is chosen itself: one "Øvrige" per chosen origin;
 * - a value whose name another value of the list shares names its parent (`parent`), so "Øvrige" under
 *   Burgund and under Bordeaux, or "Fins Bois" under two cognac classes, read apart.
 * Counts are untouched; the other facets pass through.
 */
export function tidyOriginFacets(
  facets: Record<FacetName, FacetValue[]>,
  origins: readonly string[] | undefined,
  originName: (id: string) => string | undefined,
): Record<FacetName, FacetValue[]> {
  const chosen = new Set(origins ?? []);
  const tidy = (values: FacetValue[]): FacetValue[] => {
    const kept = values.filter(
      (value) => !isOtherOrigin(value.name) || chosen.has(value.id) || chosen.has(parentId(value.id)),
    );
    const seen = new Map<string, number>();
    for (const value of kept) seen.set(value.name, (seen.get(value.name) ?? 0) + 1);
    return kept.map((value) => {
      if ((seen.get(value.name) ?? 0) < 2 || originDepth(value.id) < 2) return value;
      const parent = originName(parentId(value.id));
      return parent ? { ...value, parent } : value;
    });
  };
  return { ...facets, regions: tidy(facets.regions), subRegions: tidy(facets.subRegions) };
}
