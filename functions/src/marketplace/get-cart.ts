import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { getCart } from './cart';
import { viewer } from './viewer';

export const handler = httpRoute(
  'GET /api/wine-cellars/cellars/{id}/nbs/cart-items',
  { params: pathIds('id') },
  async (req) => ({
    payload: await getCart(req.params.id ?? '', viewer(req)),
  }),
);
