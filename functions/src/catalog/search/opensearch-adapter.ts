/**
 * The catalogue search port over OpenSearch: for a catalogue past one function's memory (docs/search.md).
 * A port query becomes one `_search` request in the query DSL — text as a fuzzy `bool_prefix`
 * multi_match, the filters outside the facets in the query, the facet filters in `post_filter` and, for
 * the disjunctive counts, each facet's aggregation filtered by every other facet's selection — and
 * the answer is mapped back: the hits' stored documents, the total, and each facet's buckets.
 *
 * The index holds one document per active wine (`toOpenSearchDoc`): the facet ids the port filters on,
 * each facet's `id␟name` keyword for its counts, the sort fields and the document itself (not indexed).
 * The transport is a port of its own: the cloud one signs requests for the collection, the tests
 * answer from recorded responses.
 */
import {
  FACETS,
  type FacetName,
  type FacetValue,
  facetId,
  originId,
  supplierIdOf,
  type WineFacets,
} from '@kork/shared';
import { bottleSizeId, compareFacetValues, FACET_LIMIT, vintageId } from './facets';
import type { CatalogSearchPort } from './search-port';
import type { IndexQuery, IndexResult, SearchDoc } from './types';

export interface OpenSearchTransport {
  /** POSTs a JSON body to `path` of the collection and answers the parsed response. */
  request(method: 'POST' | 'GET', path: string, body?: unknown): Promise<unknown>;
}

/** Between a facet value's id and its name in the `<facet>_facet` keyword fields. */
export const FACET_SEPARATOR = '\u241f';

/** The fields a facet's selection filters on (origins: one group over three depths). */
const FACET_FIELDS: Record<Exclude<FacetName, 'countries' | 'regions' | 'subRegions'>, keyof IndexQuery> = {
  categories: 'categories',
  grapes: 'grapes',
  food: 'food',
  manufacturers: 'manufacturers',
  bottleSizes: 'bottleSizes',
  stores: 'stores',
  vintages: 'vintages',
  experts: 'ratedById',
  nbsSuppliers: 'nbsSuppliers',
};
const ORIGIN_FACETS: FacetName[] = ['countries', 'regions', 'subRegions'];

/** The index mapping: ids and facet keywords, sort fields, and the stored document. */
export const CATALOG_MAPPING = {
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      name: { type: 'text', fields: { sort: { type: 'icu_collation_keyword', language: 'nb' } } },
      producer: { type: 'text' },
      searchText: { type: 'text' },
      ...Object.fromEntries(
        FACETS.flatMap((facet) => [
          [facet, { type: 'keyword' }],
          [`${facet}_facet`, { type: 'keyword' }],
        ]),
      ),
      priceMinor: { type: 'long' },
      rating: { type: 'float' },
      vintage: { type: 'integer' },
      createdAt: { type: 'date' },
      isAvailable: { type: 'boolean' },
      isHorecaAvailable: { type: 'boolean' },
      isRatedByExpert: { type: 'boolean' },
      doc: { type: 'object', enabled: false },
    },
  },
} as const;

/** A wine as the index holds it. */
export function toOpenSearchDoc(doc: SearchDoc): Record<string, unknown> {
  const values: Record<FacetName, [string, string][]> = {
    categories: [[doc.mainCategoryId, doc.mainCategoryId]],
    countries: doc.country ? [[originId(doc.country), doc.country]] : [],
    regions: doc.country && doc.region ? [[originId(doc.country, doc.region), doc.region]] : [],
    subRegions:
      doc.country && doc.region && doc.subRegion
        ? [[originId(doc.country, doc.region, doc.subRegion), doc.subRegion]]
        : [],
    grapes: doc.grapes.map((g) => [facetId(g), g]),
    food: doc.food.map((f) => [facetId(f), f]),
    manufacturers: doc.producer ? [[facetId(doc.producer), doc.producer]] : [],
    bottleSizes: [[bottleSizeId(doc.bottleSize), bottleSizeId(doc.bottleSize)]],
    stores: doc.storeCategory ? [[facetId(doc.storeCategory), doc.storeCategory]] : [],
    vintages: [[vintageId(doc.vintage), vintageId(doc.vintage)]],
    experts: doc.expertIds.map((id) => [id, id]),
    nbsSuppliers: doc.wholesaler?.trim()
      ? [[supplierIdOf(doc.wholesaler.trim()), doc.wholesaler.trim()]]
      : [],
  };
  return {
    id: doc.id,
    name: doc.name,
    producer: doc.producer,
    searchText: [doc.style, doc.country, doc.region, doc.subRegion, ...doc.grapes].filter(Boolean).join(' '),
    ...Object.fromEntries(
      FACETS.flatMap((facet) => [
        [facet, values[facet].map(([id]) => id)],
        [`${facet}_facet`, values[facet].map(([id, name]) => `${id}${FACET_SEPARATOR}${name}`)],
      ]),
    ),
    priceMinor: doc.priceMinor,
    rating: doc.rating,
    vintage: doc.vintage,
    createdAt: doc.createdAt,
    isAvailable: doc.isAvailable,
    isHorecaAvailable: doc.isHorecaAvailable,
    isRatedByExpert: doc.expertCount > 0,
    doc,
  };
}

type Clause = Record<string, unknown>;

