import { CellarWineUpdate, pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { updateOwnWine } from './cellar-wine-edits';

export const handler = httpRoute(
  'PATCH /api/wine-cellars/users/{id}/own-wines/{ownWineId}',
  { params: pathIds('id', 'ownWineId'), owner: 'id', body: CellarWineUpdate },
  async (req) => ({
    payload: await updateOwnWine(
      req.params.id ?? '',
      req.params.ownWineId ?? '',
      req.body,
      req.principal as Principal,
    ),
  }),
);
