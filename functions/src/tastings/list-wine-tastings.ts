import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { wineTastings } from './tasting-service';

export const handler = httpRoute('GET /api/wines/{id}/tastings', { params: pathIds('id') }, async (req) => ({
  payload: await wineTastings(req.params.id ?? '', req.principal),
}));
