import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { getPublicWineList } from './wine-list-public';

/**
 * Anonymous answers may be stored but are fetched again on every use, so a wine sold out a moment ago is
 * gone from a guest's page at its next load; a signed-in caller's answers are never stored.
 */
export const PUBLIC_CACHE = 'public, no-cache';

export const handler = httpRoute(
  'GET /api/wine-lists/{listId}',
  { params: pathIds('listId') },
  async (req) => ({
    payload: await getPublicWineList(req.params.listId ?? '', req.principal?.userId, req.locale),
    // Its sections and origins are in the reader's language: a stored answer is kept per language.
    headers: req.principal ? undefined : { 'cache-control': PUBLIC_CACHE, vary: 'Accept-Language' },
  }),
);
