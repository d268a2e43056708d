import { removeAccount } from '@kork/functions/accounts/profile-service';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { allWines, type WineRecord } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { db } from '@kork/functions/data/entities';
import { recordPrint } from '@kork/functions/wine-lists/wine-list-writes';
import type {
  CellarWine,
  PublicWineList,
  WineList,
  WineListCategory,
  WineListDetail,
  WineListMembership,
  WineListRef,
  WineListSummary,
} from '@kork/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, catalogSeed],
  signIn: ['restaurant', 'private'],
});
const { tokens, userIds } = accounts;
let catalogueWine: WineRecord;

beforeAll(async () => {
  for await (const page of allWines()) {
    const found = page.find((wine) => wine.status === 'active');
    if (found) {
      catalogueWine = found;
      break;
    }
  }
  expect(catalogueWine).toBeTruthy();
});

// — helpers —

const R = 'restaurant';
const base = (user: string) => `/api/wine-cellars/users/${userIds[user]}`;
const lists = (user: string) => `${base(user)}/wine-lists`;

const addWine = (user: string, body: Record<string, unknown>) => accounts.addWine(user, body);

function custom(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    source: 'CUSTOM',
    wineName: name,
    producerName: 'Testprodusent',
    vintage: 2019,
    bottleSize: 0.75,
    quantity: 2,
    ...extra,
  };
}

async function patchWine(user: string, id: string, json: Record<string, unknown>) {
  const answer = await origin.api<CellarWine>('PATCH', `${base(user)}/own-wines/${id}`, {
    token: tokens[user],
    json,
  });
  expect(answer.error).toBeUndefined();
  return answer.payload;
}

async function createCategory(user: string, name: string, parentId?: string): Promise<WineListCategory> {
  const answer = await origin.api<WineListCategory>('POST', `${base(user)}/wine-list-categories`, {
    token: tokens[user],
    json: { name, parentId },
  });
  expect(answer.status).toBe(201);
  return answer.payload;
}

async function createList(user: string, json: Record<string, unknown>): Promise<WineList> {
  const answer = await origin.api<WineList>('POST', lists(user), { token: tokens[user], json });
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(201);
  return answer.payload;
}

async function detail(user: string, listId: string, language = 'en'): Promise<WineListDetail> {
  const answer = await origin.api<WineListDetail>('GET', `${lists(user)}/${listId}`, {
    token: tokens[user],
    language,
  });
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(200);
  return answer.payload;
}

async function patchList(user: string, listId: string, json: Record<string, unknown>) {
  return origin.api<WineListDetail>('PATCH', `${lists(user)}/${listId}`, { token: tokens[user], json });
}

const chosen = (list: Pick<WineList, 'wines'>) => list.wines.map((wine) => wine.ownWineId);
const printedIds = (list: WineListDetail) => list.entries.filter((e) => e.printed).map((e) => e.ownWineId);
const publicIds = (view: PublicWineList) => view.sections.flatMap((s) => s.wines.map((w) => w.name));

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7b2236' } })
    .png()
    .toBuffer();
}

async function setListsPublic(user: string, value: boolean): Promise<void> {
  await db()
    .entities.user.patch({ id: userIds[user] as string })
    .set({ tastingLocationIsWineListPublic: value })
    .go();
}

// — the cellar these tests use —

const wines: Record<string, CellarWine> = {};
const categories: Record<string, WineListCategory> = {};

