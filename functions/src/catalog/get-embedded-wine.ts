import { EmbedQuery, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { isEmbedPriceKey } from './embed-price-key';
import { embeddedWine } from './wine-detail-service';

export const handler = httpRoute(
  'GET /api/embed/wines/{id}',
  { params: pathIds('id'), query: EmbedQuery },
  async (req) => {
    const id = req.params.id ?? '';
    const { showRating, showPrice, priceKey } = req.query;
    // Prices are for registered users: the card shows one only when the account that made the embed chose
    // it, which its key proves (embed-price-key.ts). Anyone can add `showPrice=true` to an address.
    const withPrice = showPrice === true && isEmbedPriceKey(id, priceKey);
    return {
      payload: await embeddedWine(id, { showRating, showPrice: withPrice }, req.currency),
      // Embeds are shown on other sites to anyone; a short shared cache keeps them cheap.
      headers: { 'cache-control': 'public, max-age=300' },
    };
  },
);
