import {
  FACETS,
  type FacetName,
  type FacetValue,
  facetId,
  originId,
  supplierIdOf,
  type WineFacets,
} from '@kork/shared';
import { bottleSizeId, compareFacetValues, FACET_LIMIT, originDepth, vintageId } from './facets';
import { asWords, type ReadQuery, readQuery } from './query-text';
import { compareIds, compareNames } from './sort-order';
import {
  EXACT,
  fieldTerms,
  matchTier,
  NO_MATCH,
  namingFields,
  PREFIX,
  searchableText,
  textTokens,
} from './text-match';
import type { IndexQuery, IndexResult, SearchDoc } from './types';

/**
 * The reference for `CatalogIndex.search`: the same answers from plain arrays and loops, with none of
 * the index's structures. Tests compare the two.
 */

interface Value {
  id: string;
  name: string;
}

interface Wine {
  values: Record<FacetName, Value[]>;
  terms: string[];
  /** The terms of its name and producer. */
  named: Set<string>;
}

/** What a wine is found and counted by; docs are values, so it is kept per doc object. */
const wines = new WeakMap<SearchDoc, Wine>();
function derive(doc: SearchDoc): Wine {
  let wine = wines.get(doc);
  if (wine === undefined) {
    const fields = searchableText(doc);
    const naming = namingFields(doc);
    wine = {
      values: facetValues(doc),
      terms: fields.flatMap(fieldTerms),
      named: new Set(fields.slice(0, naming).flatMap(fieldTerms)),
    };
    wines.set(doc, wine);
  }
  return wine;
}

/** A wine's values per facet, each id once. */
function facetValues(doc: SearchDoc): Record<FacetName, Value[]> {
  const values = Object.fromEntries(FACETS.map((facet) => [facet, [] as Value[]])) as unknown as Record<
    FacetName,
    Value[]
  >;
  const add = (facet: FacetName, id: string, name: string) => {
    if (!values[facet].some((value) => value.id === id)) values[facet].push({ id, name });
  };
  add('categories', doc.mainCategoryId, doc.mainCategoryId);
  if (doc.country) {
    add('countries', originId(doc.country), doc.country);
    if (doc.region) {
      add('regions', originId(doc.country, doc.region), doc.region);
      if (doc.subRegion) add('subRegions', originId(doc.country, doc.region, doc.subRegion), doc.subRegion);
    }
  }
  for (const grape of doc.grapes) if (grape) add('grapes', facetId(grape), grape);
  for (const food of doc.food) if (food) add('food', facetId(food), food);
  if (doc.producer) add('manufacturers', facetId(doc.producer), doc.producer);
  add('bottleSizes', bottleSizeId(doc.bottleSize), bottleSizeId(doc.bottleSize));
  if (doc.storeCategory) add('stores', facetId(doc.storeCategory), doc.storeCategory);
  add('vintages', vintageId(doc.vintage), vintageId(doc.vintage));
  for (const id of doc.expertIds) if (id) add('experts', id, id);
  const wholesaler = doc.wholesaler?.trim();
  if (wholesaler) add('nbsSuppliers', supplierIdOf(wholesaler), wholesaler);
  return values;
}

/** The facets a filter group covers, and the ids the query selected in it. */
function groups(query: IndexQuery): { facets: FacetName[]; ids: string[] }[] {
  const list: { facets: FacetName[]; ids: string[] }[] = [];
  const add = (facets: FacetName[], ids: string[] | undefined) => {
    if (ids && ids.length > 0) list.push({ facets, ids });
  };
  add(['categories'], query.categories);
  add(['countries', 'regions', 'subRegions'], query.origins);
  add(['grapes'], query.grapes);
  add(['food'], query.food);
  add(['manufacturers'], query.manufacturers);
  add(['bottleSizes'], query.bottleSizes);
  add(['stores'], query.stores);
  add(['vintages'], query.vintages);
  add(['experts'], query.ratedById);
  add(['nbsSuppliers'], query.nbsSuppliers);
  return list;
}

function sortValue(doc: SearchDoc, column: IndexQuery['sortColumn']): number | string | null {
  const value =
    column === 'rating'
      ? doc.rating
      : column === 'price'
        ? doc.priceMinor
        : column === 'name'
          ? doc.name
          : column === 'vintage'
            ? doc.vintage
            : Date.parse(doc.createdAt);
  if (value === undefined || value === null || (typeof value === 'number' && Number.isNaN(value)))
    return null;
  return value;
}

/**
 * How well a wine matches the query's words: how many of them it matches only through a typo, and how
 * many only as a prefix (each word at its best term); undefined when a word does not match.
 */
/** (typos, prefixes, words found outside the name) of a wine's best match per token. */
function matchQuality(tokens: readonly string[], wine: Wine): [number, number, number] | undefined {
  let typos = 0;
  let prefixes = 0;
  let outside = 0;
  for (const token of tokens) {
    // Tier first, then in the name before outside it.
    let best = Number.POSITIVE_INFINITY;
    for (const term of wine.terms) {
      const tier = matchTier(token, term);
      if (tier === NO_MATCH) continue;
      const key = tier * 2 + (wine.named.has(term) ? 0 : 1);
      if (key < best) best = key;
    }
    if (best === Number.POSITIVE_INFINITY) return undefined;
    const tier = Math.floor(best / 2);
    if (tier === PREFIX) prefixes++;
    else if (tier !== EXACT) typos++;
    outside += best % 2;
  }
  return [typos, prefixes, outside];
}

