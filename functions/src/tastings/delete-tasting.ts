import { pathIds } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { deleteTasting } from './tasting-service';

export const handler = httpRoute('DELETE /api/tastings/{id}', { params: pathIds('id') }, async (req) => {
  await deleteTasting(req.params.id ?? '', req.principal as Principal);
  return { status: 204 };
});
