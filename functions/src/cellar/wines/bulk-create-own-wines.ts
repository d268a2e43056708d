import { BulkCreateInput, pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { createOwnWines } from './cellar-wine-adds';

/** Up to 500 wines; written 50 to a transaction, so whatever is written is whole wines with their history. */
export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/own-wines/bulk_create',
  { params: pathIds('id'), owner: 'id', body: BulkCreateInput },
  async (req) => {
    const rows = await createOwnWines(req.params.id ?? '', req.body.ownWines, req.principal as Principal, {
      bulk: true,
    });
    return { status: 201, payload: { rows, count: rows.length } };
  },
);
