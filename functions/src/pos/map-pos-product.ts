import { PosMappingInput, pathIds } from '@kork/shared';
import { actorOf } from '../accounts/account-lookup';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { mapPosProduct } from './pos-mapping';

/** Maps a till's product id to a product of the feed; the lines waiting for it become sales. */
export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/pos/needs-mapping',
  { params: pathIds('id'), owner: 'id', body: PosMappingInput },
  async (req) => {
    const actor = await actorOf(req.principal as Principal);
    return {
      payload: await mapPosProduct(req.params.id ?? '', req.body, { userId: actor.userId, name: actor.name }),
    };
  },
);
