import { NoTextFields, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { multipartBody } from '../platform/multipart';
import { uploadWineListLogo } from './wine-list-logo';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/wine-lists/{listId}/logo',
  { params: pathIds('id', 'listId'), fields: NoTextFields, owner: 'id', multipart: multipartBody() },
  async (req) => ({
    payload: await uploadWineListLogo(req.params.id ?? '', req.params.listId ?? '', req.body),
  }),
);
