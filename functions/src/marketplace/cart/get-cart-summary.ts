import { pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { cartSummary } from './cart-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/cellars/{id}/nbs/cart-items/summary',
  { params: pathIds('id') },
  async (req) => ({
    payload: await cartSummary(req.params.id ?? '', req.principal as Principal),
  }),
);
