import { pathIds, TastingUpdateInput } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { changeableNote, updateTasting } from './tasting-service';

export const handler = httpRoute(
  'PATCH /api/tastings/{id}',
  {
    params: pathIds('id'),
    body: TastingUpdateInput,
    access: (req) => changeableNote(req.params.id, req.principal as Principal),
  },
  async (req) => ({
    payload: await updateTasting(req.params.id ?? '', req.body, req.principal as Principal),
  }),
);
