import { type Cellar, CheckoutInput, pathIds } from '@kork/shared';
import { cellarAccess } from '../../cellar/cellar-access';
import { httpRoute } from '../../platform/http';
import { viewer } from '../viewer';
import { checkout } from './checkout-service';

export const handler = httpRoute(
  'POST /api/wine-cellars/cellars/{id}/nbs/checkout',
  { params: pathIds('id'), body: CheckoutInput, access: cellarAccess },
  async (req) => ({
    status: 201,
    // The cellar as the access check found it, owned by the caller (or an admin): not read again.
    payload: await checkout(req.access as Cellar, req.body, req.headers['idempotency-key'], viewer(req)),
  }),
);
