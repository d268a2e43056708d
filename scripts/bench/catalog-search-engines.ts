/**
 * The engines the catalogue search benchmark (catalog-search.ts) compares: the in-memory index, Orama
 * and MiniSearch, each built from the same catalogue and answering an IndexQuery with a page of ids,
 * the number of matches and the facet values listed.
 */

import { buildCatalogIndex } from '@kork/functions/catalog/search/catalog-index';
import {
  EXACT,
  fieldTerms,
  matchTier,
  NO_MATCH,
  namingFields,
  PREFIX,
  searchableText,
  textTokens,
} from '@kork/functions/catalog/search/text-match';
import type { IndexQuery, SearchDoc } from '@kork/functions/catalog/search/types';
import { maxEdits } from '@kork/functions/catalog/search/typos';
import { FACETS, type FacetName, facetId, foldText, originId, supplierIdOf } from '@kork/shared';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import MiniSearch from 'minisearch';

// ---------------------------------------------------------------------------------------------------
// Engines: each builds from the catalogue and answers an IndexQuery with a page of ids and a count.

export interface Engine {
  /** A page of ids, the number of matches and how many facet values the filter panel lists. */
  search(query: IndexQuery): Promise<{ ids: string[]; count: number; facetValues: number }>;
}

/** Every facet's values of a wine, as the application would keep them beside a general-purpose engine. */
function facetIdsOf(doc: SearchDoc): Record<FacetName, string[]> {
  const origin = doc.country ? [originId(doc.country)] : [];
  const region = doc.country && doc.region ? [originId(doc.country, doc.region)] : [];
  const sub =
    doc.country && doc.region && doc.subRegion ? [originId(doc.country, doc.region, doc.subRegion)] : [];
  return {
    categories: [doc.mainCategoryId],
    countries: origin,
    regions: region,
    subRegions: sub,
    grapes: [...new Set(doc.grapes.map(facetId))],
    food: [...new Set(doc.food.map(facetId))],
    manufacturers: doc.producer ? [facetId(doc.producer)] : [],
    bottleSizes: [String(doc.bottleSize)],
    stores: doc.storeCategory ? [facetId(doc.storeCategory)] : [],
    vintages: [doc.vintage === null ? 'NV' : String(doc.vintage)],
    experts: [...new Set(doc.expertIds)],
    nbsSuppliers: doc.wholesaler?.trim() ? [supplierIdOf(doc.wholesaler.trim())] : [],
  };
}

export async function buildKork(docs: SearchDoc[]): Promise<Engine & { vocabulary: number }> {
  const index = buildCatalogIndex(docs);
  return {
    vocabulary: index.vocabularySize,
    search: async (query) => {
      const result = index.search(query);
      const facetValues = Object.values(result.facets).reduce((sum, list) => sum + list.length, 0);
      return { ids: result.rows.map((row) => row.id), count: result.count, facetValues };
    },
  };
}

const ORAMA_FACETS = {
  category: 'categories',
  countryId: 'countries',
  regionId: 'regions',
  subRegionId: 'subRegions',
  grapeIds: 'grapes',
  foodIds: 'food',
  manufacturer: 'manufacturers',
  bottleSize: 'bottleSizes',
  store: 'stores',
  vintage: 'vintages',
  experts: 'experts',
} as const satisfies Record<string, FacetName>;

export async function buildOrama(docs: SearchDoc[]): Promise<Engine> {
  const db = create({
    schema: {
      name: 'string',
      producer: 'string',
      country: 'string',
      region: 'string',
      subRegion: 'string',
      grapes: 'string[]',
      category: 'enum',
      countryId: 'enum',
      regionId: 'enum',
      subRegionId: 'enum',
      origins: 'enum[]',
      grapeIds: 'enum[]',
      foodIds: 'enum[]',
      manufacturer: 'enum',
      bottleSize: 'enum',
      store: 'enum',
      vintage: 'enum',
      experts: 'enum[]',
      price: 'number',
      isAvailable: 'boolean',
      rating: 'number',
    } as const,
  });
  const rows = docs.map((doc) => {
    const ids = facetIdsOf(doc);
    return {
      id: doc.id,
      name: doc.name,
      producer: doc.producer ?? '',
      country: doc.country ?? '',
      region: doc.region ?? '',
      subRegion: doc.subRegion ?? '',
      grapes: doc.grapes,
      category: doc.mainCategoryId,
      countryId: ids.countries[0] ?? '',
      regionId: ids.regions[0] ?? '',
      subRegionId: ids.subRegions[0] ?? '',
      origins: [...ids.countries, ...ids.regions, ...ids.subRegions],
      grapeIds: ids.grapes,
      foodIds: ids.food,
      manufacturer: ids.manufacturers[0] ?? '',
      bottleSize: ids.bottleSizes[0] as string,
      store: ids.stores[0] ?? '',
      vintage: ids.vintages[0] as string,
      experts: ids.experts,
      // Orama sorts numbers only; unrated wines at 0 go last in a descending sort.
      price: doc.priceMinor ?? -1,
      isAvailable: doc.isAvailable,
      rating: doc.rating ?? 0,
    };
  });
  await insertMultiple(db, rows, 1000);
  const facets = Object.fromEntries(Object.keys(ORAMA_FACETS).map((key) => [key, {}]));
  return {
    search: async (query) => {
      const result = await oramaSearch(db, {
        term: query.text,
        properties: ['name', 'producer', 'country', 'region', 'subRegion', 'grapes'],
        tolerance: 1,
        threshold: 0,
        where: {
          category: { in: query.categories ?? [] },
          origins: { containsAny: query.origins ?? [] },
          price: { between: [query.minPriceMinor ?? 0, query.maxPriceMinor ?? Number.MAX_SAFE_INTEGER] },
          isAvailable: true,
        },
        facets,
        sortBy: { property: 'rating', order: 'DESC' },
        offset: query.offset,
        limit: query.limit,
      });
      const facetValues = Object.values(result.facets ?? {}).reduce((sum, facet) => sum + facet.count, 0);
      return { ids: result.hits.map((hit) => hit.id), count: result.count, facetValues };
    },
  };
}

