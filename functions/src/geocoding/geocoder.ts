/**
 * The geocoder port: places for what a person typed (an address, a town, a Norwegian postal code). In
 * the cloud Amazon Location Service answers (SearchPlaceIndexForText on the place index the deployment
 * names); the local runner installs a small gazetteer of Norwegian places instead.
 */
import { LocationClient, SearchPlaceIndexForTextCommand } from '@aws-sdk/client-location';
import { GEOCODE_LIMITS, type GeocodeAnswer, type GeocodePlace, type Locale } from '@kork/shared';
import { requireEnv } from '../platform/env';

export interface GeocodeRequest {
  text: string;
  locale: Locale;
  /** At most this many places, best first. */
  limit: number;
}

export interface GeocoderPort {
  readonly source: GeocodeAnswer['source'];
  search(request: GeocodeRequest): Promise<GeocodePlace[]>;
}

/** Norway first: the product is for Norwegian restaurants (SPEC §1). */
const COUNTRIES = ['NOR'];
/** Amazon Location's place categories that stand for an area rather than an address. */
const AREA_TYPES = new Set(['PostalCode', 'Municipality', 'Region', 'SubRegion', 'Neighborhood', 'Country']);

export interface AmazonLocationOptions {
  client?: LocationClient;
  /** The place index; `GEOCODER_PLACE_INDEX` by default. */
  indexName?: string;
}

export function amazonLocationGeocoder(options: AmazonLocationOptions = {}): GeocoderPort {
  let client = options.client;
  return {
    source: 'amazon-location',
    async search({ text, locale, limit }) {
      client ??= new LocationClient({});
      const answer = await client.send(
        new SearchPlaceIndexForTextCommand({
          IndexName: options.indexName ?? requireEnv('GEOCODER_PLACE_INDEX'),
          Text: text,
          FilterCountries: COUNTRIES,
          Language: locale,
          MaxResults: Math.min(limit, GEOCODE_LIMITS.resultsMax),
        }),
      );
      const places: GeocodePlace[] = [];
      for (const result of answer.Results ?? []) {
        const [lng, lat] = result.Place?.Geometry?.Point ?? [];
        if (typeof lat !== 'number' || typeof lng !== 'number') continue;
        const categories = result.Place?.Categories ?? [];
        places.push({
          label: result.Place?.Label ?? text,
          lat,
          lng,
          approximate:
            categories.some((category) => AREA_TYPES.has(category)) || !result.Place?.AddressNumber,
        });
      }
      return places;
    },
  };
}

let installed: GeocoderPort | undefined;
let cloud: GeocoderPort | undefined;

/** Replaces the Amazon Location adapter (the local runner's gazetteer, or a test's fake). */
export function useGeocoder(port: GeocoderPort | undefined): void {
  installed = port;
}

export function geocoder(): GeocoderPort {
  if (installed) return installed;
  cloud ??= amazonLocationGeocoder();
  return cloud;
}
