import { pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { viewer } from '../viewer';
import { getCart } from './cart-service';

export const handler = httpRoute(
  'GET /api/wine-cellars/cellars/{id}/nbs/cart-items',
  { params: pathIds('id') },
  async (req) => ({
    payload: await getCart(req.params.id ?? '', viewer(req)),
  }),
);
