import { type FacetName, type FacetValue, WineSearchQuery, type WineSearchResult } from '@kork/shared';
import { canonicalOriginId, storedOriginId } from '@kork/shared/vocabulary/origins';
import { httpRoute } from '../platform/http';
import { searchWines } from './search-service';

const ORIGIN_FACETS = ['countries', 'regions', 'subRegions'] as const satisfies readonly FacetName[];

/**
 * The origin facets with the ids the API speaks (`france.burgundy`), the same in either language; the
 * index keys places by their stored names (`frankrike.burgund`).
 */
function withPublicOriginIds(result: WineSearchResult): WineSearchResult {
  const facets: Record<FacetName, FacetValue[]> = { ...result.facets };
  for (const facet of ORIGIN_FACETS) {
    facets[facet] = (facets[facet] ?? []).map((value) => ({ ...value, id: canonicalOriginId(value.id) }));
  }
  return { ...result, facets };
}

/** `origins=` takes today's ids (`italy`) and older links' Norwegian ones (`italia`) alike. */
export const handler = httpRoute('GET /api/wines', { query: WineSearchQuery }, async (req) => {
  const query = req.query.origins
    ? { ...req.query, origins: req.query.origins.map(storedOriginId) }
    : req.query;
  return { payload: withPublicOriginIds(await searchWines(query, req)) };
});