/** Each facet group's filter the query selects (origins as one group over three fields). */
function facetFilters(query: IndexQuery): Map<string, Clause> {
  const filters = new Map<string, Clause>();
  for (const [facet, key] of Object.entries(FACET_FIELDS)) {
    const selected = query[key as keyof IndexQuery] as string[] | undefined;
    if (selected && selected.length > 0) filters.set(facet, { terms: { [facet]: selected } });
  }
  if (query.origins && query.origins.length > 0) {
    filters.set('origins', {
      bool: {
        should: ORIGIN_FACETS.map((facet) => ({ terms: { [facet]: query.origins } })),
        minimum_should_match: 1,
      },
    });
  }
  return filters;
}

function groupOf(facet: FacetName): string {
  return ORIGIN_FACETS.includes(facet) ? 'origins' : facet;
}

const SORT_FIELDS = {
  rating: 'rating',
  price: 'priceMinor',
  name: 'name.sort',
  vintage: 'vintage',
  newest: 'createdAt',
} as const;

/** The `_search` body of a port query. */
export function searchRequest(query: IndexQuery): Clause {
  const must: Clause[] = [];
  const filter: Clause[] = [];
  const text = query.text?.trim();
  if (text) {
    must.push({
      multi_match: {
        query: text,
        type: 'bool_prefix',
        fields: ['name^3', 'producer^2', 'searchText'],
        operator: 'and',
        fuzziness: 'AUTO:4,8',
      },
    });
  }
  if (query.isAvailable === true) filter.push({ term: { isAvailable: true } });
  if (query.isHorecaAvailable === true) filter.push({ term: { isHorecaAvailable: true } });
  if (query.isRatedByExpert === true) filter.push({ term: { isRatedByExpert: true } });
  if (query.minPriceMinor !== undefined || query.maxPriceMinor !== undefined) {
    filter.push({
      range: {
        priceMinor: {
          ...(query.minPriceMinor !== undefined ? { gte: query.minPriceMinor } : {}),
          ...(query.maxPriceMinor !== undefined ? { lte: query.maxPriceMinor } : {}),
        },
      },
    });
  }
  if (query.onlyIds !== undefined) filter.push({ terms: { id: [...query.onlyIds] } });

  const facets = facetFilters(query);
  const order = query.sortDirection;
  const sort: Clause[] = [];
  // Text with the default order: the best matches first, then the rating.
  if (text && query.sortColumn === 'rating' && order === 'desc') sort.push({ _score: { order: 'desc' } });
  sort.push({ [SORT_FIELDS[query.sortColumn]]: { order, missing: '_last' } }, { id: { order: 'asc' } });

  const body: Clause = {
    track_total_hits: true,
    from: query.offset,
    size: query.limit,
    query: { bool: { must, filter } },
    sort,
  };
  if (facets.size > 0) body.post_filter = { bool: { filter: [...facets.values()] } };
  if (query.facets) {
    body.aggs = Object.fromEntries(
      FACETS.map((facet) => {
        const others = [...facets].filter(([group]) => group !== groupOf(facet)).map(([, clause]) => clause);
        return [
          facet,
          {
            filter: { bool: { filter: others } },
            aggs: { values: { terms: { field: `${facet}_facet`, size: FACET_LIMIT } } },
          },
        ];
      }),
    );
  }
  return body;
}

interface SearchResponse {
  hits: { total: { value: number } | number; hits: { _source: { doc: SearchDoc } }[] };
  aggregations?: Record<string, { values: { buckets: { key: string; doc_count: number }[] } }>;
}

function selectedOf(query: IndexQuery, facet: FacetName): string[] {
  if (ORIGIN_FACETS.includes(facet)) {
    const depth = ORIGIN_FACETS.indexOf(facet) + 1;
    return (query.origins ?? []).filter((id) => Math.min(3, id.split('.').length) === depth);
  }
  return (query[FACET_FIELDS[facet as keyof typeof FACET_FIELDS]] as string[] | undefined) ?? [];
}

/** Maps a `_search` response back to the port's answer. */
export function readResponse(query: IndexQuery, response: SearchResponse): IndexResult {
  const total = response.hits.total;
  const facets = Object.fromEntries(
    FACETS.map((facet) => [facet, [] as FacetValue[]]),
  ) as unknown as WineFacets;
  if (query.facets && response.aggregations) {
    for (const facet of FACETS) {
      const buckets = response.aggregations[facet]?.values.buckets ?? [];
      const values: FacetValue[] = buckets.map((bucket) => {
        const at = bucket.key.indexOf(FACET_SEPARATOR);
        return { id: bucket.key.slice(0, at), name: bucket.key.slice(at + 1), count: bucket.doc_count };
      });
      // A value the query selected stays in the list with no wines.
      for (const id of selectedOf(query, facet)) {
        if (!values.some((v) => v.id === id)) values.push({ id, name: id, count: 0 });
      }
      facets[facet] = values.sort(compareFacetValues);
    }
  }
  return {
    rows: response.hits.hits.map((hit) => hit._source.doc),
    count: typeof total === 'number' ? total : total.value,
    facets,
  };
}

export class OpenSearchCatalog implements CatalogSearchPort {
  constructor(
    private readonly transport: OpenSearchTransport,
    private readonly indexName = 'catalog-wines',
  ) {}

  async search(query: IndexQuery): Promise<IndexResult> {
    const response = (await this.transport.request(
      'POST',
      `/${this.indexName}/_search`,
      searchRequest(query),
    )) as SearchResponse;
    return readResponse(query, response);
  }
}
