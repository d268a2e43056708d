import { accountsSeed } from '@kork/functions/accounts/seed';
import { allWines, type WineRecord } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { db } from '@kork/functions/data/entities';
import type {
  Cellar,
  CellarDashboard,
  CellarLocation,
  CellarWine,
  CellarWinePage,
  HistoryEntry,
  SharedLocationView,
  WineListCategory,
} from '@kork/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, catalogSeed],
  signIn: ['private', 'restaurant', 'expert', 'sommelier', 'critic', 'admin'],
});
const { tokens, userIds } = accounts;
/** Active catalogue wines, by style. */
const catalog: { red: WineRecord[]; white: WineRecord[]; windowed: WineRecord } = {
  red: [],
  white: [],
  windowed: undefined as unknown as WineRecord,
};
const WINDOW = { from: 2020, to: 2090 };

beforeAll(async () => {
  for await (const page of allWines()) {
    for (const wine of page) {
      if (wine.status !== 'active' || wine.vintage == null) continue;
      if (wine.mainCategoryId === 'red') catalog.red.push(wine);
      if (wine.mainCategoryId === 'white') catalog.white.push(wine);
    }
  }
  expect(catalog.red.length).toBeGreaterThan(3);
  expect(catalog.white.length).toBeGreaterThan(3);
  // The generated catalogue has no drinking windows: give one wine a window the cellar should copy.
  catalog.windowed = catalog.red[0] as WineRecord;
  await db()
    .entities.wine.patch({ id: catalog.windowed.id })
    .set({ suggestedDrinkingWindowFrom: WINDOW.from, suggestedDrinkingWindowTo: WINDOW.to })
    .go();
});

// — helpers —

const base = (user: string) => `/api/wine-cellars/users/${userIds[user]}`;

const addWine = (user: string, body: Record<string, unknown>) => accounts.addWine(user, body);

async function list(user: string, query = ''): Promise<CellarWinePage> {
  const answer = await origin.api<CellarWinePage>('GET', `${base(user)}/own-wines${query}`, {
    token: tokens[user],
  });
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(200);
  return answer.payload;
}

const getWine = (user: string, id: string) => accounts.getWine(user, id);

async function patchWine(user: string, id: string, json: Record<string, unknown>) {
  return origin.api<CellarWine>('PATCH', `${base(user)}/own-wines/${id}`, { token: tokens[user], json });
}

async function createLocation(user: string, name: string, parentId?: string): Promise<CellarLocation> {
  const answer = await origin.api<CellarLocation>('POST', `${base(user)}/locations`, {
    token: tokens[user],
    json: { name, parentId },
  });
  expect(answer.status).toBe(201);
  return answer.payload;
}

async function locations(user: string): Promise<CellarLocation[]> {
  return (
    await origin.api<{ rows: CellarLocation[] }>('GET', `${base(user)}/locations`, { token: tokens[user] })
  ).payload.rows;
}

async function createCategory(user: string, name: string, parentId?: string): Promise<WineListCategory> {
  const answer = await origin.api<WineListCategory>('POST', `${base(user)}/wine-list-categories`, {
    token: tokens[user],
    json: { name, parentId },
  });
  expect(answer.status).toBe(201);
  return answer.payload;
}

async function categories(user: string): Promise<WineListCategory[]> {
  return (
    await origin.api<{ rows: WineListCategory[] }>('GET', `${base(user)}/wine-list-categories`, {
      token: tokens[user],
    })
  ).payload.rows;
}

async function history(user: string, query = ''): Promise<{ rows: HistoryEntry[]; count: number }> {
  const answer = await origin.api<{ rows: HistoryEntry[]; count: number }>(
    'GET',
    `${base(user)}/history${query}`,
    { token: tokens[user] },
  );
  expect(answer.error).toBeUndefined();
  return answer.payload;
}

async function cellarOf(user: string): Promise<Cellar> {
  const answer = await origin.api<{ rows: Cellar[] }>('GET', `${base(user)}/cellars`, {
    token: tokens[user],
  });
  return answer.payload.rows[0] as Cellar;
}

function custom(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    source: 'CUSTOM',
    wineName: name,
    producerName: 'Testprodusent',
    vintage: 2019,
    bottleSize: 0.75,
    quantity: 1,
    ...extra,
  };
}

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id).sort();