export function bruteForce(docs: readonly SearchDoc[], query: IndexQuery): IndexResult {
  if (!query.text) return bruteForceRead(docs, query, { tokens: [] });
  // A year read as the vintage that leaves nothing is read again as a word (query-text.ts).
  const words = textTokens(query.text);
  const read = readQuery(words, (year) => docs.some((doc) => vintageId(doc.vintage) === year));
  const found = bruteForceRead(docs, query, read);
  return read.vintage !== undefined && found.count === 0
    ? bruteForceRead(docs, query, asWords(words))
    : found;
}

function bruteForceRead(docs: readonly SearchDoc[], query: IndexQuery, read: ReadQuery): IndexResult {
  const derived = docs.map(derive);
  const values = derived.map((wine) => wine.values);

  // The first spelling of each facet value in the catalogue names it.
  const names = Object.fromEntries(
    FACETS.map((facet) => [facet, new Map<string, string>()]),
  ) as unknown as Record<FacetName, Map<string, string>>;
  for (const wine of values) {
    for (const facet of FACETS) {
      for (const value of wine[facet])
        if (!names[facet].has(value.id)) names[facet].set(value.id, value.name);
    }
  }

  // Each distinct word once: repeating a word changes neither the matches nor their order.
  const tokens = read.tokens;
  // With text and the default sort (rating, descending), the best matches first, then by rating.
  const ranked = tokens.length > 0 && query.sortColumn === 'rating' && query.sortDirection === 'desc';
  const quality = new Map<SearchDoc, [number, number, number]>();
  const filterGroups = groups(query);
  const counts = Object.fromEntries(
    FACETS.map((facet) => [facet, new Map<string, number>()]),
  ) as unknown as Record<FacetName, Map<string, number>>;
  const count = (wine: Record<FacetName, Value[]>, facets: readonly FacetName[]) => {
    for (const facet of facets) {
      for (const value of wine[facet]) counts[facet].set(value.id, (counts[facet].get(value.id) ?? 0) + 1);
    }
  };

  const matches: SearchDoc[] = [];
  docs.forEach((doc, i) => {
    const wine = values[i] as Record<FacetName, Value[]>;
    if (query.onlyIds && !query.onlyIds.has(doc.id)) return;
    if (tokens.length > 0) {
      const found = matchQuality(tokens, derived[i] as Wine);
      if (found === undefined) return;
      quality.set(doc, found);
    }
    if (read.vintage !== undefined && vintageId(doc.vintage) !== read.vintage) return;
    if (query.isAvailable === true && !doc.isAvailable) return;
    if (query.isHorecaAvailable === true && !doc.isHorecaAvailable) return;
    if (query.isRatedByExpert === true && !(doc.expertCount > 0)) return;
    if (query.minPriceMinor !== undefined || query.maxPriceMinor !== undefined) {
      if (doc.priceMinor === undefined) return;
      if (query.minPriceMinor !== undefined && doc.priceMinor < query.minPriceMinor) return;
      if (query.maxPriceMinor !== undefined && doc.priceMinor > query.maxPriceMinor) return;
    }
    const failed = filterGroups.filter(
      (group) => !group.facets.some((facet) => wine[facet].some((value) => group.ids.includes(value.id))),
    );
    if (failed.length === 0) {
      matches.push(doc);
      count(wine, FACETS);
    } else if (failed.length === 1) {
      count(wine, (failed[0] as { facets: FacetName[] }).facets);
    }
  });

  const direction = query.sortDirection === 'desc' ? -1 : 1;
  matches.sort((a, b) => {
    if (ranked) {
      const [typosA, prefixesA, outsideA] = quality.get(a) as [number, number, number];
      const [typosB, prefixesB, outsideB] = quality.get(b) as [number, number, number];
      if (typosA !== typosB) return typosA - typosB;
      if (prefixesA !== prefixesB) return prefixesA - prefixesB;
      if (outsideA !== outsideB) return outsideA - outsideB;
    }
    const x = sortValue(a, query.sortColumn);
    const y = sortValue(b, query.sortColumn);
    if ((x === null) !== (y === null)) return x === null ? 1 : -1;
    let order = 0;
    if (x !== null && y !== null) {
      order =
        typeof x === 'string' && typeof y === 'string'
          ? compareNames(x, y)
          : (x as number) < (y as number)
            ? -1
            : (x as number) > (y as number)
              ? 1
              : 0;
    }
    return direction * (order || compareIds(a.id, b.id));
  });
  const start = Math.max(0, Math.floor(query.offset));
  const rows = matches.slice(start, start + Math.max(0, Math.floor(query.limit)));

  const facets = Object.fromEntries(
    FACETS.map((facet) => [facet, [] as FacetValue[]]),
  ) as unknown as WineFacets;
  if (query.facets === true) {
    const origins = query.origins ?? [];
    const selected: Record<FacetName, string[]> = {
      categories: query.categories ?? [],
      countries: origins.filter((id) => originDepth(id) === 1),
      regions: origins.filter((id) => originDepth(id) === 2),
      subRegions: origins.filter((id) => originDepth(id) >= 3),
      grapes: query.grapes ?? [],
      food: query.food ?? [],
      manufacturers: query.manufacturers ?? [],
      bottleSizes: query.bottleSizes ?? [],
      stores: query.stores ?? [],
      vintages: query.vintages ?? [],
      experts: query.ratedById ?? [],
      nbsSuppliers: query.nbsSuppliers ?? [],
    };
    for (const facet of FACETS) {
      const value = (id: string): FacetValue => ({
        id,
        name: names[facet].get(id) ?? id,
        count: counts[facet].get(id) ?? 0,
      });
      const list = [...counts[facet].keys()].map(value).sort(compareFacetValues).slice(0, FACET_LIMIT);
      for (const id of selected[facet]) if (!list.some((v) => v.id === id)) list.push(value(id));
      facets[facet] = list.sort(compareFacetValues);
    }
  }
  return { rows, count: matches.length, facets };
}
