import { NoBody, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { addWantToTry } from './wine-lover-service';

/** Adds a wine to the person's own list; adding it again answers the entry already there. */
export const handler = httpRoute(
  'PUT /api/users/{id}/want-to-try/{wineId}',
  { params: pathIds('id', 'wineId'), body: NoBody, owner: 'id' },
  async (req) => ({ payload: await addWantToTry(req.params.id ?? '', req.params.wineId ?? '') }),
);
