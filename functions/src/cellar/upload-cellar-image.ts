import { NoTextFields, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { multipartBody } from '../platform/multipart';
import { addCellarImage } from './cellar-images';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/cellars/{cellarId}/images',
  { params: pathIds('id', 'cellarId'), fields: NoTextFields, owner: 'id', multipart: multipartBody() },
  async (req) => ({
    status: 201,
    payload: await addCellarImage(req.params.id ?? '', req.params.cellarId ?? '', req.body),
  }),
);
