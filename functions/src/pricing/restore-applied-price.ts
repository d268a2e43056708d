import { pathIds, RestoreAppliedPrice } from '@kork/shared';
import { actorOf } from '../accounts/account-lookup';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { restoreAppliedPrice } from './restore-price';

/** Sets again the prices a wine had before an apply: a new price change (the apply stays as it was). */
export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/price-restores',
  { params: pathIds('id'), owner: 'id', body: RestoreAppliedPrice },
  async (req) => ({
    payload: await restoreAppliedPrice(
      req.params.id ?? '',
      req.body.historyEntryId,
      await actorOf(req.principal as Principal),
    ),
  }),
);
