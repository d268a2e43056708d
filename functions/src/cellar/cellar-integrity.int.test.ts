/**
 * The cellar never clamps or duplicates silently: a wine comes with at least one bottle, relative
 * bottle changes all apply and never take more than there is, a move of more bottles than a location
 * holds is refused with the count there is, a catalogue wine is in a cellar once (however many requests
 * meet), and two locations (or categories) under one parent cannot share a name.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { allWines, type WineRecord } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import type { CellarLocation, CellarWine, CellarWinePage, WineListCategory } from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, catalogSeed],
  signIn: ['private', 'restaurant', 'expert'],
});
const { tokens, userIds } = accounts;
/** Active catalogue wines, each used by one test only. */
let catalog: WineRecord[] = [];

beforeAll(async () => {
  for await (const page of allWines()) catalog.push(...page.filter((wine) => wine.status === 'active'));
  catalog = catalog.slice(0, 20);
  expect(catalog.length).toBeGreaterThanOrEqual(10);
});

const base = (user: string) => `/api/wine-cellars/users/${userIds[user]}`;
let nextCatalogue = 0;
const catalogueWine = () => catalog[nextCatalogue++] as WineRecord;

function custom(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { source: 'CUSTOM', wineName: name, vintage: 2019, bottleSize: 0.75, quantity: 1, ...extra };
}

const addWine = (user: string, body: Record<string, unknown>) => accounts.addWine(user, body);

const getWine = (user: string, id: string) => accounts.getWine(user, id);

async function list(user: string, query = ''): Promise<CellarWinePage> {
  const answer = await origin.api<CellarWinePage>('GET', `${base(user)}/own-wines${query}`, {
    token: tokens[user],
  });
  expect(answer.status).toBe(200);
  return answer.payload;
}

const historyOf = (user: string, id: string) => accounts.wineHistory(user, id);

const patchWine = (user: string, id: string, json: Record<string, unknown>, language?: 'nb') =>
  origin.api<CellarWine>('PATCH', `${base(user)}/own-wines/${id}`, { token: tokens[user], json, language });

const postLocation = (user: string, name: string, parentId?: string | null) =>
  origin.api<CellarLocation>('POST', `${base(user)}/locations`, {
    token: tokens[user],
    json: { name, parentId },
  });

async function locations(user: string): Promise<CellarLocation[]> {
  return (
    await origin.api<{ rows: CellarLocation[] }>('GET', `${base(user)}/locations`, { token: tokens[user] })
  ).payload.rows;
}

describe('adding a wine', () => {
  const user = 'private';

  it('refuses 0 bottles, naming the quantity, and adds nothing', async () => {
    const before = (await list(user)).count;
    for (const body of [
      custom('Ingen flasker', { quantity: 0 }),
      { wineId: catalogueWine().id, quantity: 0 },
    ]) {
      const answer = await origin.api('POST', `${base(user)}/own-wines`, { token: tokens[user], json: body });
      expect(answer.status).toBe(400);
      expect(answer.error?.fields?.quantity).toBe('Must be at least 1');
    }
    expect((await list(user)).count).toBe(before);
  });
});

describe('a relative bottle change', () => {
  const user = 'private';

  it('applies every one of 20 concurrent "add 1", each with its entry', async () => {
    const wine = await addWine(user, custom('Tjue til', { quantity: 3 }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => patchWine(user, wine.id, { addQuantity: 1 })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect((await getWine(user, wine.id)).quantity).toBe(23);
    const entries = await historyOf(user, wine.id);
    expect(entries.filter((entry) => entry.action === 'QUANTITY')).toHaveLength(20);
  });

  it('refuses to take more than there is, with the count there is, and changes nothing', async () => {
    const wine = await addWine(user, custom('Fire flasker', { quantity: 4 }));
    const answer = await patchWine(user, wine.id, { addQuantity: -10 });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.addQuantity).toBe('Only 4 bottles there');
    const norwegian = await patchWine(user, wine.id, { addQuantity: -10 }, 'nb');
    expect(norwegian.error?.fields?.addQuantity).toBe('Bare 4 flasker der');
    const after = await getWine(user, wine.id);
    expect(after.quantity).toBe(4);
    expect(after.updatedAt).toBe(wine.updatedAt);
    expect(await historyOf(user, wine.id)).toHaveLength(1);
  });

  it('refuses a total and a change together', async () => {
    const wine = await addWine(user, custom('Begge deler', { quantity: 2 }));
    const answer = await patchWine(user, wine.id, { quantity: 5, addQuantity: 1 });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.addQuantity).toBe('Set the total or add bottles, not both');
    expect((await getWine(user, wine.id)).quantity).toBe(2);
  });
});

