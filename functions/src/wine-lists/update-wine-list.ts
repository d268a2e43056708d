import { pathIds, WineListPatch } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { updateWineList } from './wine-list-writes';

export const handler = httpRoute(
  'PATCH /api/wine-cellars/users/{id}/wine-lists/{listId}',
  { params: pathIds('id', 'listId'), owner: 'id', body: WineListPatch },
  async (req) => ({
    payload: await updateWineList(req.params.id ?? '', req.params.listId ?? '', req.body, req.locale),
  }),
);
