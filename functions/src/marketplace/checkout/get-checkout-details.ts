import { pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { checkoutDetails } from './checkout-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/cellars/{id}/nbs/checkout-details',
  { params: pathIds('id') },
  async (req) => ({
    payload: await checkoutDetails(req.params.id ?? '', req.principal as Principal),
  }),
);
