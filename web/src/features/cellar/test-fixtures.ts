import {
  type Cellar,
  type CellarLocation,
  type CellarWine,
  defaultVats,
  type LoginResult,
  type User,
} from '@kork/shared';

/** The owner of the test cellar, signed in as `cellarOwnerSession()`. */
const CELLAR_OWNER = {
  id: 'u1',
  email: 'ingrid@example.com',
  fullName: 'Ingrid Vik',
  role: 'user',
} as User;

/** What signing in as the owner of the test cellar answers, for `startSession`. */
export function cellarOwnerSession(): LoginResult {
  return { access_token: 'header.e30.signature', user: CELLAR_OWNER };
}

/** The test cellar `c1` of `u1`: NOK, 15 cl glasses and the Norwegian 25 % VAT on every style. */
export function cellarFixture(overrides: Partial<Cellar> = {}): Cellar {
  return {
    id: 'c1',
    ownerId: 'u1',
    baseCurrency: 'NOK',
    defaultGlassSize: 15,
    vats: defaultVats(),
    countTenths: false,
    images: [],
    createdAt: '2025-01-10T10:00:00Z',
    updatedAt: '2025-01-10T10:00:00Z',
    ...overrides,
  };
}

/**
 * Six bottles of Brezza Barolo Cannubi 2019 in the test cellar, all Uncategorized. Overriding the
 * placements alone makes the quantity their sum.
 */
export function cellarWineFixture(overrides: Partial<CellarWine> = {}): CellarWine {
  const quantity =
    overrides.placements && overrides.quantity === undefined
      ? overrides.placements.reduce((sum, placement) => sum + placement.quantity, 0)
      : 6;
  return {
    id: 'w1',
    cellarId: 'c1',
    ownerId: 'u1',
    source: 'KORK',
    wineId: 'cat-1',
    wineName: 'Barolo Cannubi',
    producerName: 'Brezza',
    vintage: 2019,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    country: 'Italy',
    grapes: [{ name: 'Nebbiolo' }],
    wineDisplayName: 'Brezza Barolo Cannubi 2019',
    quantity,
    placements: [{ locationId: null, quantity: 6 }],
    sellingPriceLocked: false,
    showBottleSizeInList: false,
    priceFormat: 'display',
    currency: 'NOK',
    createdAt: '2025-02-01T10:00:00Z',
    updatedAt: '2025-02-01T10:00:00Z',
    ...overrides,
  };
}

/** An empty location of the test cellar, first among its siblings. */
export function locationFixture(
  id: string,
  name: string,
  parentId: string | null = null,
  overrides: Partial<CellarLocation> = {},
): CellarLocation {
  return { id, name, parentId, bottles: 0, order: 0, createdAt: '2025-01-10T10:00:00Z', ...overrides };
}

/** The Fridge and Rack A, with Shelf 2 inside Rack A: all empty. */
export function locationsFixture(): CellarLocation[] {
  return [
    locationFixture('fridge', 'Fridge'),
    locationFixture('rack', 'Rack A'),
    locationFixture('shelf', 'Shelf 2', 'rack'),
  ];
}
