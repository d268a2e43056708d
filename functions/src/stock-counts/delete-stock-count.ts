import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { deleteStockCount } from './stock-count-service';

export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/stock-counts/{countId}',
  { params: pathIds('id', 'countId'), owner: 'id' },
  async (req) => {
    await deleteStockCount(req.params.id ?? '', req.params.countId ?? '');
    return { status: 204 };
  },
);
