import { httpRoute } from '../platform/http';
import { wineDetail } from './search-service';

export const handler = httpRoute('GET /api/wines/{id}', {}, async (req) => ({
  payload: await wineDetail(req.params.id ?? '', req),
}));
