import { NoTextFields, pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { multipartBody } from '../../platform/multipart';
import { setWineImage } from '../cellar-images';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/own-wines/{ownWineId}/images',
  { params: pathIds('id', 'ownWineId'), fields: NoTextFields, owner: 'id', multipart: multipartBody() },
  async (req) => ({
    payload: await setWineImage(
      req.params.id ?? '',
      req.params.ownWineId ?? '',
      req.body,
      req.principal as Principal,
    ),
  }),
);
