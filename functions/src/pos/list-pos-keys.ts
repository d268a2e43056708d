import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listPosKeys } from './pos-keys';

/** The cellar's POS keys, oldest first, without their secrets. */
export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/pos-keys',
  { params: pathIds('id'), owner: 'id' },
  async (req) => ({ payload: await listPosKeys(req.params.id ?? '') }),
);
