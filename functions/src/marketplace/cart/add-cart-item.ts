import { CartItemInput, type Cellar, pathIds } from '@kork/shared';
import { cellarAccess } from '../../cellar/cellar-access';
import { httpRoute } from '../../platform/http';
import { viewer } from '../viewer';
import { addCartItem } from './cart-service';

export const handler = httpRoute(
  'POST /api/wine-cellars/cellars/{id}/nbs/cart-items',
  { params: pathIds('id'), body: CartItemInput, access: cellarAccess },
  async (req) => ({
    status: 201,
    // The cellar as the access check found it, owned by the caller (or an admin): not read again.
    payload: await addCartItem(req.access as Cellar, req.body, viewer(req)),
  }),
);
