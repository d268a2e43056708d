import { NoTextFields, pathIds } from '@kork/shared';
import { isUploadedFile, storeImage } from '../accounts/account-images';
import { ValidationError } from '../platform/errors';
import { httpRoute } from '../platform/http';
import { multipartBody } from '../platform/multipart';

/** A tasting note's photo: stored with the person's other pictures, its path goes in the note's `photo`. */
export const handler = httpRoute(
  'POST /api/users/{id}/tasting-images',
  { params: pathIds('id'), fields: NoTextFields, multipart: multipartBody(), owner: 'id' },
  async (req) => {
    const file = (req.body as Record<string, unknown> | undefined)?.file;
    if (!isUploadedFile(file)) throw new ValidationError({ file: 'required' });
    return { status: 201, payload: { photo: await storeImage(req.params.id ?? '', 'tastingPhoto', file) } };
  },
);
