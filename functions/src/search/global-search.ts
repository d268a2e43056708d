import { GlobalSearchQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { globalSearch } from './global-search-service';

export const handler = httpRoute('GET /api/search', { query: GlobalSearchQuery }, async (req) => ({
  payload: await globalSearch(req.query.q, req),
}));
