import { pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { viewer } from '../viewer';
import { deleteCartItem } from './cart-service';

export const handler = httpRoute(
  'DELETE /api/wine-cellars/cellars/{id}/nbs/cart-items/{itemId}',
  { params: pathIds('id', 'itemId') },
  async (req) => ({
    payload: await deleteCartItem(req.params.id ?? '', req.params.itemId ?? '', viewer(req)),
  }),
);
