import { pathIds, TastingUpdateInput } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { updateTasting } from './tasting-service';

export const handler = httpRoute(
  'PATCH /api/tastings/{id}',
  { params: pathIds('id'), body: TastingUpdateInput },
  async (req) => ({
    payload: await updateTasting(req.params.id ?? '', req.body, req.principal as Principal),
  }),
);
