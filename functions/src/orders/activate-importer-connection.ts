import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { activateConnection, ImporterConnectionActivation } from './importer-connections';

export const handler = httpRoute(
  'POST /api/admin/importer-connections/activate',
  { body: ImporterConnectionActivation },
  async (req) => ({ payload: await activateConnection(req.body, req.principal as Principal) }),
);
