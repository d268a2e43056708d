import { CostQuery, pathIds } from '@kork/shared';
import { cellarOf } from '../cellar/cellar-service';
import { getOwnWine } from '../cellar/wines/cellar-wine-reads';
import { httpRoute } from '../platform/http';
import { dutiesToday, wineCost } from './duties-service';

/**
 * One cellar wine's cost per bottle on a day (today in Norway without one): net price, excise, packaging
 * tax, deposit, VAT at the style's percentage in the cellar's settings, and the total, in the wine's
 * currency. The owner (or an admin) only; a wine not in the owner's cellar is 404.
 */
export const handler = httpRoute(
  'GET /api/wine-cellars/users/{id}/own-wines/{ownWineId}/cost',
  { params: pathIds('id', 'ownWineId'), query: CostQuery, owner: 'id' },
  async (req) => {
    const ownerId = req.params.id ?? '';
    const [wine, cellar] = await Promise.all([
      getOwnWine(ownerId, req.params.ownWineId ?? ''),
      cellarOf(ownerId),
    ]);
    return {
      payload: await wineCost(wine, cellar.vats[wine.mainCategoryId], req.query.date ?? dutiesToday()),
    };
  },
);
