/**
 * Catalogue reads: the faceted wine search, and the catalogue wines as the search index holds them
 * (one wine's page and the embed card are in wine-detail-service.ts, the navbar's global search in
 * search/global-search-service.ts). Prices and availability go to registered users only.
 */
import {
  convertToNokMinor,
  type FacetName,
  type FacetValue,
  WINE_SEARCH_DEFAULTS,
  type WineSearchQuery,
  type WineSearchResult,
} from '@kork/shared';
import { publicNames } from '../accounts/public-profiles';
import { reviewedWineIds } from '../tastings/tasting-service';
import { catalogIndex, currentCatalog, refreshMs } from './catalog-index-cache';
import { openSearchPort, searchesInOpenSearch } from './catalog-search-port';
import { tidyOriginFacets } from './search/origin-facets';
import type { CatalogSearchPort } from './search/search-port';
import type { IndexQuery, SearchDoc } from './search/types';
import { toRow, type Viewer } from './wine-rows';

/** The catalogue's order of names (its language's collation), for lists of catalogue names elsewhere. */
export { compareNames } from './search/sort-order';
export type { SearchDoc } from './search/types';
export { winesByExternalNumbers } from './wine-numbers';
export { toRow, type Viewer } from './wine-rows';

/**
 * How long an instance reuses what it read or worked out for the feed: experts' names for the facet
 * labels, and whole answers to the same query on the same index. Follows the index's own refresh
 * interval, at least (0 turns both off: every request sees the latest writes).
 */
function reuseMs(): number {
  const refresh = refreshMs();
  return refresh === 0 ? 0 : Math.max(refresh, 30_000);
}

const expertNames = new Map<string, { name: string | undefined; at: number }>();

async function nameExperts(facets: Record<FacetName, FacetValue[]>): Promise<void> {
  const now = Date.now();
  const ttl = reuseMs();
  const missing = facets.experts
    .map((f) => f.id)
    .filter((id) => {
      const known = expertNames.get(id);
      return !known || now - known.at >= ttl;
    });
  if (missing.length > 0) {
    const names = await publicNames(missing);
    for (const id of missing) expertNames.set(id, { name: names.get(id)?.name, at: now });
  }
  facets.experts = facets.experts.map((f) => ({ ...f, name: expertNames.get(f.id)?.name ?? f.name }));
}

/**
 * Answers kept per instance: the feed asks the same few queries over and over (the default view, a
 * country, a style), and the index answers each the same until it changes. Keyed by the index's
 * revision and everything that shapes the answer (the query, and for prices whether the viewer is
 * registered and in which currency); a small LRU.
 */
const ANSWERS_KEPT = 256;
const answers = new Map<string, { at: number; result: WineSearchResult }>();

function keptAnswer(key: string): WineSearchResult | undefined {
  const kept = answers.get(key);
  if (!kept) return undefined;
  if (Date.now() - kept.at >= reuseMs()) {
    answers.delete(key);
    return undefined;
  }
  answers.delete(key);
  answers.set(key, kept);
  return kept.result;
}

function keepAnswer(key: string, result: WineSearchResult): void {
  if (reuseMs() === 0) return;
  answers.set(key, { at: Date.now(), result });
  while (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value as string);
}

/** Every active catalogue wine as the search index holds it, current to now (suppliers follow it). */
export async function activeCatalogDocs(): Promise<Iterable<SearchDoc>> {
  const { docs } = await currentCatalog();
  return docs.values();
}

/** Catalogue wines by id as the search index holds them (current to within its refresh); unknown ids are absent. */
export async function catalogDocs(ids: readonly string[]): Promise<Map<string, SearchDoc>> {
  const { index } = await catalogIndex();
  const found = new Map<string, SearchDoc>();
  for (const id of ids) {
    const doc = index.get(id);
    if (doc) found.set(id, doc);
  }
  return found;
}