export async function buildMiniSearch(docs: SearchDoc[]): Promise<Engine> {
  // The same text as the index: name and producer (`named`), then grapes, origins and style under all
  // their names (`described`), each abbreviation under its long form too (`searchableText`,
  // `fieldTerms`); a query is its words.
  const mini = new MiniSearch<SearchDoc>({
    fields: ['named', 'described'],
    extractField: (doc, field) => {
      if (field === 'id') return doc.id;
      const text = searchableText(doc);
      const naming = namingFields(doc);
      return (field === 'named' ? text.slice(0, naming) : text.slice(naming)).join('\n');
    },
    tokenize: (text, field) =>
      field === undefined ? textTokens(text) : text.split('\n').flatMap(fieldTerms),
    processTerm: (term) => foldText(term),
  });
  mini.addAll(docs);
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const facetIds = new Map(docs.map((doc) => [doc.id, facetIdsOf(doc)]));
  return {
    search: async (query) => {
      const min = query.minPriceMinor ?? Number.NEGATIVE_INFINITY;
      const max = query.maxPriceMinor ?? Number.POSITIVE_INFINITY;
      const hits = mini.search(query.text ?? '', {
        combineWith: 'AND',
        prefix: (term) => term.length >= 2,
        fuzzy: (term) => maxEdits(term.length) || false,
        filter: (hit) => {
          const doc = byId.get(hit.id) as SearchDoc;
          if (query.isAvailable === true && !doc.isAvailable) return false;
          return doc.priceMinor !== undefined && doc.priceMinor >= min && doc.priceMinor <= max;
        },
      });
      // The filter panel, as an application computes it over the engine's hits: disjunctive counts of
      // every facet, then the rating sort and the page.
      const groups: { facets: FacetName[]; ids: Set<string> }[] = [
        { facets: ['categories'], ids: new Set(query.categories ?? []) },
        { facets: ['countries', 'regions', 'subRegions'], ids: new Set(query.origins ?? []) },
      ].filter((group) => group.ids.size > 0) as { facets: FacetName[]; ids: Set<string> }[];
      const counts = Object.fromEntries(FACETS.map((facet) => [facet, new Map<string, number>()])) as Record<
        FacetName,
        Map<string, number>
      >;
      const count = (values: Record<FacetName, string[]>, facets: readonly FacetName[]) => {
        for (const facet of facets) {
          for (const id of values[facet]) counts[facet].set(id, (counts[facet].get(id) ?? 0) + 1);
        }
      };
      const matches: SearchDoc[] = [];
      for (const hit of hits) {
        const values = facetIds.get(hit.id) as Record<FacetName, string[]>;
        const failed = groups.filter(
          (g) => !g.facets.some((facet) => values[facet].some((id) => g.ids.has(id))),
        );
        if (failed.length === 0) {
          matches.push(byId.get(hit.id) as SearchDoc);
          count(values, FACETS);
        } else if (failed.length === 1) {
          count(values, (failed[0] as { facets: FacetName[] }).facets);
        }
      }
      const facets = FACETS.map((facet) =>
        [...counts[facet]].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 200),
      );
      // The default sort: fewest words matched through a typo, then fewest matched only as a prefix,
      // then fewest found outside the name and producer (each word at its best term among those
      // MiniSearch says matched), then rating.
      const words = [...new Set(textTokens(query.text ?? ''))];
      const typos = new Map<string, number>();
      const prefixes = new Map<string, number>();
      const outside = new Map<string, number>();
      for (const hit of hits) {
        let t = 0;
        let p = 0;
        let o = 0;
        for (const word of words) {
          let best = Number.POSITIVE_INFINITY;
          for (const term of hit.terms) {
            const tier = matchTier(word, term);
            if (tier === NO_MATCH) continue;
            const key = tier * 2 + (hit.match[term]?.includes('named') ? 0 : 1);
            if (key < best) best = key;
          }
          const tier = Math.floor(best / 2);
          if (tier === PREFIX) p++;
          else if (tier !== EXACT) t++;
          o += best % 2;
        }
        typos.set(hit.id, t);
        prefixes.set(hit.id, p);
        outside.set(hit.id, o);
      }
      matches.sort(
        (a, b) =>
          (typos.get(a.id) as number) - (typos.get(b.id) as number) ||
          (prefixes.get(a.id) as number) - (prefixes.get(b.id) as number) ||
          (outside.get(a.id) as number) - (outside.get(b.id) as number) ||
          (b.rating ?? -1) - (a.rating ?? -1) ||
          (a.id < b.id ? -1 : 1),
      );
      return {
        ids: matches.slice(query.offset, query.offset + query.limit).map((doc) => doc.id),
        count: matches.length,
        facetValues: facets.reduce((sum, list) => sum + list.length, 0),
      };
    },
  };
}
