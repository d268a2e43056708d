import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { deleteWineList } from './wine-list-writes';

export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/wine-lists/{listId}',
  { params: pathIds('id', 'listId'), owner: 'id' },
  async (req) => {
    await deleteWineList(req.params.id ?? '', req.params.listId ?? '');
    return { status: 204 };
  },
);