/** `GET /api/wines`: SPEC §3 filters with their defaults, sorted and paged, with facet counts. */
export async function searchWines(query: WineSearchQuery, viewer: Viewer): Promise<WineSearchResult> {
  const q = { ...WINE_SEARCH_DEFAULTS, ...stripUndefined(query) };
  const registered = Boolean(viewer.principal);
  const professional = viewer.principal?.role === 'business' || viewer.principal?.role === 'admin';
  const indexQuery: IndexQuery = {
    text: q.search?.trim() || undefined,
    categories: q.mainCategoryId,
    origins: q.origins,
    grapes: q.grapes,
    food: q.food,
    manufacturers: q.manufacturers,
    bottleSizes: q.bottleSizes,
    stores: q.stores,
    vintages: q.vintages,
    ratedById: q.ratedById,
    // Prices are for registered users only, and so is filtering by them.
    minPriceMinor:
      registered && q.minPrice !== undefined ? convertToNokMinor(q.minPrice, viewer.currency) : undefined,
    maxPriceMinor:
      registered && q.maxPrice !== undefined ? convertToNokMinor(q.maxPrice, viewer.currency) : undefined,
    isAvailable: q.isAvailable,
    isRatedByExpert: q.isRatedByExpert,
    // A professional filter: wines their wholesalers sell to restaurants.
    isHorecaAvailable: professional ? q.isHorecaAvailable : undefined,
    // So is the marketplace's supplier filter.
    nbsSuppliers: professional ? q.nbsSuppliers : undefined,
    onlyIds:
      q.isReviewedByMe && viewer.principal ? await reviewedWineIds(viewer.principal.userId) : undefined,
    sortColumn: q.sortColumn,
    sortDirection: q.sortDirection,
    offset: (q.page - 1) * q.resultsPerPage,
    limit: q.resultsPerPage,
    facets: true,
  };
  const source = await searchSource();
  // A person's own reviewed wines are theirs alone: such answers are not kept.
  const key =
    indexQuery.onlyIds || source.revision === undefined
      ? undefined
      : `${source.revision}|${registered ? viewer.currency : '-'}|${professional ? 'pro' : ''}|${JSON.stringify(indexQuery)}`;
  const kept = key ? keptAnswer(key) : undefined;
  if (kept) return kept;
  // A text search also says how many more wines it finds once the expert-rated default is off, so
  // the feed can offer them instead of an empty page that does not say why (asked at the same time).
  const [result, withUnrated] = await Promise.all([
    source.port.search(indexQuery),
    indexQuery.text && indexQuery.isRatedByExpert === true
      ? source.port.search({ ...indexQuery, isRatedByExpert: false, offset: 0, limit: 0, facets: false })
      : undefined,
  ]);
  await nameExperts(result.facets);
  const unrated = withUnrated ? withUnrated.count - result.count : 0;
  // Who sells what to restaurants is for professional accounts only.
  if (!professional) result.facets.nbsSuppliers = [];
  const answer = {
    rows: result.rows.map((doc) => toRow(doc, viewer)),
    count: result.count,
    facets: tidyOriginFacets(result.facets, indexQuery.origins, source.originName ?? namedIn(result.facets)),
    ...(unrated > 0 ? { withoutExpertRating: unrated } : {}),
  };
  if (key) keepAnswer(key, answer);
  return answer;
}

/**
 * What answers the feed's search: the in-memory index (its revision keys the answers kept), or
 * OpenSearch (catalog-search-port.ts), whose answers are not kept: the collection is the one current
 * copy, and an instance does not know when it changes.
 */
async function searchSource(): Promise<{
  port: CatalogSearchPort;
  revision?: string;
  originName?: (id: string) => string | undefined;
}> {
  if (searchesInOpenSearch()) return { port: await openSearchPort() };
  const { index, revision } = await catalogIndex();
  return { port: index, revision, originName: (id) => index.originName(id) };
}

/** An origin's name as the answer's own facets list it (OpenSearch has no index to ask). */
function namedIn(facets: Record<FacetName, FacetValue[]>): (id: string) => string | undefined {
  const names = new Map<string, string>();
  for (const value of [...facets.countries, ...facets.regions, ...facets.subRegions])
    names.set(value.id, value.name);
  return (id) => names.get(id);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
