import { CartItemUpdate, pathIds } from '@kork/shared';
import { cellarAccess } from '../../cellar/cellar-access';
import { httpRoute } from '../../platform/http';
import { viewer } from '../viewer';
import { updateCartItem } from './cart-service';

export const handler = httpRoute(
  'PATCH /api/wine-cellars/cellars/{id}/nbs/cart-items/{itemId}',
  { params: pathIds('id', 'itemId'), body: CartItemUpdate, access: cellarAccess },
  async (req) => ({
    payload: await updateCartItem(req.params.id ?? '', req.params.itemId ?? '', req.body, viewer(req)),
  }),
);
