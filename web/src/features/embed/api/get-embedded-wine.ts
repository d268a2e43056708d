import type { EmbeddedWine } from '@kork/shared';
import { api } from '../../../lib/api-client';

export interface EmbedOptions {
  showPrice: boolean;
  showRating: boolean;
  /** The key the embed's owner got for the wine; without it the API leaves the price out. */
  priceKey?: string;
}

/** `GET /api/embed/wines/{id}`: what an embedded wine card shows; price and rating only when asked for. */
export function getEmbeddedWine(
  id: string,
  options: EmbedOptions,
  signal?: AbortSignal,
): Promise<EmbeddedWine> {
  return api.get<EmbeddedWine>(`/embed/wines/${encodeURIComponent(id)}`, {
    query: { showPrice: options.showPrice, showRating: options.showRating, priceKey: options.priceKey },
    signal,
  });
}
