import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { removeWantToTry } from './wine-lover-service';

export const handler = httpRoute(
  'DELETE /api/users/{id}/want-to-try/{wineId}',
  { params: pathIds('id', 'wineId'), owner: 'id' },
  async (req) => {
    await removeWantToTry(req.params.id ?? '', req.params.wineId ?? '');
    return { status: 204 };
  },
);
