import { NewCellarWineInput, pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { createOwnWines } from './cellar-wine-adds';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/own-wines',
  { params: pathIds('id'), owner: 'id', body: NewCellarWineInput },
  async (req) => {
    const [wine] = await createOwnWines(req.params.id ?? '', [req.body], req.principal as Principal, {
      bulk: false,
    });
    return { status: 201, payload: wine };
  },
);
