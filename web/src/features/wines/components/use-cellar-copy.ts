import type { Cellar, CellarLocation, CellarWine, WineDetail, WineListCategory, WineRow } from '@kork/shared';
import { useEffect, useState } from 'react';
import { listOwnWines } from '../../cellar/api/list-own-wines';
import { listLocations } from '../../cellar/api/locations';
import { useCategories, useCellar } from '../../cellar/wines/use-cellar-data';
import { type Resource, useResource } from '../use-resource';

/** Copies of one catalogue wine a cellar holds: normally one, more when it was bought more than once. */
const COPIES = 20;

/**
 * The viewer's own copies of a catalogue wine (`GET …/own-wines?wineId=…`), the one added first first,
 * so a copy keeps its place between visits. Waits while the viewer is not known yet; `reload` keeps the
 * copies shown until the new answer is there.
 */
export function useCellarCopy(userId: string | undefined, wineId: string): Resource<CellarWine[]> {
  return useResource(userId ? `${userId}|${wineId}` : null, (signal) =>
    listOwnWines(userId as string, { wineId: [wineId], resultsPerPage: COPIES, page: 1 }, signal).then(
      (page) => [...page.rows].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    ),
  );
}

export interface CellarContext {
  /** The cellar's settings: base currency, default glass size, VAT. */
  cellar: Cellar | undefined;
  locations: Resource<CellarLocation[]>;
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
  const key = wanted && userId ? userId : null;
  // Locations are a resource of their own: the locations dialog shows their loading and error states.
  const locations = useResource(key, (signal) =>
    listLocations(userId as string, signal).then((page) => page.rows),
  );
  return { cellar: useCellar(key), locations, categories: useCategories(key) };
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
