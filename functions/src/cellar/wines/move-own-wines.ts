import { MoveInput, pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import { httpRoute } from '../../platform/http';
import { moveOwnWines } from './cellar-wine-moves';

export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/own-wines/move',
  { params: pathIds('id'), owner: 'id', body: MoveInput },
  async (req) => {
    const rows = await moveOwnWines(req.params.id ?? '', req.body.moves, req.principal as Principal);
    return { payload: { rows, count: rows.length } };
  },
);
