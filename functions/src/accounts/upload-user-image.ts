import { NoTextFields, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { multipartBody } from '../platform/multipart';
import { imageFieldOf, replaceImage } from './profile-service';

export const handler = httpRoute(
  'POST /api/users/{id}/images',
  { params: pathIds('id'), fields: NoTextFields, multipart: multipartBody(), owner: 'id' },
  async (req) => {
    const { field, file } = imageFieldOf((req.body ?? {}) as Record<string, unknown>);
    return { payload: await replaceImage(req.params.id ?? '', field, file) };
  },
);
