import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { getPublicWineList } from './wine-list-public';

/** Anonymous answers may be kept briefly by browsers and the CDN; a signed-in caller's never are. */
export const PUBLIC_CACHE = 'public, max-age=30';

export const handler = httpRoute(
  'GET /api/wine-lists/{listId}',
  { params: pathIds('listId') },
  async (req) => ({
    payload: await getPublicWineList(req.params.listId ?? '', req.principal?.userId, req.locale),
    headers: req.principal ? undefined : { 'cache-control': PUBLIC_CACHE },
  }),
);
