import type { EmbedPriceKey } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/embed/wines/{id}/price-key`: signed in only; lets an embed code show the wine's price. */
export function getEmbedPriceKey(id: string, signal?: AbortSignal): Promise<EmbedPriceKey> {
  return api.get<EmbedPriceKey>(`/embed/wines/${encodeURIComponent(id)}/price-key`, { signal });
}
