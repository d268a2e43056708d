import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { deletePosKey } from './pos-keys';

/** Revokes the key: every request signed with it is refused from now on. */
export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/pos-keys/{keyId}',
  { params: pathIds('id', 'keyId'), owner: 'id' },
  async (req) => {
    await deletePosKey(req.params.id ?? '', req.params.keyId ?? '');
    return { status: 204 };
  },
);
