import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { PUBLIC_CACHE } from './get-public-wine-list';
import { listWinePublicLists } from './wine-list-public';

export const handler = httpRoute(
  'GET /api/wines/{id}/wine-lists',
  { params: pathIds('id') },
  async (req) => ({
    payload: await listWinePublicLists(req.params.id ?? ''),
    headers: req.principal ? undefined : { 'cache-control': PUBLIC_CACHE },
  }),
);
