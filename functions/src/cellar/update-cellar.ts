import { CellarSettingsInput, pathIds } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { cellarAccess } from './cellar-access';
import { updateCellar } from './cellar-service';

export const handler = httpRoute(
  'PATCH /api/wine-cellars/cellars/{id}',
  {
    params: pathIds('id'),
    body: CellarSettingsInput,
    access: cellarAccess,
  },
  async (req) => ({
    payload: await updateCellar(req.params.id ?? '', req.body, req.principal as Principal),
  }),
);
