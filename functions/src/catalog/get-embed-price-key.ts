import { type EmbedPriceKey, pathIds } from '@kork/shared';
import { NotFoundError } from '../platform/errors';
import { httpRoute } from '../platform/http';
import { getWine } from './catalog-store';
import { embedPriceKey } from './embed-price-key';

/** A signed-in account may publish a wine's price on its own site: the key its embed code carries. */
export const handler = httpRoute(
  'GET /api/embed/wines/{id}/price-key',
  { params: pathIds('id') },
  async (req) => {
    const id = req.params.id ?? '';
    const wine = await getWine(id);
    if (wine?.status !== 'active') throw new NotFoundError();
    const payload: EmbedPriceKey = { priceKey: embedPriceKey(id) };
    return { payload, headers: { 'cache-control': 'private, no-store' } };
  },
);
