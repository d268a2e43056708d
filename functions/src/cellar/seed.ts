/**
 * Demo cellars: the demo restaurant's holds a few hundred real wines from the catalogue across locations
 * and sub-locations, priced, categorised for the wine list, some split between two places, a few at 0
 * bottles and a few custom wines; the demo private user has a small one. Everything goes through the
 * cellar services, so the history is there too. Also stores the exchange rates the cellar converts with.
 */
import { createHash } from 'node:crypto';
import { CellarWineInput, type MainCategory } from '@kork/shared';
import { allWines, type WineRecord } from '../catalog/wine-lookup';
import type { SeedStep } from '../data/seed-step';
import type { Principal } from '../platform/auth';
import { createCategory } from './categories/category-service';
import { storeRates } from './currency/exchange-rate-service';
import { inventoryOf } from './kernel/wine-reads';
import { createLocation } from './locations/location-service';
import { createOwnWines } from './wines/cellar-wine-adds';
import { moveOwnWines } from './wines/cellar-wine-moves';

const RESTAURANT = 'demo-restaurant';
const PRIVATE = 'demo-private';
const RESTAURANT_WINES = 300;
const PRIVATE_WINES = 12;
const WINE_STYLES: readonly MainCategory[] = [
  'red',
  'white',
  'rose',
  'sparkling',
  'dessert',
  'fortified',
  'orange',
];

function hash(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0);
}

/** Wines of the catalogue, spread over styles and prices, picked the same way every time. */
async function pickWines(count: number, salt: string): Promise<WineRecord[]> {
  const candidates: WineRecord[] = [];
  for await (const page of allWines()) {
    for (const wine of page) {
      if (wine.status !== 'active' || !WINE_STYLES.includes(wine.mainCategoryId as MainCategory)) continue;
      if (!wine.priceMinor || wine.bottleSize < 0.3 || wine.bottleSize > 3) continue;
      candidates.push(wine);
    }
  }
  return candidates.sort((a, b) => hash(`${salt}:${a.id}`) - hash(`${salt}:${b.id}`)).slice(0, count);
}

/** Restaurant prices: bought at about 80 % of the shelf price ex VAT, sold at about 2.4× with VAT, rounded to 10 kr. */
function pricesFor(wine: WineRecord, index: number) {
  const shelf = wine.priceMinor ?? 20_000;
  const purchasePriceWovat = Math.round((shelf / 1.25) * 0.8);
  const sellingPrice = Math.round((purchasePriceWovat * 1.25 * 2.4) / 1000) * 1000;
  return {
    purchasePriceWovat,
    sellingPrice,
    sellingPriceLocked: index % 9 === 0,
    pricePerGlass: wine.bottleSize === 0.75 ? Math.round(sellingPrice / 5 / 1000) * 1000 : undefined,
  };
}

async function locations(ownerId: string, tree: Record<string, string[]>): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [top, subs] of Object.entries(tree)) {
    const parent = await createLocation(ownerId, { name: top });
    ids.set(top, parent.id);
    for (const sub of subs)
      ids.set(sub, (await createLocation(ownerId, { name: sub, parentId: parent.id })).id);
  }
  return ids;
}

