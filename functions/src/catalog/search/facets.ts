/**
 * Facets (SPEC §3): the ids of facet values, and the lists a search answers with, most frequent first,
 * each cut at `FACET_LIMIT` with the values the query selected kept in.
 */
import { FACETS, type FacetName, type FacetValue, type WineFacets } from '@kork/shared';
import type { Dictionary } from './facet-dictionary';
import { collator, compareIds } from './sort-order';
import type { IndexQuery } from './types';

/** Facet lists hold at most this many values (plus the values the query selected). */
export const FACET_LIMIT = 200;

/** Facet value order: most frequent first, then by name ('nb' collation), then by id. */
export function compareFacetValues(a: FacetValue, b: FacetValue): number {
  return b.count - a.count || collator.compare(a.name, b.name) || compareIds(a.id, b.id);
}

/** Facet ids of origin ids (`frankrike.bordeaux`) by depth: 1 country, 2 region, 3 sub-region. */
export function originDepth(id: string): number {
  let depth = 1;
  for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) === 46) depth++;
  return depth;
}

/** A bottle size's facet id. */
export function bottleSizeId(litres: number): string {
  return String(litres);
}

/** A vintage's facet id ("NV" for a non-vintage wine). */
export function vintageId(vintage: number | null): string {
  return vintage === null ? 'NV' : String(vintage);
}

/** Per facet, how many rows have each code. */
export interface Counts {
  categories: Uint32Array;
  countries: Uint32Array;
  regions: Uint32Array;
  subRegions: Uint32Array;
  grapes: Uint32Array;
  food: Uint32Array;
  manufacturers: Uint32Array;
  bottleSizes: Uint32Array;
  stores: Uint32Array;
  vintages: Uint32Array;
  experts: Uint32Array;
  nbsSuppliers: Uint32Array;
}

/** Zero counts for every facet's codes (code 0, "no value", is counted and ignored). */
export function emptyCounts(dict: Record<FacetName, Dictionary>): Counts {
  return Object.fromEntries(
    FACETS.map((facet) => [facet, new Uint32Array(dict[facet].size)]),
  ) as unknown as Counts;
}

/** A mark per code of the origins selected, at each depth; null when none is. */
export function originSelection(
  dict: Record<FacetName, Dictionary>,
  origins: readonly string[] | undefined,
): { countries: Uint8Array; regions: Uint8Array; subRegions: Uint8Array } | null {
  if (origins === undefined || origins.length === 0) return null;
  const marks = {
    countries: new Uint8Array(dict.countries.size),
    regions: new Uint8Array(dict.regions.size),
    subRegions: new Uint8Array(dict.subRegions.size),
  };
  for (const id of origins) {
    const depth = originDepth(id);
    const facet = depth === 1 ? 'countries' : depth === 2 ? 'regions' : 'subRegions';
    const code = dict[facet].lookup(id);
    if (code !== undefined) marks[facet][code] = 1;
  }
  return marks;
}

/** The facets of an answer that asked for none. */
export function emptyFacets(): WineFacets {
  return Object.fromEntries(FACETS.map((facet) => [facet, []])) as unknown as WineFacets;
}

function facetList(
  dictionary: Dictionary,
  counts: Uint32Array,
  selected: readonly string[] | undefined,
): FacetValue[] {
  const size = dictionary.size;
  const { rank, byRank } = dictionary.order();
  let top: number[] = [];
  for (let code = 1; code < size; code++) if ((counts[code] as number) > 0) top.push(code);
  if (top.length <= FACET_LIMIT) {
    top.sort(
      (a, b) => (counts[b] as number) - (counts[a] as number) || (rank[a] as number) - (rank[b] as number),
    );
  } else {
    // One number per value, larger first: the count, then the earlier name.
    const keys = new Float64Array(top.length);
    top.forEach((code, i) => {
      keys[i] = (counts[code] as number) * size + (size - 1 - (rank[code] as number));
    });
    keys.sort();
    top = [];
    for (let i = keys.length - 1; i >= keys.length - FACET_LIMIT; i--) {
      top.push(byRank[size - 1 - ((keys[i] as number) % size)] as number);
    }
  }
  const value = (code: number): FacetValue => ({
    id: dictionary.ids[code] as string,
    name: dictionary.names[code] as string,
    count: counts[code] as number,
  });
  if (selected === undefined || selected.length === 0) return top.map(value);

  // Values the query selected join the list in order (count, then name).
  const entries = top.map((code) => ({ code, value: value(code) }));
  const listed = new Set(top);
  const unknown = new Set<string>();
  for (const id of selected) {
    const code = dictionary.lookup(id);
    if (code === undefined) {
      if (!unknown.has(id)) entries.push({ code: 0, value: { id, name: id, count: 0 } });
      unknown.add(id);
    } else if (!listed.has(code)) {
      listed.add(code);
      entries.push({ code, value: value(code) });
    }
  }
  entries.sort(
    (a, b) =>
      b.value.count - a.value.count ||
      (a.code > 0 && b.code > 0
        ? (rank[a.code] as number) - (rank[b.code] as number)
        : compareFacetValues(a.value, b.value)),
  );
  return entries.map((entry) => entry.value);
}

/** Every facet's list: the values counted, and the values the query selected. */
export function facetLists(
  dict: Record<FacetName, Dictionary>,
  counts: Counts,
  query: IndexQuery,
): WineFacets {
  const origins = query.origins ?? [];
  const selected: Record<FacetName, readonly string[] | undefined> = {
    categories: query.categories,
    countries: origins.filter((id) => originDepth(id) === 1),
    regions: origins.filter((id) => originDepth(id) === 2),
    subRegions: origins.filter((id) => originDepth(id) >= 3),
    grapes: query.grapes,
    food: query.food,
    manufacturers: query.manufacturers,
    bottleSizes: query.bottleSizes,
    stores: query.stores,
    vintages: query.vintages,
    experts: query.ratedById,
    nbsSuppliers: query.nbsSuppliers,
  };
  const facets = {} as WineFacets;
  for (const facet of FACETS) facets[facet] = facetList(dict[facet], counts[facet], selected[facet]);
  return facets;
}
