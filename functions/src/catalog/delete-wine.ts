import { pathIds } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { deleteWine } from './admin-service';

export const handler = httpRoute('DELETE /api/wines/{id}', { params: pathIds('id') }, async (req) => {
  await deleteWine(req.params.id ?? '', req.principal as Principal);
  return { status: 204 };
});
