import { queryOptions } from '@tanstack/react-query';
import { getEmbedPriceKey } from './get-embed-price-key';
import { type EmbedOptions, getEmbeddedWine } from './get-embedded-wine';

/** The embed endpoints as TanStack Query options. */
export const embedPriceKeyQuery = (wineId: string) =>
  queryOptions({
    queryKey: ['embed-price-key', wineId] as const,
    queryFn: ({ signal }) => getEmbedPriceKey(wineId, signal),
    retry: false,
  });

export const embeddedWineQuery = (wineId: string, options: EmbedOptions) =>
  queryOptions({
    queryKey: ['embedded-wine', wineId, options] as const,
    queryFn: ({ signal }) => getEmbeddedWine(wineId, options, signal),
    retry: false,
  });
