import { GeocodeQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { clientOf } from '../platform/rate-limit';
import { searchPlaces } from './geocode-service';

export const handler = httpRoute('GET /api/geocode', { query: GeocodeQuery }, async (req) => ({
  payload: await searchPlaces(req.query.q, { client: clientOf(req.event), locale: req.locale, log: req.log }),
  // The same words find the same places for a while; the browser need not ask again.
  headers: { 'cache-control': 'private, max-age=3600' },
}));
