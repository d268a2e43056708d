import { PosSalesImport, pathIds } from '@kork/shared';
import { actorOf } from '../accounts/account-lookup';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { importPosSales } from './pos-import';

/** Imports a till's CSV sales export: each transaction once, however often the file is imported. */
export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/pos/sales-import',
  { params: pathIds('id'), owner: 'id', body: PosSalesImport },
  async (req) => {
    const actor = await actorOf(req.principal as Principal);
    return {
      payload: await importPosSales(req.params.id ?? '', req.body, {
        userId: actor.userId,
        name: `POS import: ${actor.name}`,
      }),
    };
  },
);
