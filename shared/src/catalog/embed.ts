import * as z from 'zod/mini';
import { tokenField } from '../schema-primitives';
import { boolParam } from './search-query';
import type { MainCategory } from './wines';

/** A wine card embedded on another site. */

/**
 * Embed page options: the embed's owner, the signed-in account that made its code, chooses what the card
 * shows. A price shows only with `priceKey`, which only a signed-in account gets (`EmbedPriceKey`).
 */
export const EmbedQuery = z.object({
  showPrice: boolParam,
  showRating: boolParam,
  priceKey: z.optional(tokenField(0, 64, 'invalidValue')),
});

/** `GET /api/embed/wines/{id}/price-key`: lets an embed of this wine show its price. */
export interface EmbedPriceKey {
  priceKey: string;
}

/** `GET /api/embed/wines/{id}`: what an embedded wine card shows; price and rating only when asked for. */
export interface EmbeddedWine {
  id: string;
  name: string;
  producer?: string;
  vintage: number | null;
  imageUrl?: string;
  /** Its style: a wine without a photo is drawn as a bottle of that style. */
  mainCategoryId?: MainCategory;
  country?: string;
  region?: string;
  rating?: number | null;
  expertRating?: number | null;
  price?: number;
  currency?: string;
}
