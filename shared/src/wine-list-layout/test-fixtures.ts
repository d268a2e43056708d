import type { CellarWine } from '../cellar-wines';
import { DEFAULT_WINE_LIST_LAYOUT, type WineListEntry, type WineListLayout } from '../wine-lists';
import { entryOf } from './compose';

/** A cellar wine for the layout's tests. */
export function cellarWine(overrides: Partial<CellarWine> = {}): CellarWine {
  return {
    id: 'w1',
    cellarId: 'c1',
    ownerId: 'o1',
    source: 'CUSTOM',
    wineName: 'Barolo Cannubi',
    producerName: 'Vietti',
    vintage: 2019,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    grapes: [],
    wineDisplayName: 'Vietti Barolo Cannubi 2019',
    quantity: 6,
    placements: [],
    sellingPrice: 129_000,
    sellingPriceLocked: false,
    showBottleSizeInList: false,
    priceFormat: 'display',
    currency: 'NOK',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as CellarWine;
}

export function entry(
  overrides: Partial<CellarWine> = {},
  visible: string[] = [],
  origin?: string,
): WineListEntry {
  return entryOf(cellarWine(overrides), {
    locale: 'nb',
    defaultGlassSize: 12,
    visibleCategoryIds: new Set(visible),
    lowStockThreshold: 2,
    ...(origin ? { origin } : {}),
  });
}

export function layoutWith(overrides: Partial<WineListLayout> = {}): WineListLayout {
  return { ...DEFAULT_WINE_LIST_LAYOUT, ...overrides };
}
