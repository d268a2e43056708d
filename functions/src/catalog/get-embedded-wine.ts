import { EmbedQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { embeddedWine } from './search-service';

export const handler = httpRoute('GET /api/embed/wines/{id}', { query: EmbedQuery }, async (req) => ({
  payload: await embeddedWine(req.params.id ?? '', req.query, req.currency),
  // Embeds are shown on other sites to anyone; a short shared cache keeps them cheap.
  headers: { 'cache-control': 'public, max-age=300' },
}));
