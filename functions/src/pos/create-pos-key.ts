import { PosKeyInput, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { createPosKey } from './pos-keys';

/** A new POS key, its secret answered this once (409 `posKeysFull` past POS_LIMITS.keysMax). */
export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/pos-keys',
  { params: pathIds('id'), owner: 'id', body: PosKeyInput },
  async (req) => ({ status: 201, payload: await createPosKey(req.params.id ?? '', req.body) }),
);
