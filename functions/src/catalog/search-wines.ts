import { WineSearchQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { searchWines } from './search-service';

export const handler = httpRoute('GET /api/wines', { query: WineSearchQuery }, async (req) => ({
  payload: await searchWines(req.query, req),
}));
