import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { wineDetail } from './wine-detail-service';

export const handler = httpRoute('GET /api/wines/{id}', { params: pathIds('id') }, async (req) => ({
  payload: await wineDetail(req.params.id ?? '', req),
}));