async function restaurantCellar(log: (line: string) => void): Promise<number> {
  const owner: Principal = { userId: RESTAURANT, role: 'user' };
  const places = await locations(RESTAURANT, {
    Vinkjeller: ['Reol A', 'Reol B', 'Reol C'],
    Bar: ['Kjøleskap', 'Bakbar'],
    Lager: [],
  });
  const shelves = ['Reol A', 'Reol B', 'Reol C', 'Kjøleskap', 'Bakbar', 'Lager'];
  const categories = new Map<MainCategory, string>();
  for (const [style, name] of [
    ['sparkling', 'Musserende'],
    ['white', 'Hvitvin'],
    ['rose', 'Rosévin'],
    ['orange', 'Oransjevin'],
    ['red', 'Rødvin'],
    ['dessert', 'Dessertvin'],
    ['fortified', 'Sterkvin'],
  ] as const) {
    categories.set(style, (await createCategory(RESTAURANT, { name })).id);
  }
  const byGlass = (await createCategory(RESTAURANT, { name: 'Vin på glass' })).id;

  const wines = await pickWines(RESTAURANT_WINES, 'restaurant');
  const inputs: CellarWineInput[] = wines.map((wine, index) => {
    const style = wine.mainCategoryId as MainCategory;
    const shelf =
      style === 'sparkling' || style === 'white' || style === 'rose'
        ? 'Kjøleskap'
        : shelves[hash(wine.id) % shelves.length];
    return {
      wineId: wine.id,
      // Every 25th wine is sold out: it stays in the cellar, marked, and off the wine lists.
      quantity: index % 25 === 0 ? 0 : 1 + (hash(`q:${wine.id}`) % 18),
      locationId: places.get(shelf as string),
      wineListCategoryId: index % 11 === 0 ? byGlass : categories.get(style),
      supplier: wine.wholesaler,
      // The sommelier's own drinking window on every third wine, so "drink now" has something to say.
      ...(index % 3 === 0
        ? {
            drinkingWindowFrom: 2022 + (hash(`w:${wine.id}`) % 6),
            drinkingWindowTo: 2027 + (hash(`w:${wine.id}`) % 8),
          }
        : {}),
      productId: wine.vinmonopoletNumber,
      ...pricesFor(wine, index),
    };
  });
  const custom: CellarWineInput[] = [
    {
      source: 'CUSTOM',
      wineName: 'Husets røde',
      producerName: 'Fjord Bistro',
      vintage: 2022,
      bottleSize: 0.75,
      quantity: 24,
      mainCategoryId: 'red',
      country: 'Italia',
      purchasePriceWovat: 9_000,
      sellingPrice: 49_000,
      locationId: places.get('Lager'),
    },
    {
      source: 'CUSTOM',
      wineName: 'Husets hvite',
      producerName: 'Fjord Bistro',
      vintage: 2023,
      bottleSize: 0.75,
      quantity: 18,
      mainCategoryId: 'white',
      country: 'Spania',
      purchasePriceWovat: 8_500,
      sellingPrice: 47_000,
      locationId: places.get('Kjøleskap'),
    },
    {
      source: 'CUSTOM',
      wineName: 'Eplemost fra Hardanger',
      vintage: null,
      bottleSize: 0.5,
      quantity: 30,
      mainCategoryId: 'nonAlcoholic',
      country: 'Norge',
      purchasePriceWovat: 3_000,
      sellingPrice: 12_000,
      locationId: places.get('Bakbar'),
    },
    {
      source: 'CUSTOM',
      wineName: 'Magnum fra vinbonden',
      producerName: 'Domaine Vinbonde',
      vintage: 2015,
      bottleSize: 1.5,
      quantity: 2,
      mainCategoryId: 'red',
      country: 'Frankrike',
      drinkingWindowFrom: 2024,
      drinkingWindowTo: 2032,
      purchasePriceWovat: 60_000,
      sellingPrice: 250_000,
      sellingPriceLocked: true,
      locationId: places.get('Reol C'),
    },
  ];
  const created = await createOwnWines(
    RESTAURANT,
    [...inputs, ...custom].map((input) => CellarWineInput.parse(input)),
    owner,
    { bulk: true },
  );
  log(`  demo restaurant: ${created.length} wines in ${places.size} locations`);
  // Some wines are kept in two places: a few bottles went up to the bar.
  const toBar = created.filter((wine, index) => index % 10 === 3 && wine.quantity >= 4).slice(0, 20);
  await moveOwnWines(
    RESTAURANT,
    toBar.map((wine) => ({
      ownWineId: wine.id,
      fromLocationId: wine.placements[0]?.locationId ?? null,
      toLocationId: places.get('Bakbar') ?? null,
      quantity: 2,
    })),
    owner,
  );
  return created.length;
}

async function privateCellar(): Promise<number> {
  const owner: Principal = { userId: PRIVATE, role: 'user' };
  const places = await locations(PRIVATE, { Vinskap: ['Øverste hylle'], Bod: [] });
  const wines = await pickWines(PRIVATE_WINES, 'private');
  const inputs = wines.map((wine, index) => ({
    source: 'KORK' as const,
    wineId: wine.id,
    quantity: 1 + (index % 4),
    locationId:
      index % 3 === 0 ? places.get('Øverste hylle') : index % 3 === 1 ? places.get('Vinskap') : undefined,
    purchasePriceWvat: wine.priceMinor,
    // The collector's own drinking windows on three wines in four (a few already past), so "what should I
    // drink now?" and the home's figures have something to say; the rest are left open.
    ...(index % 4 === 3
      ? {}
      : (() => {
          const from = 2021 + (hash(`pw:${wine.id}`) % 5);
          return { drinkingWindowFrom: from, drinkingWindowTo: from + 2 + (hash(`pt:${wine.id}`) % 9) };
        })()),
  }));
  const created = await createOwnWines(
    PRIVATE,
    inputs.map((input) => CellarWineInput.parse(input)),
    owner,
    { bulk: true },
  );
  return created.length;
}

export const cellarSeed: SeedStep = {
  name: 'cellar.demo-cellars',
  version: 1,
  description: 'demo cellars for the restaurant and the private user, and exchange rates',
  async run(log) {
    await storeRates();
    if ((await inventoryOf(RESTAURANT)).length > 0) return 'demo cellars already there';
    const restaurant = await restaurantCellar(log);
    const own = await privateCellar();
    return `${restaurant} wines in the demo restaurant's cellar, ${own} in the private user's`;
  },
};