describe('moving more bottles than a location holds', () => {
  const user = 'private';

  it('is refused with the count there is, never cut down, and changes nothing', async () => {
    const rack = (await postLocation(user, 'Flytteråd')).payload;
    const wine = await addWine(user, custom('Flytt ti', { quantity: 4, locationId: rack.id }));
    const answer = await origin.api('POST', `${base(user)}/own-wines/move`, {
      token: tokens[user],
      json: { moves: [{ ownWineId: wine.id, fromLocationId: rack.id, toLocationId: null, quantity: 10 }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.['moves.0.quantity']).toBe('Only 4 bottles there');
    const after = await getWine(user, wine.id);
    expect(after.placements).toEqual([{ locationId: rack.id, quantity: 4 }]);
    expect(after.updatedAt).toBe(wine.updatedAt);
    expect((await historyOf(user, wine.id)).map((entry) => entry.action)).toEqual(['ADDED']);
  });
});

describe('a catalogue wine already in the cellar', () => {
  const user = 'restaurant';

  it('is one row however many devices add it at once: one 201, the rest 409 naming the row', async () => {
    const wine = catalogueWine();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        origin.api<CellarWine>('POST', `${base(user)}/own-wines`, {
          token: tokens[user],
          json: { wineId: wine.id, quantity: 2 },
        }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(9);
    const row = created[0]?.payload as CellarWine;
    for (const answer of refused) {
      expect(answer.error?.message).toBe('This wine is already in your cellar');
      expect(answer.error?.fields).toEqual({
        wineId: 'This wine is already in your cellar',
        ownWineId: row.id,
      });
    }
    const rows = (await list(user, `?wineId=${wine.id}`)).rows;
    expect(rows.map((r) => r.id)).toEqual([row.id]);
    expect(rows[0]?.quantity).toBe(2);
  });

  it('takes bottles added to the row it has, in the location chosen', async () => {
    const shelf = (await postLocation(user, 'Integritetshylle')).payload;
    const wine = await addWine(user, { wineId: catalogueWine().id, quantity: 3 });
    const again = await origin.api('POST', `${base(user)}/own-wines`, {
      token: tokens[user],
      language: 'nb',
      json: { wineId: wine.wineId, quantity: 2 },
    });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe('Denne vinen er allerede i kjelleren din');
    const added = await patchWine(user, wine.id, { addQuantity: 2, locationId: shelf.id });
    expect(added.status).toBe(200);
    expect(added.payload.quantity).toBe(5);
    expect(added.payload.placements).toEqual([
      { locationId: null, quantity: 3 },
      { locationId: shelf.id, quantity: 2 },
    ]);
    expect((await list(user, `?wineId=${wine.wineId}`)).count).toBe(1);
  });

  it('can be added again once its row is deleted', async () => {
    const wine = await addWine(user, { wineId: catalogueWine().id, quantity: 1 });
    const gone = await origin.api('DELETE', `${base(user)}/own-wines?includeId=${wine.id}`, {
      token: tokens[user],
    });
    expect(gone.status).toBe(200);
    const back = await addWine(user, { wineId: wine.wineId, quantity: 4 });
    expect(back.quantity).toBe(4);
    expect((await list(user, `?wineId=${wine.wineId}`)).count).toBe(1);
  });

  it('in a batch import adds its bottles to the row there, and the same wine twice is one row', async () => {
    const there = await addWine(user, { wineId: catalogueWine().id, quantity: 3 });
    const fresh = catalogueWine();
    const answer = await origin.api<{ rows: CellarWine[]; count: number }>(
      'POST',
      `${base(user)}/own-wines/bulk_create`,
      {
        token: tokens[user],
        json: {
          ownWines: [
            { wineId: there.wineId, quantity: 2 },
            { wineId: fresh.id, quantity: 1 },
            { wineId: fresh.id, quantity: 5 },
            custom('Importert egen'),
          ],
        },
      },
    );
    expect(answer.status).toBe(201);
    expect(answer.payload.count).toBe(3);
    expect(answer.payload.rows.map((row) => [row.wineId ?? row.wineName, row.quantity])).toEqual([
      [there.wineId, 5],
      [fresh.id, 6],
      ['Importert egen', 1],
    ]);
    expect((await list(user, `?wineId=${there.wineId},${fresh.id}`)).count).toBe(2);
    const entries = await historyOf(user, there.id);
    expect(entries.map((entry) => entry.action)).toEqual(['QUANTITY', 'ADDED']);
    expect(entries[0]).toMatchObject({ before: { quantity: 3 }, after: { quantity: 5 } });
  });
});

describe('two locations with one name under one parent', () => {
  const user = 'expert';

  it('are refused on create, rename and move, whatever the case, accents and spaces', async () => {
    const top = (await postLocation(user, 'Kjøleskap')).payload;
    const other = (await postLocation(user, 'Vinrom')).payload;
    const shelf = (await postLocation(user, 'Øverste hylle', other.id)).payload;
    for (const name of ['Kjøleskap', '  kjoleskap ', 'KJØLESKAP']) {
      const answer = await postLocation(user, name);
      expect(answer.status).toBe(409);
      expect(answer.error?.fields?.name).toBe('A location with this name already exists here');
    }
    const nb = await origin.api('POST', `${base(user)}/locations`, {
      token: tokens[user],
      language: 'nb',
      json: { name: 'kjøleskap' },
    });
    expect(nb.error?.fields?.name).toBe('Det finnes allerede en plassering med dette navnet her');
    // The same name under another parent is another place.
    expect((await postLocation(user, 'Kjøleskap', other.id)).status).toBe(201);
    const renamed = await origin.api('PATCH', `${base(user)}/locations/${other.id}`, {
      token: tokens[user],
      json: { name: 'kjøleskap' },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.error?.fields?.name).toBe('A location with this name already exists here');
    const moved = await origin.api('PATCH', `${base(user)}/locations/${shelf.id}`, {
      token: tokens[user],
      json: { parentId: null, name: 'KJØLESKAP' },
    });
    expect(moved.status).toBe(409);
    const intoTop = await origin.api('PATCH', `${base(user)}/locations/${shelf.id}`, {
      token: tokens[user],
      json: { parentId: top.id },
    });
    expect(intoTop.status).toBe(200);
    // Its own name in another case is still its own.
    const recased = await origin.api<CellarLocation>('PATCH', `${base(user)}/locations/${top.id}`, {
      token: tokens[user],
      json: { name: 'KJØLESKAP' },
    });
    expect(recased.status).toBe(200);
    const names = (await locations(user)).map((l) => [l.name, l.parentId]);
    expect(names.filter(([name]) => String(name).toLowerCase() === 'kjøleskap')).toHaveLength(2);
  });

  it('cannot both be created by requests at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => postLocation(user, 'Samtidig rom')));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(7);
    expect((await locations(user)).filter((l) => l.name === 'Samtidig rom')).toHaveLength(1);
  });

  it('apply to wine list categories too', async () => {
    const post = (name: string, parentId?: string) =>
      origin.api<WineListCategory>('POST', `${base(user)}/wine-list-categories`, {
        token: tokens[user],
        json: { name, parentId },
      });
    const red = (await post('Rødvin')).payload;
    const taken = await post('rødvin');
    expect(taken.status).toBe(409);
    expect(taken.error?.fields?.name).toBe('A category with this name already exists here');
    expect((await post('Rødvin', red.id)).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('Hvitvin')));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
  });
});