/** mulberry32: the same "random" sequence every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 1, height: 1, channels: 3, background: '#7b2236' } })
    .png()
    .toBuffer();
}

function imageForm(content: Buffer | string, type: string, name: string): FormData {
  const form = new FormData();
  const bytes = typeof content === 'string' ? content : new Uint8Array(content);
  form.set('image', new Blob([bytes], { type }), name);
  return form;
}

// — 1. listing —

describe('listing cellar wines with filters, sort, paging and totals', () => {
  const user = 'private';
  const w: Record<string, CellarWine> = {};
  let all: CellarWine[];
  let cellarA: CellarLocation;
  let shelfB: CellarLocation;
  let cabinetC: CellarLocation;

  beforeAll(async () => {
    cellarA = await createLocation(user, 'Kjeller');
    shelfB = await createLocation(user, 'Hylle 1', cellarA.id);
    cabinetC = await createLocation(user, 'Skap');
    w.red = await addWine(user, {
      wineId: catalog.windowed.id,
      quantity: 3,
      locationId: cellarA.id,
      purchasePriceWovat: 10_000,
    });
    w.white = await addWine(user, {
      wineId: (catalog.white[0] as WineRecord).id,
      quantity: 2,
      locationId: shelfB.id,
      purchasePriceWvat: 20_000,
      sellingPrice: 40_000,
    });
    w.leoville = await addWine(
      user,
      custom('Château Léoville Testcuvée', {
        producerName: 'Domaine Éclat',
        vintage: 2015,
        country: 'Slovenia',
        quantity: 4,
        locationId: cabinetC.id,
        drinkingWindowFrom: 2020,
        drinkingWindowTo: 2100,
        sellingPrice: 30_000,
      }),
    );
    // A wine is added with at least one bottle; a batch import may bring one with none.
    const nv = await origin.api<{ rows: CellarWine[] }>('POST', `${base(user)}/own-wines/bulk_create`, {
      token: tokens[user],
      json: {
        ownWines: [
          custom('Rosé Sans Année', {
            vintage: null,
            mainCategoryId: 'rose',
            quantity: 0,
            country: 'Georgia',
          }),
        ],
      },
    });
    expect(nv.status).toBe(201);
    w.nv = nv.payload.rows[0] as CellarWine;
    w.bubbles = await addWine(
      user,
      custom('Bobler', {
        vintage: 2018,
        mainCategoryId: 'sparkling',
        quantity: 5,
        country: 'Georgia',
        drinkingWindowFrom: 2000,
        drinkingWindowTo: 2005,
        purchasePriceWovat: 8_000,
      }),
    );
    all = (await list(user, '?resultsPerPage=500')).rows;
    expect(all).toHaveLength(5);
  });

  it('filters by style with a comma list', async () => {
    const page = await list(user, '?mainCategoryId=red,white');
    expect(ids(page.rows)).toEqual(ids([w.red, w.white, w.leoville] as CellarWine[]));
    expect(page.count).toBe(3);
  });

  it('filters by source', async () => {
    expect(ids((await list(user, '?source=CUSTOM')).rows)).toEqual(
      ids([w.leoville, w.nv, w.bubbles] as CellarWine[]),
    );
    expect(ids((await list(user, '?source=KORK')).rows)).toEqual(ids([w.red, w.white] as CellarWine[]));
  });

  it('finds the cellar copies of catalogue wines by wineId, a comma list', async () => {
    const red = w.red as CellarWine;
    const white = w.white as CellarWine;
    expect(ids((await list(user, `?wineId=${red.wineId}`)).rows)).toEqual([red.id]);
    expect(ids((await list(user, `?wineId=${red.wineId},${white.wineId}`)).rows)).toEqual(ids([red, white]));
    expect((await list(user, '?wineId=not-in-this-cellar')).count).toBe(0);
  });

  it('filters by location including sub-locations, and by Uncategorized', async () => {
    const inA = (await list(user, `?locationId=${cellarA.id}`)).rows;
    expect(ids(inA)).toEqual(ids([w.red, w.white] as CellarWine[]));
    const inB = (await list(user, `?locationId=${shelfB.id}`)).rows;
    expect(ids(inB)).toEqual([w.white?.id]);
    const mixed = (await list(user, `?locationId=${cellarA.id},uncategorized`)).rows.map((r) => r.id);
    expect(mixed).toEqual(expect.arrayContaining([w.red?.id, w.white?.id, w.bubbles?.id]));
    expect(mixed).not.toContain(w.leoville?.id);
  });

  it('filters by country, case-insensitively', async () => {
    expect(ids((await list(user, '?country=Georgia')).rows)).toEqual(ids([w.nv, w.bubbles] as CellarWine[]));
    expect(ids((await list(user, '?country=slovenia,GEORGIA')).rows)).toEqual(
      ids([w.leoville, w.nv, w.bubbles] as CellarWine[]),
    );
  });

  it('filters by vintages, with NV for non-vintage', async () => {
    expect(ids((await list(user, '?vintages=2015,NV')).rows)).toEqual(
      ids([w.leoville, w.nv] as CellarWine[]),
    );
    expect(ids((await list(user, '?vintages=NV')).rows)).toEqual([w.nv?.id]);
  });

  it('keeps 0-bottle wines listed and filters them with inStock', async () => {
    expect(all.map((r) => r.id)).toContain(w.nv?.id);
    expect(ids((await list(user, '?inStock=false')).rows)).toEqual([w.nv?.id]);
    const inStock = (await list(user, '?inStock=true')).rows;
    expect(inStock).toHaveLength(4);
    expect(inStock.map((r) => r.id)).not.toContain(w.nv?.id);
  });

  it('filters what to drink now by the own or the catalogue window', async () => {
    expect(ids((await list(user, '?drinkNow=true')).rows)).toEqual(ids([w.red, w.leoville] as CellarWine[]));
  });

  it('searches without regard to accents or case', async () => {
    expect((await list(user, '?search=chateau%20LEOVILLE')).rows.map((r) => r.id)).toEqual([w.leoville?.id]);
    expect((await list(user, '?search=%C3%A9clat')).rows.map((r) => r.id)).toEqual([w.leoville?.id]);
    expect((await list(user, '?search=rose%20sans%20annee')).rows.map((r) => r.id)).toEqual([w.nv?.id]);
    expect((await list(user, '?search=nothing-like-this')).count).toBe(0);
  });

  it('sorts by a column in either direction', async () => {
    const up = (await list(user, '?sortColumn=quantity&sortDirection=asc')).rows.map((r) => r.quantity);
    expect(up).toEqual([0, 2, 3, 4, 5]);
    const down = (await list(user, '?sortColumn=quantity&sortDirection=desc')).rows.map((r) => r.quantity);
    expect(down).toEqual([5, 4, 3, 2, 0]);
    const names = (await list(user, '?sortColumn=wineDisplayName&sortDirection=desc')).rows.map(
      (r) => r.wineDisplayName,
    );
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'nb')));
  });

  it('pages with count, and totals cover every match, not just the page', async () => {
    const full = await list(user, '?sortColumn=quantity&sortDirection=asc');
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const answer = await list(user, `?sortColumn=quantity&sortDirection=asc&resultsPerPage=2&page=${page}`);
      expect(answer.count).toBe(5);
      expect(answer.totals).toEqual(full.totals);
      seen.push(...answer.rows.map((r) => r.id));
    }
    expect(seen).toEqual(full.rows.map((r) => r.id));
    expect(full.totals).toEqual({
      wines: 5,
      bottles: 14,
      purchaseValue: 3 * 12_500 + 2 * 20_000 + 5 * 10_000,
      sellingValue: 2 * 40_000 + 4 * 30_000,
    });
    const filtered = await list(user, '?source=CUSTOM&resultsPerPage=1');
    expect(filtered.rows).toHaveLength(1);
    expect(filtered.totals).toMatchObject({ wines: 3, bottles: 9 });
  });
});

// — 2. adding and pricing —

describe('adding a wine and pricing it', () => {
  const user = 'expert';

  it('adds a catalogue wine with the catalogue window, and a custom wine', async () => {
    const fromCatalog = await addWine(user, { wineId: catalog.windowed.id, quantity: 2 });
    expect(fromCatalog.id).toBeTruthy();
    expect(fromCatalog).toMatchObject({
      source: 'KORK',
      wineId: catalog.windowed.id,
      quantity: 2,
      placements: [{ locationId: null, quantity: 2 }],
      suggestedDrinkingWindowFrom: WINDOW.from,
      suggestedDrinkingWindowTo: WINDOW.to,
    });
    expect(fromCatalog.wineDisplayName).toContain(String(catalog.windowed.vintage));
    const own = await addWine(user, {
      source: 'CUSTOM',
      wineName: 'Husets Røde',
      producerName: 'Gården',
      vintage: 2019,
      bottleSize: 1.5,
      quantity: 3,
    });
    expect(own).toMatchObject({
      source: 'CUSTOM',
      wineDisplayName: 'Gården Husets Røde 2019',
      bottleSize: 1.5,
    });
    expect(own.suggestedDrinkingWindowFrom).toBeUndefined();
    const again = await getWine(user, own.id);
    expect(again.wineDisplayName).toBe('Gården Husets Røde 2019');
  });

  it('refuses bad wines and writes nothing', async () => {
    const before = (await list(user)).count;
    const windowed = await origin.api('POST', `${base(user)}/own-wines`, {
      token: tokens[user],
      json: custom('Vindu', { suggestedDrinkingWindowFrom: 2020 }),
    });
    expect(windowed.status).toBe(400);
    expect(windowed.error?.fields?.suggestedDrinkingWindowFrom).toBe(
      'Custom wines cannot have a suggested drinking window',
    );
    const huge = await origin.api('POST', `${base(user)}/own-wines`, {
      token: tokens[user],
      json: custom('Tønne', { bottleSize: 100 }),
    });
    expect(huge.status).toBe(400);
    expect(huge.error?.fields?.bottleSize).toBe('Bottle size must be less than 100 litres');
    const unknown = await origin.api('POST', `${base(user)}/own-wines`, {
      token: tokens[user],
      json: { wineId: 'no-such-wine', quantity: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.fields?.wineId).toBe('That wine is not in the catalogue');
    expect((await list(user)).count).toBe(before);
  });

  it('answers in Norwegian when asked', async () => {
    const answer = await origin.api('POST', `${base(user)}/own-wines`, {
      token: tokens[user],
      language: 'nb',
      json: custom('Vindu', { suggestedDrinkingWindowTo: 2030 }),
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.suggestedDrinkingWindowTo).toBe(
      'Egne viner kan ikke ha et foreslått drikkevindu',
    );
  });

  it('derives the price with VAT and leaves the selling price to a price review', async () => {
    const open = await addWine(
      user,
      custom('Åpen pris', { purchasePriceWovat: 10_000, sellingPrice: 25_000 }),
    );
    expect(open.purchasePriceWvat).toBe(12_500);
    expect(open.surcharge).toBe(100);
    const locked = await addWine(
      user,
      custom('Låst pris', { purchasePriceWovat: 10_000, sellingPrice: 25_000, sellingPriceLocked: true }),
    );
    // A new purchase price changes no selling price, locked or not: the wine goes to price review.
    const moved = await patchWine(user, open.id, { purchasePriceWovat: 20_000 });
    expect(moved.status).toBe(200);
    expect(moved.payload).toMatchObject({ purchasePriceWvat: 25_000, sellingPrice: 25_000, surcharge: 0 });
    const kept = await patchWine(user, locked.id, { purchasePriceWovat: 20_000 });
    expect(kept.payload).toMatchObject({ purchasePriceWvat: 25_000, sellingPrice: 25_000, surcharge: 0 });
    expect(await getWine(user, open.id)).toMatchObject({ sellingPrice: 25_000, cost: 20_000 });
    expect(await getWine(user, locked.id)).toMatchObject({ sellingPrice: 25_000 });
    const byInc = await patchWine(user, open.id, { purchasePriceWvat: 12_500 });
    expect(byInc.payload).toMatchObject({ purchasePriceWovat: 10_000, sellingPrice: 25_000 });
  });

  it('keeps the alcohol and container the duties go by, clears them with null and refuses a bad strength', async () => {
    const wine = await addWine(user, custom('Sterk', { alcohol: 13.5, container: 'glass' }));
    expect(wine).toMatchObject({ alcohol: 13.5, container: 'glass' });
    const changed = await patchWine(user, wine.id, { alcohol: 41.25, container: 'carton' });
    expect(changed.status).toBe(200);
    expect(await getWine(user, wine.id)).toMatchObject({ alcohol: 41.25, container: 'carton' });
    const tooFine = await patchWine(user, wine.id, { alcohol: 13.555 });
    expect(tooFine.status).toBe(400);
    expect(tooFine.error?.fields?.alcohol).toBe('Too many decimals');
    const tooStrong = await patchWine(user, wine.id, { alcohol: 101 });
    expect(tooStrong.status).toBe(400);
    expect(tooStrong.error?.fields?.alcohol).toBe('Must be between 0 and 100');
    const unknown = await patchWine(user, wine.id, { container: 'barrel' });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.fields?.container).toBe('Invalid value');
    expect(await getWine(user, wine.id)).toMatchObject({ alcohol: 41.25, container: 'carton' });
    const cleared = await patchWine(user, wine.id, { alcohol: null, container: null });
    expect(cleared.status).toBe(200);
    const again = await getWine(user, wine.id);
    expect(again.alcohol).toBeUndefined();
    expect(again.container).toBeUndefined();
  });

  it('refuses a 100 cl glass on the cellar and on a wine', async () => {
    const cellar = await cellarOf(user);
    const onCellar = await origin.api('PATCH', `/api/wine-cellars/cellars/${cellar.id}`, {
      token: tokens[user],
      json: { defaultGlassSize: 100 },
    });
    expect(onCellar.status).toBe(400);
    expect(onCellar.error?.fields?.defaultGlassSize).toBe('Glass size can be at most 99 cl');
    const wine = await addWine(user, custom('Glass'));
    const onWine = await patchWine(user, wine.id, { glassSize: 100 });
    expect(onWine.status).toBe(400);
    expect(onWine.error?.fields?.glassSize).toBe('Glass size can be at most 99 cl');
    expect((await getWine(user, wine.id)).glassSize).toBeUndefined();
    expect((await patchWine(user, wine.id, { glassSize: 99 })).payload.glassSize).toBe(99);
  });
});

// — 3. bulk —

describe('adding many wines at once', () => {
  const user = 'sommelier';

  it('refuses one bad entry with its field path, and writes nothing', async () => {
    const ownWines = Array.from({ length: 10 }, (_, i) => custom(`Bulk feil ${i}`));
    ownWines[7] = custom('Bulk feil 7', { bottleSize: 100 });
    const answer = await origin.api('POST', `${base(user)}/own-wines/bulk_create`, {
      token: tokens[user],
      json: { ownWines },
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.['ownWines.7.bottleSize']).toBe('Bottle size must be less than 100 litres');
    const unknown = [...ownWines.slice(0, 7), { wineId: 'no-such-wine', quantity: 1 }];
    const second = await origin.api('POST', `${base(user)}/own-wines/bulk_create`, {
      token: tokens[user],
      json: { ownWines: unknown },
    });
    expect(second.status).toBe(400);
    expect(second.error?.fields?.['ownWines.7.wineId']).toBe('That wine is not in the catalogue');
    expect((await list(user)).count).toBe(0);
  });

  it('refuses 501 wines', async () => {
    const ownWines = Array.from({ length: 501 }, (_, i) => custom(`Bulk ${i}`));
    const answer = await origin.api('POST', `${base(user)}/own-wines/bulk_create`, {
      token: tokens[user],
      json: { ownWines },
    });
    expect(answer.status).toBe(400);
    expect((await list(user)).count).toBe(0);
  });

  it('adds 500 wines, custom and from the catalogue, and lists them all', async () => {
    const pool = [...catalog.red, ...catalog.white];
    const ownWines = Array.from({ length: 500 }, (_, i) =>
      i % 5 === 0
        ? { wineId: (pool[i % pool.length] as WineRecord).id, quantity: 1 + (i % 3) }
        : custom(`Bulk ${i}`, { quantity: 1 + (i % 3) }),
    );
    const answer = await origin.api<{ rows: CellarWine[]; count: number }>(
      'POST',
      `${base(user)}/own-wines/bulk_create`,
      { token: tokens[user], json: { ownWines } },
    );
    expect(answer.error).toBeUndefined();
    expect(answer.payload.count).toBe(500);
    const listed = await list(user, '?resultsPerPage=500');
    expect(listed.count).toBe(500);
    expect(listed.rows).toHaveLength(500);
    expect(ids(listed.rows)).toEqual(ids(answer.payload.rows));
    expect(listed.totals.bottles).toBe(ownWines.reduce((sum, wine) => sum + (wine.quantity as number), 0));
    expect((await list(user, '?source=KORK')).count).toBe(100);
    expect((await history(user, '?action=ADDED&resultsPerPage=200&page=3')).count).toBe(500);
  });
});

// — 4, 5. deleting and moving —

describe('deleting and moving wines', () => {
  const user = 'critic';

  it('deletes exactly the listed wines, never another person’s', async () => {
    const a = await addWine(user, custom('Slett A'));
    const b = await addWine(user, custom('Slett B'));
    const c = await addWine(user, custom('Behold C'));
    const theirs = await addWine('restaurant', custom('Restaurantens'));
    const answer = await origin.api<{ count: number }>(
      'DELETE',
      `${base(user)}/own-wines?includeId=${a.id},${b.id},${theirs.id}`,
      { token: tokens[user] },
    );
    expect(answer.status).toBe(200);
    expect(answer.payload.count).toBe(2);
    const left = (await list(user, '?search=slett')).rows;
    expect(left).toHaveLength(0);
    expect((await list(user, '?search=behold')).rows.map((r) => r.id)).toEqual([c.id]);
    expect((await getWine('restaurant', theirs.id)).quantity).toBe(1);
    const deleted = await history(user, `?ownWineId=${a.id}`);
    expect(deleted.rows[0]).toMatchObject({ action: 'DELETED', after: null });
  });

  it('deletes a long list of wines', async () => {
    const many = await origin.api<{ rows: CellarWine[] }>('POST', `${base(user)}/own-wines/bulk_create`, {
      token: tokens[user],
      json: { ownWines: Array.from({ length: 30 }, (_, i) => custom(`Mange ${i}`)) },
    });
    const theirs = await addWine('restaurant', custom('Restaurantens andre'));
    const doomed = many.payload.rows.slice(0, 28).map((r) => r.id);
    const answer = await origin.api<{ count: number }>(
      'DELETE',
      `${base(user)}/own-wines?includeId=${[...doomed, theirs.id].join(',')}`,
      { token: tokens[user] },
    );
    expect(answer.payload.count).toBe(28);
    expect(ids((await list(user, '?search=mange')).rows)).toEqual(ids(many.payload.rows.slice(28)));
    expect((await getWine('restaurant', theirs.id)).id).toBe(theirs.id);
  });

  it('moves some bottles to a sub-location and keeps the total', async () => {
    const a = await createLocation(user, 'Rom A');
    const b = await createLocation(user, 'Hylle B', a.id);
    const wine = await addWine(user, custom('Flytt meg', { quantity: 6, locationId: a.id }));
    const answer = await origin.api<{ rows: CellarWine[] }>('POST', `${base(user)}/own-wines/move`, {
      token: tokens[user],
      json: { moves: [{ ownWineId: wine.id, fromLocationId: a.id, toLocationId: b.id, quantity: 2 }] },
    });
    expect(answer.status).toBe(200);
    const after = await getWine(user, wine.id);
    expect(after.quantity).toBe(6);
    expect(after.placements).toEqual([
      { locationId: a.id, quantity: 4 },
      { locationId: b.id, quantity: 2 },
    ]);
    expect(after.placements.reduce((sum, p) => sum + p.quantity, 0)).toBe(6);
    expect((await locations(user)).find((l) => l.id === b.id)?.bottles).toBe(2);

    const tooMany = await origin.api('POST', `${base(user)}/own-wines/move`, {
      token: tokens[user],
      json: { moves: [{ ownWineId: wine.id, fromLocationId: b.id, toLocationId: null, quantity: 3 }] },
    });
    expect(tooMany.status).toBe(400);
    expect(Object.values(tooMany.error?.fields ?? {})).toContain('Only 2 bottles there');
    expect((await getWine(user, wine.id)).placements).toEqual(after.placements);
    const moved = await history(user, `?ownWineId=${wine.id}`);
    expect(moved.rows.map((r) => r.action)).toEqual(['MOVED', 'ADDED']);
  });

  it('sets the total with quantity, taking bottles from the location with most by default', async () => {
    const a = await createLocation(user, 'Rom Q');
    const wine = await addWine(user, custom('Telles', { quantity: 2, locationId: a.id }));
    await origin.api('POST', `${base(user)}/own-wines/move`, {
      token: tokens[user],
      json: { moves: [{ ownWineId: wine.id, fromLocationId: a.id, toLocationId: null, quantity: 1 }] },
    });
    const more = await patchWine(user, wine.id, { quantity: 5, locationId: a.id });
    expect(more.payload.placements).toEqual([
      { locationId: a.id, quantity: 4 },
      { locationId: null, quantity: 1 },
    ]);
    const fewer = await patchWine(user, wine.id, { quantity: 2 });
    expect(fewer.payload.placements).toHaveLength(2);
    expect(fewer.payload.placements).toEqual(
      expect.arrayContaining([
        { locationId: null, quantity: 1 },
        { locationId: a.id, quantity: 1 },
      ]),
    );
    const fromNamed = await patchWine(user, wine.id, { quantity: 1, locationId: 'uncategorized' });
    expect(fromNamed.payload.placements).toEqual([{ locationId: a.id, quantity: 1 }]);
    const none = await patchWine(user, wine.id, { quantity: 0 });
    expect(none.payload).toMatchObject({ quantity: 0, placements: [] });
    expect((await list(user, '?inStock=false')).rows.map((r) => r.id)).toContain(wine.id);
  });
});

// — 6. history equals state —

describe('history tells the same story as the wines', () => {
  const user = 'admin';

  it('after a random sequence of changes, each wine’s newest entry is its state and entries chain', async () => {
    const random = seeded(20240611);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    const l1 = await createLocation(user, 'Historie 1');
    const l2 = await createLocation(user, 'Historie 2', l1.id);
    const places: (string | null)[] = [null, l1.id, l2.id];
    const live = new Map<string, CellarWine>();
    const deleted = new Set<string>();
    const add = async () => {
      const wine =
        random() < 0.5
          ? await addWine(user, {
              // A catalogue wine is in a cellar once: one not added before.
              wineId: pick(catalog.white.filter((c) => !live.has(c.id) && !deleted.has(c.id))).id,
              quantity: int(1, 6),
              locationId: pick(places),
              purchasePriceWovat: int(1, 50) * 1000,
            })
          : await addWine(user, custom(`Historie ${live.size + deleted.size}`, { quantity: int(1, 6) }));
      live.set(wine.id, wine);
    };
    for (let i = 0; i < 3; i++) await add();
    const done: string[] = [];
    for (let step = 0; step < 40; step++) {
      const roll = random();
      if (live.size === 0 || roll < 0.12) {
        await add();
        done.push('add');
        continue;
      }
      const wine = pick([...live.values()]);
      if (roll < 0.35) {
        const answer = await patchWine(user, wine.id, {
          quantity: int(0, 9),
          ...(random() < 0.5 ? { locationId: pick(places) } : {}),
        });
        expect(answer.status).toBe(200);
        live.set(wine.id, answer.payload);
        done.push('quantity');
      } else if (roll < 0.6) {
        const prices = pick([
          { purchasePriceWovat: int(1, 90) * 1000 },
          { purchasePriceWvat: int(1, 90) * 1000 },
          { sellingPrice: int(1, 200) * 1000 },
          { sellingPriceLocked: random() < 0.5, marketValue: int(1, 99) * 1000 },
          { pricePerGlass: int(5, 30) * 1000, purchasePriceWovat: null },
        ]);
        const answer = await patchWine(user, wine.id, prices);
        expect(answer.status).toBe(200);
        live.set(wine.id, answer.payload);
        done.push('prices');
      } else if (roll < 0.88) {
        const from = wine.placements.find((p) => p.quantity > 0);
        if (!from) continue;
        const to = pick(places.filter((p) => p !== from.locationId));
        const answer = await origin.api<{ rows: CellarWine[] }>('POST', `${base(user)}/own-wines/move`, {
          token: tokens[user],
          json: {
            moves: [
              {
                ownWineId: wine.id,
                fromLocationId: from.locationId,
                toLocationId: to,
                quantity: int(1, from.quantity),
              },
            ],
          },
        });
        expect(answer.status).toBe(200);
        live.set(wine.id, answer.payload.rows[0] as CellarWine);
        done.push('move');
      } else {
        const answer = await origin.api('DELETE', `${base(user)}/own-wines?includeId=${wine.id}`, {
          token: tokens[user],
        });
        expect(answer.status).toBe(200);
        live.delete(wine.id);
        deleted.add(wine.id);
        done.push('delete');
      }
    }
    expect(new Set(done).size).toBeGreaterThanOrEqual(4);

    const stateOf = (wine: CellarWine) => {
      const state: Record<string, unknown> = { quantity: wine.quantity, placements: wine.placements };
      for (const field of [
        'purchasePriceWovat',
        'purchasePriceWvat',
        'sellingPrice',
        'marketValue',
        'pricePerGlass',
      ] as const)
        if (wine[field] !== undefined) state[field] = wine[field];
      return state;
    };
    const withoutLock = (state: Record<string, unknown> | null) => {
      if (!state) return state;
      const { sellingPriceLocked: _lock, ...rest } = state;
      return rest;
    };
    for (const id of [...live.keys(), ...deleted]) {
      const entries = (await history(user, `?ownWineId=${id}&resultsPerPage=200`)).rows;
      expect(entries.length).toBeGreaterThan(0);
      const newest = entries[0] as HistoryEntry;
      if (deleted.has(id)) {
        expect(newest.action).toBe('DELETED');
        expect(newest.after).toBeNull();
        expect(
          (await origin.api('GET', `${base(user)}/own-wines/${id}`, { token: tokens[user] })).status,
        ).toBe(404);
      } else {
        const row = await getWine(user, id);
        expect(row).toEqual(live.get(id));
        expect(withoutLock(newest.after as Record<string, unknown>)).toEqual(stateOf(row));
        expect(newest.after?.sellingPriceLocked ?? false).toBe(row.sellingPriceLocked);
      }
      const oldest = entries[entries.length - 1] as HistoryEntry;
      expect(oldest.action).toBe('ADDED');
      expect(oldest.before).toBeNull();
      for (let i = 0; i < entries.length - 1; i++) {
        expect((entries[i] as HistoryEntry).before).toEqual((entries[i + 1] as HistoryEntry).after);
      }
    }
  });

  it('filters history by action, search and dates, and pages it', async () => {
    const all = await history(user, '?resultsPerPage=200');
    expect(all.count).toBeGreaterThan(10);
    const some = await history(user, '?action=MOVED,ADDED&resultsPerPage=200');
    expect(some.rows.every((r) => r.action === 'MOVED' || r.action === 'ADDED')).toBe(true);
    expect(some.count).toBe(all.rows.filter((r) => r.action === 'MOVED' || r.action === 'ADDED').length);
    expect(some.count).toBeGreaterThan(0);

    const named = all.rows.find((r) =>
      r.wineDisplayName.startsWith('Testprodusent Historie'),
    )?.wineDisplayName;
    expect(named).toBeDefined();
    const found = await history(
      user,
      `?search=${encodeURIComponent((named as string).toUpperCase())}&resultsPerPage=200`,
    );
    expect(found.count).toBe(all.rows.filter((r) => r.wineDisplayName === named).length);

    const today = new Date().toISOString().slice(0, 10);
    const day = 86_400_000;
    const tomorrow = new Date(Date.now() + day).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - day).toISOString().slice(0, 10);
    expect((await history(user, `?from=${today}&to=${today}`)).count).toBe(all.count);
    expect((await history(user, `?from=${tomorrow}`)).count).toBe(0);
    expect((await history(user, `?to=${yesterday}`)).count).toBe(0);

    const second = await history(user, '?resultsPerPage=5&page=2');
    expect(second.count).toBe(all.count);
    expect(second.rows.map((r) => r.id)).toEqual(all.rows.slice(5, 10).map((r) => r.id));
    const times = all.rows.map((r) => r.at);
    expect(times).toEqual([...times].sort().reverse());
  });
});

// — 8. locations —

describe('locations', () => {
  const user = 'critic';

  it('creates, nests and renames, and refuses a cycle', async () => {
    const top = await createLocation(user, 'Vinrom');
    const sub = await createLocation(user, 'Reol 1', top.id);
    expect(sub.parentId).toBe(top.id);
    const renamed = await origin.api<CellarLocation>('PATCH', `${base(user)}/locations/${sub.id}`, {
      token: tokens[user],
      json: { name: 'Reol Én' },
    });
    expect(renamed.status).toBe(200);
    expect((await locations(user)).find((l) => l.id === sub.id)).toMatchObject({
      name: 'Reol Én',
      parentId: top.id,
    });
    for (const parentId of [sub.id, top.id]) {
      const cycle = await origin.api('PATCH', `${base(user)}/locations/${top.id}`, {
        token: tokens[user],
        json: { parentId },
      });
      expect(cycle.status).toBe(400);
      expect(cycle.error?.fields?.parentId).toBe('A location cannot be placed inside itself');
    }
    expect((await locations(user)).find((l) => l.id === top.id)?.parentId).toBeNull();
  });

  it('deleting a location makes its and its sub-locations’ bottles Uncategorized, with MOVED history', async () => {
    const top = await createLocation(user, 'Bod');
    const sub = await createLocation(user, 'Bod hylle', top.id);
    const keep = await createLocation(user, 'Annet sted');
    const wine = await addWine(user, custom('Bodvin', { quantity: 5, locationId: top.id }));
    await origin.api('POST', `${base(user)}/own-wines/move`, {
      token: tokens[user],
      json: {
        moves: [
          { ownWineId: wine.id, fromLocationId: top.id, toLocationId: sub.id, quantity: 2 },
          { ownWineId: wine.id, fromLocationId: top.id, toLocationId: keep.id, quantity: 1 },
        ],
      },
    });
    const answer = await origin.api('DELETE', `${base(user)}/locations/${top.id}`, { token: tokens[user] });
    expect(answer.status).toBeLessThan(300);
    const after = await getWine(user, wine.id);
    expect(after.quantity).toBe(5);
    expect(after.placements).toEqual([
      { locationId: null, quantity: 4 },
      { locationId: keep.id, quantity: 1 },
    ]);
    const left = (await locations(user)).map((l) => l.id);
    expect(left).not.toContain(top.id);
    expect(left).not.toContain(sub.id);
    expect(left).toContain(keep.id);
    const entries = await history(user, `?ownWineId=${wine.id}`);
    expect(entries.rows[0]).toMatchObject({ action: 'MOVED', after: { quantity: 5 } });
  });

  it('shares a location read-only without prices, and unsharing kills the link', async () => {
    const cabinet = await createLocation(user, 'Delt skap');
    const upper = await createLocation(user, 'Øvre', cabinet.id);
    const other = await createLocation(user, 'Ikke delt');
    const shared = await addWine(
      user,
      custom('Delt vin', {
        quantity: 7,
        locationId: cabinet.id,
        purchasePriceWovat: 10_000,
        sellingPrice: 40_000,
        privateNote: 'hemmelig',
      }),
    );
    const hidden = await addWine(
      user,
      custom('Skjult vin', { quantity: 2, locationId: other.id, sellingPrice: 1 }),
    );
    await origin.api('POST', `${base(user)}/own-wines/move`, {
      token: tokens[user],
      json: {
        moves: [
          { ownWineId: shared.id, fromLocationId: cabinet.id, toLocationId: upper.id, quantity: 1 },
          { ownWineId: shared.id, fromLocationId: cabinet.id, toLocationId: null, quantity: 4 },
        ],
      },
    });
    const share = await origin.api<CellarLocation>('POST', `${base(user)}/locations/${cabinet.id}/share`, {
      token: tokens[user],
    });
    expect(share.status).toBe(200);
    // 7 added, 1 moved to the sub-location and 4 to Uncategorized: 2 stay in the cabinet itself.
    expect(share.payload.bottles).toBe(2);
    const token = share.payload.shareToken as string;
    expect(token).toBeTruthy();
    const view = await origin.api<SharedLocationView>('GET', `/api/shared-locations/${token}`);
    expect(view.status).toBe(200);
    expect(view.payload.location).toMatchObject({ id: cabinet.id, name: 'Delt skap' });
    expect(view.payload.sublocations.map((l) => l.id)).toEqual([upper.id]);
    expect(view.payload.rows.map((r) => r.id)).toEqual([shared.id]);
    expect(view.payload.rows[0]?.quantity).toBe(3);
    expect(view.payload.bottles).toBe(3);
    const json = JSON.stringify(view.payload);
    for (const secret of ['sellingPrice', 'purchasePrice', 'privateNote', 'hemmelig', hidden.id, other.id]) {
      expect(json).not.toContain(secret);
    }
    const unshare = await origin.api('DELETE', `${base(user)}/locations/${cabinet.id}/share`, {
      token: tokens[user],
    });
    expect(unshare.status).toBe(200);
    expect((await origin.api('GET', `/api/shared-locations/${token}`)).status).toBe(404);
    expect((await locations(user)).find((l) => l.id === cabinet.id)?.shareToken).toBeUndefined();

    const again = await origin.api<CellarLocation>('POST', `${base(user)}/locations/${cabinet.id}/share`, {
      token: tokens[user],
    });
    const second = again.payload.shareToken as string;
    expect(second).not.toBe(token);
    expect((await origin.api('GET', `/api/shared-locations/${second}`)).status).toBe(200);
    await origin.api('DELETE', `${base(user)}/locations/${cabinet.id}`, { token: tokens[user] });
    expect((await origin.api('GET', `/api/shared-locations/${second}`)).status).toBe(404);
  });
});

// — 9. categories —

describe('wine list categories', () => {
  const user = 'critic';

  it('creates categories and subcategories and keeps a new order', async () => {
    const red = await createCategory(user, 'Rødt');
    const white = await createCategory(user, 'Hvitt');
    const bubbles = await createCategory(user, 'Musserende');
    const burgundy = await createCategory(user, 'Bourgogne', red.id);
    expect(burgundy.parentId).toBe(red.id);
    const top = (rows: WineListCategory[]) => rows.filter((c) => c.parentId === null).map((c) => c.id);
    expect(top(await categories(user))).toEqual([red.id, white.id, bubbles.id]);
    const ordered = await origin.api('PUT', `${base(user)}/wine-list-categories/order`, {
      token: tokens[user],
      json: { parentId: null, ids: [bubbles.id, red.id, white.id] },
    });
    expect(ordered.status).toBe(200);
    expect(top(await categories(user))).toEqual([bubbles.id, red.id, white.id]);
    for (const wrong of [
      [bubbles.id, red.id],
      [bubbles.id, red.id, white.id, burgundy.id],
      [bubbles.id, red.id, red.id],
    ]) {
      const answer = await origin.api('PUT', `${base(user)}/wine-list-categories/order`, {
        token: tokens[user],
        json: { parentId: null, ids: wrong },
      });
      expect(answer.status).toBe(400);
    }
    expect(top(await categories(user))).toEqual([bubbles.id, red.id, white.id]);
    const tuscany = await createCategory(user, 'Toscana', red.id);
    const subOrder = await origin.api('PUT', `${base(user)}/wine-list-categories/order`, {
      token: tokens[user],
      json: { parentId: red.id, ids: [tuscany.id, burgundy.id] },
    });
    expect(subOrder.status).toBe(200);
    const subs = (await categories(user)).filter((c) => c.parentId === red.id).map((c) => c.id);
    expect(subs).toEqual([tuscany.id, burgundy.id]);
    const cycle = await origin.api('PATCH', `${base(user)}/wine-list-categories/${red.id}`, {
      token: tokens[user],
      json: { parentId: tuscany.id },
    });
    expect(cycle.status).toBe(400);
  });

  it('deleting a category takes its subcategories and clears them from wines', async () => {
    const red = await createCategory(user, 'Slett rødt');
    const sub = await createCategory(user, 'Slett sub', red.id);
    const keep = await createCategory(user, 'Behold');
    const inSub = await addWine(user, custom('Kategorivin', { wineListCategoryId: sub.id }));
    const inKeep = await addWine(user, custom('Beholdvin', { wineListCategoryId: keep.id }));
    expect(inSub.wineListCategoryId).toBe(sub.id);
    const answer = await origin.api('DELETE', `${base(user)}/wine-list-categories/${red.id}`, {
      token: tokens[user],
    });
    expect(answer.status).toBeLessThan(300);
    expect((await getWine(user, inSub.id)).wineListCategoryId).toBeUndefined();
    expect((await getWine(user, inKeep.id)).wineListCategoryId).toBe(keep.id);
    const left = (await categories(user)).map((c) => c.id);
    expect(left).not.toContain(red.id);
    expect(left).not.toContain(sub.id);
    expect((await list(user, `?wineListCategoryId=${keep.id}`)).rows.map((r) => r.id)).toEqual([inKeep.id]);
  });
});

// — 10. dashboard —

describe('the cellar dashboard', () => {
  const user = 'private';

  it('totals the whole cellar and converts them into the viewer’s currency', async () => {
    const inventory = await list(user, '?resultsPerPage=1');
    const home = await origin.api<CellarDashboard>('GET', `${base(user)}/dashboard`, {
      token: tokens[user],
      headers: { 'X-Currency': 'NOK' },
    });
    expect(home.status).toBe(200);
    expect(home.payload.baseCurrency).toBe('NOK');
    expect(home.payload.totals).toEqual(inventory.totals);
    expect(home.payload.viewTotals).toEqual(inventory.totals);
    expect(home.payload.rate).toBeUndefined();
    expect(home.payload.locations).toBe(3);
    expect(home.payload.lowStock[0]?.quantity).toBe(0);

    const euro = await origin.api<CellarDashboard>('GET', `${base(user)}/dashboard`, {
      token: tokens[user],
      headers: { 'X-Currency': 'EUR' },
    });
    expect(euro.payload.viewCurrency).toBe('EUR');
    expect(euro.payload.totals).toEqual(inventory.totals);
    const rate = euro.payload.rate;
    expect(rate?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rate?.source).toBeTruthy();
    expect(rate?.value).toBeGreaterThan(0.01);
    expect(rate?.value).toBeLessThan(1);
    const expected = Math.round(inventory.totals.purchaseValue * (rate?.value ?? 0));
    expect(Math.abs(euro.payload.viewTotals.purchaseValue - expected)).toBeLessThanOrEqual(1);
    expect(euro.payload.viewTotals.purchaseValue).toBeLessThan(inventory.totals.purchaseValue);
    expect(euro.payload.viewTotals.bottles).toBe(inventory.totals.bottles);
  });
});

// — 11. access —

describe('access to someone else’s cellar', () => {
  const owner = 'expert';
  const stranger = 'restaurant';

  it('answers 403 to another person and 401 without a token on every route', async () => {
    const cellar = await cellarOf(owner);
    const wine = await addWine(owner, custom('Min vin'));
    const location = await createLocation(owner, 'Mitt sted');
    const category = await createCategory(owner, 'Min kategori');
    const routes: [string, string][] = [
      ['GET', `${base(owner)}/own-wines`],
      ['POST', `${base(owner)}/own-wines`],
      ['POST', `${base(owner)}/own-wines/bulk_create`],
      ['DELETE', `${base(owner)}/own-wines?includeId=${wine.id}`],
      ['GET', `${base(owner)}/own-wines/${wine.id}`],
      ['PATCH', `${base(owner)}/own-wines/${wine.id}`],
      ['POST', `${base(owner)}/own-wines/${wine.id}/images`],
      ['POST', `${base(owner)}/own-wines/move`],
      ['POST', `${base(owner)}/cellars/${cellar.id}/images`],
      ['DELETE', `${base(owner)}/cellars/${cellar.id}/images?image=x`],
      ['GET', `${base(owner)}/locations`],
      ['POST', `${base(owner)}/locations`],
      ['PATCH', `${base(owner)}/locations/${location.id}`],
      ['DELETE', `${base(owner)}/locations/${location.id}`],
      ['POST', `${base(owner)}/locations/${location.id}/share`],
      ['DELETE', `${base(owner)}/locations/${location.id}/share`],
      ['GET', `${base(owner)}/wine-list-categories`],
      ['POST', `${base(owner)}/wine-list-categories`],
      ['PUT', `${base(owner)}/wine-list-categories/order`],
      ['PATCH', `${base(owner)}/wine-list-categories/${category.id}`],
      ['DELETE', `${base(owner)}/wine-list-categories/${category.id}`],
      ['GET', `${base(owner)}/history`],
      ['GET', `${base(owner)}/dashboard`],
      ['PATCH', `/api/wine-cellars/cellars/${cellar.id}`],
      ['GET', `/api/wine-cellars/cellars/${cellar.id}/vats`],
    ];
    const body = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' });
    for (const [method, path] of routes) {
      const forbidden = await origin.api(method, path, { token: tokens[stranger], json: body(method) });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      const anonymous = await origin.api(method, path, { json: body(method) });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    expect(await getWine(owner, wine.id)).toEqual(wine);
    expect((await locations(owner)).map((l) => l.id)).toContain(location.id);
    expect((await categories(owner)).map((c) => c.id)).toContain(category.id);
  });

  it('answers 404 to another cellar’s ids under your own path and changes nothing', async () => {
    const theirWine = await addWine(stranger, custom('Deres vin', { quantity: 3 }));
    const theirLocation = await createLocation(stranger, 'Deres sted');
    const theirCategory = await createCategory(stranger, 'Deres kategori');
    const theirCellar = await cellarOf(stranger);
    const me = base(owner);
    const token = tokens[owner];
    const attempts: [string, string, unknown?][] = [
      ['GET', `${me}/own-wines/${theirWine.id}`],
      ['PATCH', `${me}/own-wines/${theirWine.id}`, { quantity: 0 }],
      [
        'POST',
        `${me}/own-wines/move`,
        { moves: [{ ownWineId: theirWine.id, fromLocationId: null, toLocationId: null, quantity: 1 }] },
      ],
      ['PATCH', `${me}/locations/${theirLocation.id}`, { name: 'Kapret' }],
      ['DELETE', `${me}/locations/${theirLocation.id}`],
      ['POST', `${me}/locations/${theirLocation.id}/share`],
      ['DELETE', `${me}/locations/${theirLocation.id}/share`],
      ['PATCH', `${me}/wine-list-categories/${theirCategory.id}`, { name: 'Kapret' }],
      ['DELETE', `${me}/wine-list-categories/${theirCategory.id}`],
      ['DELETE', `${me}/cellars/${theirCellar.id}/images?image=x`],
    ];
    for (const [method, path, json] of attempts) {
      const answer = await origin.api(method, path, { token, json });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const form = imageForm(await png(), 'image/png', 'a.png');
    expect((await origin.api('POST', `${me}/own-wines/${theirWine.id}/images`, { token, form })).status).toBe(
      404,
    );
    const cellarForm = imageForm(await png(), 'image/png', 'a.png');
    expect(
      (await origin.api('POST', `${me}/cellars/${theirCellar.id}/images`, { token, form: cellarForm }))
        .status,
    ).toBe(404);
    const deleted = await origin.api<{ count: number }>(
      'DELETE',
      `${me}/own-wines?includeId=${theirWine.id}`,
      {
        token,
      },
    );
    expect(deleted.payload.count).toBe(0);

    expect(await getWine(stranger, theirWine.id)).toEqual(theirWine);
    expect((await locations(stranger)).find((l) => l.id === theirLocation.id)).toMatchObject({
      name: 'Deres sted',
    });
    expect((await locations(stranger)).find((l) => l.id === theirLocation.id)?.shareToken).toBeUndefined();
    expect((await categories(stranger)).find((c) => c.id === theirCategory.id)?.name).toBe('Deres kategori');
    expect((await cellarOf(stranger)).images).toEqual(theirCellar.images);
  });
});

// — 12. images —

describe('pictures', () => {
  const user = 'expert';

  it('sets a wine’s picture from a PNG and refuses a text file', async () => {
    const wine = await addWine(user, custom('Bildevin'));
    const answer = await origin.api<CellarWine>('POST', `${base(user)}/own-wines/${wine.id}/images`, {
      token: tokens[user],
      form: imageForm(await png(), 'image/png', 'etikett.png'),
    });
    expect(answer.status).toBe(200);
    expect(answer.payload.imageUrl).toMatch(new RegExp(`^/users/${userIds[user]}/wineImage-.+\\.png$`));
    expect((await getWine(user, wine.id)).imageUrl).toBe(answer.payload.imageUrl);
    const text = await origin.api('POST', `${base(user)}/own-wines/${wine.id}/images`, {
      token: tokens[user],
      form: imageForm('just some text', 'text/plain', 'notes.txt'),
    });
    expect(text.status).toBe(415);
    expect((await getWine(user, wine.id)).imageUrl).toBe(answer.payload.imageUrl);
  });

  it('adds and removes cellar pictures', async () => {
    const cellar = await cellarOf(user);
    const added = await origin.api<Cellar>('POST', `${base(user)}/cellars/${cellar.id}/images`, {
      token: tokens[user],
      form: imageForm(await png(), 'image/png', 'kjeller.png'),
    });
    expect(added.status).toBe(201);
    expect(added.payload.images).toHaveLength(cellar.images.length + 1);
    const key = added.payload.images.at(-1) as string;
    expect((await cellarOf(user)).images).toContain(key);
    const removed = await origin.api<Cellar>(
      'DELETE',
      `${base(user)}/cellars/${cellar.id}/images?image=${encodeURIComponent(key)}`,
      { token: tokens[user] },
    );
    expect(removed.status).toBe(200);
    expect(removed.payload.images).not.toContain(key);
    expect((await cellarOf(user)).images).toEqual(cellar.images);
    const text = await origin.api('POST', `${base(user)}/cellars/${cellar.id}/images`, {
      token: tokens[user],
      form: imageForm('plain text', 'text/plain', 'a.txt'),
    });
    expect(text.status).toBe(415);
  });
});
