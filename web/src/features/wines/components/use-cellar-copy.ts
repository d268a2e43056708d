import type { Cellar, CellarLocation, CellarWine, WineDetail, WineListCategory, WineRow } from '@kork/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  categoriesQuery,
  cellarCopiesQuery,
  cellarSettingsQuery,
  locationsQuery,
} from '../../cellar/api/cellar-queries';

/**
 * The viewer's own copies of a catalogue wine (`GET …/own-wines?wineId=…`), the one added first first,
 * so a copy keeps its place between visits. Waits while the viewer is not known yet; a refetch keeps the
 * copies shown until the new answer is there.
 */
export function useCellarCopy(userId: string | undefined, wineId: string): UseQueryResult<CellarWine[]> {
  return useQuery({ ...cellarCopiesQuery(userId ?? '', wineId), enabled: userId !== undefined });
}

export interface CellarContext {
  /** The cellar's settings: base currency, default glass size, VAT. */
  cellar: Cellar | undefined;
  locations: UseQueryResult<CellarLocation[]>;
  categories: WineListCategory[] | undefined;
}

/**
 * What the cellar tabs need besides the wine: the cellar, its locations and its wine list categories.
 * Nothing is fetched until `needed` turns true (the viewer holds the wine, or is adding it), and then it
 * stays fetched, so a visit to a wine nobody holds costs one request.
 */
export function useCellarContext(userId: string | undefined, needed: boolean): CellarContext {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (needed) setWanted(true);
  }, [needed]);
  const enabled = wanted && userId !== undefined;
  const id = userId ?? '';
  // The locations dialog shows their loading and error states; the cellar and categories may be missing.
  const locations = useQuery({ ...locationsQuery(id), enabled });
  const cellar = useQuery({ ...cellarSettingsQuery(id), enabled }).data ?? undefined;
  const categories = useQuery({ ...categoriesQuery(id), enabled }).data;
  return { cellar, locations, categories };
}

/** The catalogue wine as a search result row: what the add dialog's catalogue form starts on. */
export function toWineRow(wine: WineDetail): WineRow {
  return {
    id: wine.id,
    name: wine.name,
    producer: wine.producer,
    vintage: wine.vintage,
    bottleSize: wine.bottleSize,
    mainCategoryId: wine.mainCategoryId,
    style: wine.style,
    country: wine.country,
    region: wine.region,
    grapes: wine.grapes.map((grape) => grape.name),
    imageUrl: wine.imageUrl,
    price: wine.price,
    currency: wine.currency,
    isAvailable: wine.isAvailable,
    rating: wine.rating,
    expertRating: wine.expertRating,
    expertCount: wine.expertCount,
    communityRating: wine.communityRating,
    communityCount: wine.communityCount,
  };
}
