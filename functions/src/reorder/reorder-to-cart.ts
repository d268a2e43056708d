import { pathIds, ReorderCartInput } from '@kork/shared';
import { viewer } from '../marketplace/viewer';
import { ValidationError } from '../platform/errors';
import { httpRoute } from '../platform/http';
import { IDEMPOTENCY_HEADER } from '../platform/idempotency';
import { reorderIntoCart } from './reorder-service';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/reorder/cart',
  { params: pathIds('id'), owner: 'id', body: ReorderCartInput },
  async (req) => {
    // A reorder fills the cart: sent again (a lost answer, a second tap), it must not fill it twice.
    if (!req.headers[IDEMPOTENCY_HEADER]) throw new ValidationError({ 'Idempotency-Key': 'required' });
    return {
      status: 201,
      payload: await reorderIntoCart(req.params.id ?? '', req.body, viewer(req), req.locale),
    };
  },
);
