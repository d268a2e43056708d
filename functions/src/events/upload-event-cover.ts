import { NoTextFields } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { multipartBody } from '../platform/multipart';
import { uploadEventCover } from './event-service';

export const handler = httpRoute(
  'POST /api/events/covers',
  { fields: NoTextFields, multipart: multipartBody() },
  async (req) => ({ status: 201, payload: await uploadEventCover(req.body, req) }),
);
