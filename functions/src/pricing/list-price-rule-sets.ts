import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listRuleSets } from './rule-sets';

export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/price-rules',
  { params: pathIds('id'), owner: 'id' },
  async (req) => ({ payload: await listRuleSets(req.params.id ?? '') }),
);
