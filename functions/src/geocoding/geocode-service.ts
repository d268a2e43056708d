import { createHash } from 'node:crypto';
import { GEOCODE_LIMITS, type GeocodeAnswer, type Locale } from '@kork/shared';
import { RateLimitedError, UpstreamError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { reserve } from '../platform/rate-limit';
import { geocoder } from './geocoder';

/** Searches one client may make: a person typing and correcting an address, not a crawler. */
export const GEOCODE_RATE = { limit: 30, windowSeconds: 60 } as const;

/**
 * Places for a search, best first, counted against the client's limit (429 past it). The client's
 * address is kept hashed. A geocoder that fails answers 502: the person can still place the pin by hand.
 */
export async function searchPlaces(
  text: string,
  context: { client: string; locale: Locale; log: Logger },
  now = Date.now(),
): Promise<GeocodeAnswer> {
  const hash = createHash('sha256').update(context.client).digest('hex').slice(0, 32);
  const reservation = await reserve({ key: `geocode#${hash}`, ...GEOCODE_RATE }, now);
  if (!reservation.granted) throw new RateLimitedError(reservation.retryAfterSeconds);
  const port = geocoder();
  try {
    const places = await port.search({ text, locale: context.locale, limit: GEOCODE_LIMITS.resultsMax });
    return { places: places.slice(0, GEOCODE_LIMITS.resultsMax), source: port.source };
  } catch (error) {
    context.log.warn('geocoder failed', { error: String(error) });
    throw new UpstreamError({ key: 'geocoderUnavailable' });
  }
}