describe('wine lists', () => {
  beforeAll(async () => {
    categories.red = await createCategory(R, 'Rødvin');
    categories.bordeaux = await createCategory(R, 'Bordeaux', categories.red.id);
    categories.white = await createCategory(R, 'Hvitvin');
    wines.red = await addWine(
      R,
      custom('Rød Én', { wineListCategoryId: categories.red.id, sellingPrice: 65000 }),
    );
    wines.bdx = await addWine(
      R,
      custom('Château Test', { wineListCategoryId: categories.bordeaux.id, sellingPrice: 120000 }),
    );
    wines.white = await addWine(
      R,
      custom('Hvit Én', { wineListCategoryId: categories.white.id, sellingPrice: 55000 }),
    );
    wines.loose = await addWine(R, custom('Uten Kategori', { sellingPrice: 40000 }));
    wines.catalogue = await addWine(R, { wineId: catalogueWine.id, quantity: 3, sellingPrice: 90000 });
    wines.empty = await addWine(R, custom('Tom Flaske'));
    await patchWine(R, wines.empty.id, { quantity: 0 });
    wines.other = await addWine('private', custom('Privat Vin'));
  });

  it('creates a list with the default page setup, lists it and shows it with its entries', async () => {
    const list = await createList(R, {
      name: 'Høst',
      ownWineIds: [wines.red?.id, wines.white?.id, wines.empty?.id],
    });
    expect(list).toMatchObject({ name: 'Høst', isPublic: false, version: 0, ownerId: userIds[R] });
    expect(list.layout).toMatchObject({ paperSize: 'A4', width: 210, height: 297 });
    expect(chosen(list)).toEqual([wines.red?.id, wines.white?.id, wines.empty?.id]);

    const overview = await origin.api<{ rows: WineListSummary[]; count: number }>('GET', lists(R), {
      token: tokens[R],
    });
    expect(overview.status).toBe(200);
    const row = overview.payload.rows.find((r) => r.id === list.id);
    expect(row).toMatchObject({ name: 'Høst', wineCount: 3, printedCount: 2, isPublic: false });

    const shown = await detail(R, list.id);
    expect(shown.currency).toBe('NOK');
    expect(shown.publicUrl).toMatch(new RegExp(`/l/${list.id}$`));
    expect(shown.publicUrl).toMatch(/^https?:\/\//);
    expect(shown.entries.map((e) => e.ownWineId)).toEqual(chosen(list));
    expect(shown.entries.find((e) => e.ownWineId === wines.empty?.id)?.printed).toBe(false);
    expect(printedIds(shown)).toEqual([wines.red?.id, wines.white?.id]);
    expect(shown.sections.map((s) => [s.name, s.level])).toEqual([
      ['Rødvin', 0],
      ['Bordeaux', 1],
      ['Hvitvin', 0],
    ]);
    expect(shown.gone).toEqual([]);
  });

  it("keeps lists to their owner: another person's id answers 403, another cellar's list 404", async () => {
    const list = await createList(R, { name: 'Privat' });
    expect((await origin.api('GET', lists(R), { token: tokens.private })).status).toBe(403);
    expect((await origin.api('GET', `${lists(R)}/${list.id}`, { token: tokens.private })).status).toBe(403);
    expect(
      (await origin.api('GET', `${lists('private')}/${list.id}`, { token: tokens.private })).status,
    ).toBe(404);
    expect(
      (
        await origin.api('PATCH', `${lists('private')}/${list.id}`, {
          token: tokens.private,
          json: { name: 'X' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await origin.api('DELETE', `${lists('private')}/${list.id}`, { token: tokens.private })).status,
    ).toBe(404);
    expect((await origin.api('DELETE', `${lists(R)}/${list.id}`, { token: tokens.private })).status).toBe(
      403,
    );
    expect((await origin.api('GET', lists(R))).status).toBe(401);
    expect((await detail(R, list.id)).name).toBe('Privat');
  });

  it('refuses wines of another cellar and changes nothing', async () => {
    const before = await origin.api<{ count: number }>('GET', lists(R), { token: tokens[R] });
    const answer = await origin.api('POST', lists(R), {
      token: tokens[R],
      json: { name: 'Feil', ownWineIds: [wines.red?.id, wines.other?.id] },
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toBe('Some of the wines are not in this cellar');
    const after = await origin.api<{ count: number }>('GET', lists(R), { token: tokens[R] });
    expect(after.payload.count).toBe(before.payload.count);

    const list = await createList(R, { name: 'Uendret', ownWineIds: [wines.red?.id] });
    const patch = await patchList(R, list.id, { addOwnWineIds: [wines.other?.id], name: 'Nytt navn' });
    expect(patch.status).toBe(400);
    expect(patch.error?.fields?.addOwnWineIds).toBe('Some of the wines are not in this cellar');
    const unchanged = await detail(R, list.id);
    expect(unchanged).toMatchObject({ name: 'Uendret', version: 0 });
    expect(chosen(unchanged)).toEqual([wines.red?.id]);
  });

  it('validates the page setup: a 15-character private note, margins too wide; named paper keeps its size', async () => {
    const list = await createList(R, { name: 'Oppsett' });
    const layout = { ...(await detail(R, list.id)).layout };
    const note = await patchList(R, list.id, { layout: { ...layout, privateNote: 'x'.repeat(15) } });
    expect(note.status).toBe(400);
    expect(note.error?.fields?.['layout.privateNote']).toBe('Too long: at most 14 characters');
    const margins = await patchList(R, list.id, {
      layout: { ...layout, margins: { top: 10, right: 60, bottom: 10, left: 60 } },
    });
    expect(margins.status).toBe(400);
    expect(Object.values(margins.error?.fields ?? {})).toContain(
      'The margins leave too little room: together at most 50 % of the page',
    );
    expect((await detail(R, list.id)).version).toBe(0);

    const a5 = await patchList(R, list.id, {
      layout: { ...layout, paperSize: 'A5', width: 300, height: 400, privateNote: 'Kjøkken 14 tg' },
    });
    expect(a5.status).toBe(200);
    expect(a5.payload.layout).toMatchObject({
      paperSize: 'A5',
      width: 148,
      height: 210,
      privateNote: 'Kjøkken 14 tg',
    });
    expect(a5.payload.version).toBe(1);
  });

  it('adds by category (with subcategories) and all in stock, removes, and refuses a stale version with 409', async () => {
    const list = await createList(R, { name: 'Sett' });
    const byCategory = await patchList(R, list.id, { addCategoryIds: [categories.red?.id] });
    expect(byCategory.status).toBe(200);
    expect(chosen(byCategory.payload).sort()).toEqual([wines.red?.id, wines.bdx?.id].sort());
    const inStock = await patchList(R, list.id, { addAllInStock: true });
    const all = chosen(inStock.payload);
    expect(all).toEqual(expect.arrayContaining([wines.white?.id, wines.loose?.id, wines.catalogue?.id]));
    expect(all).not.toContain(wines.empty?.id);
    const removed = await patchList(R, list.id, { removeOwnWineIds: [wines.red?.id] });
    expect(chosen(removed.payload)).not.toContain(wines.red?.id);
    const version = removed.payload.version;

    const stale = await patchList(R, list.id, { expectedVersion: version - 1, name: 'Gammel' });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe('The wine list was changed by someone else: reload it and try again');
    expect((await detail(R, list.id)).name).toBe('Sett');
    const current = await patchList(R, list.id, { expectedVersion: version, name: 'Ny' });
    expect(current.status).toBe(200);
    expect(current.payload).toMatchObject({ name: 'Ny', version: version + 1 });
  });

  it('counts 20 wines added at the same moment by 20 requests', async () => {
    const bulk = await origin.api<{ rows: CellarWine[] }>('POST', `${base(R)}/own-wines/bulk_create`, {
      token: tokens[R],
      json: { ownWines: Array.from({ length: 20 }, (_, i) => custom(`Samtidig ${i}`)) },
    });
    expect(bulk.status).toBe(201);
    const ids = bulk.payload.rows.map((wine) => wine.id);
    const list = await createList(R, { name: 'Samtidig' });
    const answers = await Promise.all(ids.map((id) => patchList(R, list.id, { addOwnWineIds: [id] })));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const after = await detail(R, list.id);
    expect(chosen(after).sort()).toEqual([...ids].sort());
    expect(after.version).toBe(20);
  });

  it('duplicates a list (wines and page setup, new name) and deletes one', async () => {
    const source = await createList(R, { name: 'Original', ownWineIds: [wines.white?.id, wines.red?.id] });
    await patchList(R, source.id, { layout: { ...source.layout, font: 'lora', glassColumn: true } });
    const copy = await createList(R, { name: 'Kopi', copyOf: source.id });
    expect(copy.id).not.toBe(source.id);
    expect(copy.name).toBe('Kopi');
    expect(chosen(copy)).toEqual([wines.white?.id, wines.red?.id]);
    expect(copy.layout).toMatchObject({ font: 'lora', glassColumn: true });
    const unknown = await origin.api('POST', lists(R), {
      token: tokens[R],
      json: { name: 'X', copyOf: 'nope' },
    });
    expect(unknown.status).toBe(400);

    const deleted = await origin.api('DELETE', `${lists(R)}/${copy.id}`, { token: tokens[R] });
    expect(deleted.status).toBe(204);
    expect((await origin.api('GET', `${lists(R)}/${copy.id}`, { token: tokens[R] })).status).toBe(404);
    expect((await origin.api('DELETE', `${lists(R)}/${copy.id}`, { token: tokens[R] })).status).toBe(404);
    expect((await detail(R, source.id)).name).toBe('Original');
  });

  it('creates lists made at the same moment, every one, and deletes a list once however often it is asked', async () => {
    const ownerId = userIds[R] as string;
    const countNow = async () =>
      (await db().entities.wineListCounter.get({ ownerId }).go({ consistent: true })).data?.count ?? 0;
    const before = await countNow();
    const created = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        origin.api<WineList>('POST', lists(R), { token: tokens[R], json: { name: `Samtidig ${i}` } }),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(created.map(() => 201));
    expect(new Set(created.map((answer) => answer.payload.id)).size).toBe(15);
    expect(await countNow()).toBe(before + 15);

    const target = created[0]?.payload.id as string;
    const deletes = await Promise.all(
      Array.from({ length: 12 }, () => origin.api('DELETE', `${lists(R)}/${target}`, { token: tokens[R] })),
    );
    const statuses = deletes.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 204)).toEqual(Array(11).fill(404));
    expect(await countNow()).toBe(before + 14);
    await Promise.all(
      created
        .slice(1)
        .map((answer) => origin.api('DELETE', `${lists(R)}/${answer.payload.id}`, { token: tokens[R] })),
    );
    expect(await countNow()).toBe(before);
  });

  it('refuses a list past the cellar’s bound', async () => {
    const before = await db()
      .entities.wineListCounter.get({ ownerId: userIds[R] as string })
      .go();
    await db()
      .entities.wineListCounter.update({ ownerId: userIds[R] as string })
      .set({ count: 200 })
      .go();
    const answer = await origin.api('POST', lists(R), { token: tokens[R], json: { name: 'Én for mye' } });
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toBe('A cellar can have at most 200 wine lists');
    await db()
      .entities.wineListCounter.update({ ownerId: userIds[R] as string })
      .set({ count: before.data?.count ?? 0 })
      .go();
  });

  it('uploads a logo with its aspect ratio and deletes it', async () => {
    const list = await createList(R, { name: 'Logo' });
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(await png(40, 20))], { type: 'image/png' }), 'logo.png');
    const uploaded = await origin.api<WineList>('POST', `${lists(R)}/${list.id}/logo`, {
      token: tokens[R],
      form,
    });
    expect(uploaded.error).toBeUndefined();
    expect(uploaded.status).toBe(200);
    expect(uploaded.payload.logoUrl).toMatch(/^\/users\/.+\/wineListLogo-.+\.png$/);
    expect(uploaded.payload.logoAspect).toBe(2);
    const image = await fetch(
      `${origin.base}/img?url=${encodeURIComponent(uploaded.payload.logoUrl ?? '')}&w=64`,
    );
    expect(image.status).toBe(200);

    const text = new FormData();
    text.set('image', new Blob(['not an image'], { type: 'image/png' }), 'logo.png');
    const refused = await origin.api('POST', `${lists(R)}/${list.id}/logo`, { token: tokens[R], form: text });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    const removed = await origin.api<WineList>('DELETE', `${lists(R)}/${list.id}/logo`, { token: tokens[R] });
    expect(removed.status).toBe(200);
    expect(removed.payload.logoUrl).toBeUndefined();
    expect((await origin.api('DELETE', `${lists(R)}/${list.id}/logo`, { token: tokens[R] })).status).toBe(
      404,
    );
  });

  it('answers which lists hold a wine', async () => {
    const list = await createList(R, { name: 'Medlem', ownWineIds: [wines.loose?.id] });
    const answer = await origin.api<{ rows: WineListMembership[]; count: number }>(
      'GET',
      `${base(R)}/own-wines/${wines.loose?.id}/wine-lists`,
      { token: tokens[R] },
    );
    expect(answer.status).toBe(200);
    expect(answer.payload.rows).toContainEqual({
      id: list.id,
      name: 'Medlem',
      isPublic: false,
      printed: true,
    });
    expect(
      (await origin.api('GET', `${base(R)}/own-wines/${wines.other?.id}/wine-lists`, { token: tokens[R] }))
        .status,
    ).toBe(404);
    expect(
      (
        await origin.api('GET', `${base(R)}/own-wines/${wines.loose?.id}/wine-lists`, {
          token: tokens.private,
        })
      ).status,
    ).toBe(403);
  });

  it('shows a public list to everyone, a private one only to its owner, and follows stock', async () => {
    const list = await createList(R, {
      name: 'Offentlig',
      ownWineIds: [wines.red?.id, wines.catalogue?.id, wines.loose?.id],
    });
    const path = `/api/wine-lists/${list.id}`;
    expect((await origin.api('GET', path)).status).toBe(404);
    expect((await origin.api('GET', path, { token: tokens.private })).status).toBe(404);
    const own = await origin.api<PublicWineList>('GET', path, { token: tokens[R] });
    expect(own.status).toBe(200);

    await patchList(R, list.id, { isPublic: true });
    const raw = await fetch(`${origin.base}${path}`, { headers: { 'x-api-key': 'kork-local-web' } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('cache-control')).toBe('public, no-cache');
    const body = await raw.text();
    for (const secret of ['quantity', 'purchasePrice', 'privateNote', 'cost', 'ownWineId'])
      expect(body).not.toContain(secret);
    const view = (JSON.parse(body) as { payload: PublicWineList }).payload;
    expect(view.restaurant).toMatchObject({ id: userIds[R], name: 'Fjord Bistro' });
    expect(view.currency).toBe('NOK');
    expect(publicIds(view)).toEqual(expect.arrayContaining(['Rød Én', 'Uten Kategori']));
    expect(view.sections.flatMap((s) => s.wines).find((w) => w.wineId === catalogueWine.id)).toBeTruthy();
    const ownRaw = await fetch(`${origin.base}${path}`, {
      headers: { 'x-api-key': 'kork-local-web', authorization: `Bearer ${tokens[R]}` },
    });
    expect(ownRaw.headers.get('cache-control')).toBe('no-store');

    // The restaurant's lists and the catalogue wine's "where to find it".
    const refs = await origin.api<{ rows: WineListRef[] }>('GET', `/api/users/${userIds[R]}/wine-lists`);
    expect(refs.payload.rows.map((r) => r.id)).toContain(list.id);
    const where = await origin.api<{ rows: WineListRef[] }>(
      'GET',
      `/api/wines/${catalogueWine.id}/wine-lists`,
    );
    expect(where.status).toBe(200);
    expect(where.payload.rows).toContainEqual({
      id: list.id,
      name: 'Offentlig',
      restaurant: { id: userIds[R], name: 'Fjord Bistro' },
    });

    // 0 bottles: gone from the printed entries, the public page and "where to find it"; back with bottles.
    await patchWine(R, wines.red?.id as string, { quantity: 0 });
    await patchWine(R, wines.catalogue?.id as string, { quantity: 0 });
    const soldOut = await detail(R, list.id);
    expect(printedIds(soldOut)).toEqual([wines.loose?.id]);
    expect(soldOut.entries.map((e) => e.ownWineId)).toContain(wines.red?.id);
    const soldOutView = (await origin.api<PublicWineList>('GET', path)).payload;
    expect(publicIds(soldOutView)).not.toContain('Rød Én');
    expect(soldOutView.sections.flatMap((s) => s.wines).some((w) => w.wineId === catalogueWine.id)).toBe(
      false,
    );
    const nowhere = await origin.api<{ rows: WineListRef[] }>(
      'GET',
      `/api/wines/${catalogueWine.id}/wine-lists`,
    );
    expect(nowhere.payload.rows.map((r) => r.id)).not.toContain(list.id);
    await patchWine(R, wines.red?.id as string, { quantity: 2 });
    await patchWine(R, wines.catalogue?.id as string, { quantity: 3 });
    expect(publicIds((await origin.api<PublicWineList>('GET', path)).payload)).toContain('Rød Én');
    const back = await origin.api<{ rows: WineListRef[] }>(
      'GET',
      `/api/wines/${catalogueWine.id}/wine-lists`,
    );
    expect(back.payload.rows.map((r) => r.id)).toContain(list.id);

    // The restaurant's lists made private in its profile: 404 for strangers, still there for the owner.
    await setListsPublic(R, false);
    try {
      expect((await origin.api('GET', path)).status).toBe(404);
      expect((await origin.api('GET', path, { token: tokens.private })).status).toBe(404);
      expect((await origin.api('GET', path, { token: tokens[R] })).status).toBe(200);
      const none = await origin.api<{ rows: WineListRef[] }>('GET', `/api/users/${userIds[R]}/wine-lists`);
      expect(none.payload.rows).toEqual([]);
      const hidden = await origin.api<{ rows: WineListRef[] }>(
        'GET',
        `/api/wines/${catalogueWine.id}/wine-lists`,
      );
      expect(hidden.payload.rows.map((r) => r.id)).not.toContain(list.id);
    } finally {
      await setListsPublic(R, true);
    }

    // Private again: gone from "where to find it" too.
    await patchList(R, list.id, { isPublic: false });
    const unlisted = await origin.api<{ rows: WineListRef[] }>(
      'GET',
      `/api/wines/${catalogueWine.id}/wine-lists`,
    );
    expect(unlisted.payload.rows.map((r) => r.id)).not.toContain(list.id);
    expect((await origin.api('GET', '/api/users/nobody-here/wine-lists')).status).toBe(404);
    expect((await origin.api('GET', '/api/wine-lists/nope')).status).toBe(404);
  });

  it('marks wines added or repriced since the last print, and those printed then and not now', async () => {
    const list = await createList(R, {
      name: 'Trykk',
      ownWineIds: [wines.white?.id, wines.loose?.id, wines.bdx?.id],
    });
    const first = await detail(R, list.id);
    expect(first.entries.every((e) => e.change === undefined)).toBe(true);
    await recordPrint(userIds[R] as string, list.id, first.entries);
    const printed = await detail(R, list.id);
    expect(printed.lastPrintedAt).toBeTruthy();
    expect(printed.version).toBe(first.version);
    expect(printed.entries.every((e) => e.change === undefined)).toBe(true);

    await patchWine(R, wines.white?.id as string, { sellingPrice: 59000 });
    await patchWine(R, wines.bdx?.id as string, { quantity: 0 });
    await patchList(R, list.id, { addOwnWineIds: [wines.red?.id] });
    const changed = await detail(R, list.id);
    const change = (id?: string) => changed.entries.find((e) => e.ownWineId === id)?.change;
    expect(change(wines.white?.id)).toBe('repriced');
    expect(change(wines.red?.id)).toBe('added');
    expect(change(wines.loose?.id)).toBeUndefined();
    expect(changed.gone.map((g) => g.ownWineId)).toEqual([wines.bdx?.id]);
    await patchWine(R, wines.bdx?.id as string, { quantity: 2 });
  });

  it('leaves a deleted cellar wine on the list as a reference that does not print', async () => {
    const doomed = await addWine(R, custom('Snart Borte'));
    const list = await createList(R, { name: 'Borte', ownWineIds: [doomed.id, wines.loose?.id] });
    const answer = await origin.api('DELETE', `${base(R)}/own-wines?includeId=${doomed.id}`, {
      token: tokens[R],
    });
    expect(answer.status).toBe(200);
    const after = await detail(R, list.id);
    expect(after.entries.map((e) => e.ownWineId)).toEqual([wines.loose?.id]);
    const overview = await origin.api<{ rows: WineListSummary[] }>('GET', lists(R), { token: tokens[R] });
    expect(overview.payload.rows.find((r) => r.id === list.id)).toMatchObject({
      wineCount: 1,
      printedCount: 1,
    });
  });

  it('goes with the account: deleting it removes its lists, their count, print records and index items', async () => {
    const user = 'private';
    const catalogueCopy = await addWine(user, { wineId: catalogueWine.id, quantity: 1 });
    const list = await createList(user, {
      name: 'Min liste',
      isPublic: true,
      ownWineIds: [catalogueCopy.id],
    });
    await recordPrint(userIds[user] as string, list.id, (await detail(user, list.id)).entries);
    const ownerId = userIds[user] as string;
    const before = await db().collections.owned({ ownerId }).go({ pages: 'all', ignoreOwnership: true });
    expect(before.data.wineList).toHaveLength(1);
    expect(before.data.wineListCounter).toHaveLength(1);
    expect(before.data.wineListPrint).toHaveLength(1);
    expect(before.data.wineListPublicWine).toHaveLength(1);
    await removeAccount(ownerId, 'delete', 'DELETE');
    // The account-deletions queue purges it in the background.
    await origin.stack.broker.idle();
    const after = await db().collections.owned({ ownerId }).go({ pages: 'all', ignoreOwnership: true });
    for (const name of ['wineList', 'wineListCounter', 'wineListPrint', 'wineListPublicWine'] as const)
      expect(after.data[name]).toEqual([]);
    expect((await origin.api('GET', `/api/wine-lists/${list.id}`)).status).toBe(404);
  });
});
