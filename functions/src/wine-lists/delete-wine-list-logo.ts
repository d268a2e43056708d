import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { deleteWineListLogo } from './wine-list-logo';

export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/wine-lists/{listId}/logo',
  { params: pathIds('id', 'listId'), owner: 'id' },
  async (req) => ({ payload: await deleteWineListLogo(req.params.id ?? '', req.params.listId ?? '') }),
);
