import { pathIds } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { wineSuppliers } from './suppliers';

export const handler = httpRoute('GET /api/wines/{id}/suppliers', { params: pathIds('id') }, async (req) => ({
  payload: await wineSuppliers(req.params.id ?? '', req),
}));
