import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { cancelImport } from './import-jobs';

/** Cancels an unfinished import: nothing more is written; wines already written stay whole. */
export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/imports/{importId}',
  { params: pathIds('id', 'importId'), owner: 'id' },
  async (req) => ({ payload: await cancelImport(req.params.id, req.params.importId) }),
);
