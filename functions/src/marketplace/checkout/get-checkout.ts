import { pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { viewer } from '../viewer';
import { getCheckout } from './checkout-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/cellars/{id}/nbs/checkouts/{checkoutId}',
  { params: pathIds('id', 'checkoutId') },
  async (req) => ({
    payload: await getCheckout(req.params.id ?? '', req.params.checkoutId ?? '', viewer(req)),
  }),
);
