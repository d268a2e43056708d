import { NoBody, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { rotatePosKey } from './pos-keys';

/** A new secret for the key, answered this once; the old one stops at once. */
export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/pos-keys/{keyId}/rotate',
  { params: pathIds('id', 'keyId'), owner: 'id', body: NoBody },
  async (req) => ({ payload: await rotatePosKey(req.params.id ?? '', req.params.keyId ?? '') }),
);
