import { pathIds } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { deleteSale } from './sale-writes';

/** Answers the deleted sale: its bottles are back in stock. */
export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/sales/{saleId}',
  { params: pathIds('id', 'saleId'), owner: 'id' },
  async (req) => ({
    payload: await deleteSale(req.params.id ?? '', req.params.saleId ?? '', req.principal as Principal),
  }),
);
