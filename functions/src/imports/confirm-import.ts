import { NoBody, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { confirmImport } from './import-decisions';

/** Starts writing the confirmed lines to the cellar (202); asked again, answers the job as it is. */
export const handler = httpRoute(
  'POST /api/wine-cellars/users/{id}/imports/{importId}/confirm',
  { params: pathIds('id', 'importId'), owner: 'id', body: NoBody },
  async (req) => {
    const { status, job } = await confirmImport(req.params.id, req.params.importId);
    return { status, payload: job };
  },
);
