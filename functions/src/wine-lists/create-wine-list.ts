import { NewWineListInput, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { createWineList } from './wine-list-writes';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/wine-lists',
  { params: pathIds('id'), owner: 'id', body: NewWineListInput },
  async (req) => ({ status: 201, payload: await createWineList(req.params.id ?? '', req.body, req.locale) }),
);
