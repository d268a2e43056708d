import { pathIds, TastingInput } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { createTasting } from './tasting-service';

export const handler = httpRoute(
  'POST /api/wines/{id}/tastings',
  { params: pathIds('id'), body: TastingInput },
  async (req) => ({
    status: 201,
    payload: await createTasting(req.params.id ?? '', req.body, req.principal as Principal),
  }),
);
