import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { PUBLIC_CACHE } from './get-public-wine-list';
import { listPublicWineLists } from './wine-list-public';

export const handler = httpRoute(
  'GET /api/users/{id}/wine-lists',
  { params: pathIds('id') },
  async (req) => ({
    payload: await listPublicWineLists(req.params.id ?? ''),
    headers: req.principal ? undefined : { 'cache-control': PUBLIC_CACHE },
  }),
);
