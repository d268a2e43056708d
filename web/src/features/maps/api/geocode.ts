import type { GeocodeAnswer } from '@kork/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/geocode?q=…`: places for an address, a town or a Norwegian postal code, best first. */
export function geocode(query: string, signal?: AbortSignal): Promise<GeocodeAnswer> {
  return api.get<GeocodeAnswer>('/geocode', { query: { q: query }, signal });
}

export const geocodeKeys = {
  search: (query: string) => ['geocode', query] as const,
};

/** The same words find the same places: an answer is kept for the visit. */
export function geocodeQuery(query: string) {
  return queryOptions({
    queryKey: geocodeKeys.search(query),
    queryFn: ({ signal }) => geocode(query, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60 * 60 * 1000,
  });
}
