/**
 * Wine events against the local stack: every route, who may change what, private events' reach, prices
 * by viewer, the lists' limits and import, covers, concurrent changes, and the demo events.
 */
import { removeAccount } from '@kork/functions/accounts/profile-service';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { allWines, nextChangeSeq, type WineRecord } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { eventsNamed } from '@kork/functions/events/event-store';
import { eventsSeed } from '@kork/functions/events/seed';
import {
  convertFromNokMinor,
  type EventCoverUpload,
  type EventsPage,
  type EventWineIdsLookup,
  type EventWineImportReport,
  type EventWineList,
  type GlobalSearchResult,
  horecaPriceFromRetail,
  type WineEvent,
} from '@kork/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, catalogSeed],
  signIn: ['restaurant', 'private', 'admin', 'expert'],
  timeout: 180_000,
});
const { tokens, userIds } = accounts;
/** Active catalogue wines with a price and a Vinmonopolet number. */
let wines: WineRecord[] = [];

const numberOf = (wine: WineRecord) =>
  wine.externalIds.find((e) => e.kind === 'VinmonopoletID')?.value ?? wine.vinmonopoletNumber ?? '';

beforeAll(async () => {
  for await (const page of allWines())
    for (const wine of page)
      if (wine.status === 'active' && (wine.priceMinor ?? 0) > 0 && numberOf(wine)) wines.push(wine);
  wines = wines.sort((a, b) => a.id.localeCompare(b.id));
  expect(wines.length).toBeGreaterThan(20);
}, 180_000);

// — helpers —

const P = 'private';
const R = 'restaurant';

function call<T>(method: string, path: string, user?: string, json?: unknown) {
  return origin.api<T>(method, path, { token: user ? tokens[user] : undefined, json });
}

let dayOffset = 10;
/** A date `days` from today (UTC), as `YYYY-MM-DD`. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function eventBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const start = day(dayOffset++);
  return {
    type: 'public',
    horecaPrices: false,
    name: `Smaking ${dayOffset}`,
    category: 'tasting',
    description: 'Vi smaker viner fra Piemonte.',
    startDate: start,
    endDate: start,
    startTime: '18:00',
    endTime: '21:00',
    location: 'Vinbaren, Torggata 5',
    city: 'Oslo',
    website: 'https://vinbaren.example.no',
    ticketLink: '',
    ...overrides,
  };
}

async function create(user: string, overrides: Record<string, unknown> = {}): Promise<WineEvent> {
  const answer = await call<WineEvent>('POST', '/api/events', user, eventBody(overrides));
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(201);
  return answer.payload;
}

const eventPath = (id: string) => `/api/events/${id}`;
const listsPath = (id: string) => `/api/events/${id}/wine-lists`;

async function jpeg(): Promise<Blob> {
  const bytes = await sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: 120, g: 20, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

async function mediaObject(path: string): Promise<number> {
  const res = await fetch(`${origin.base}/img?url=${encodeURIComponent(path)}&w=64`);
  await res.arrayBuffer();
  return res.status;
}

// — tests —

describe('creating and reading an event', () => {
  it('creates an event with its lists in one write, organised by the caller', async () => {
    const [a, b, c] = wines;
    const event = await create(R, {
      name: 'Barolo og Barbaresco',
      wineLists: [
        { name: 'Aperitiff', wineIds: [a?.id, b?.id, a?.id] },
        { name: 'Hovedretten', wineIds: [c?.id] },
      ],
    });
    expect(event.id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(event.organiser).toMatchObject({
      id: userIds[R],
      name: 'Fjord Bistro',
      kind: 'tastingLocation',
    });
    expect(event.canEdit).toBe(true);
    expect(event.version).toBe(1);
    expect(event.wineLists.map((l) => l.name)).toEqual(['Aperitiff', 'Hovedretten']);
    // A repeated wine keeps its first place.
    expect(event.wineLists[0]?.wineIds).toEqual([a?.id, b?.id]);
    expect(event.wineLists[0]?.wines.map((w) => w.id)).toEqual([a?.id, b?.id]);
    expect(event.listCount).toBe(2);
    expect(event.wineCount).toBe(3);

    const visitor = await call<WineEvent>('GET', eventPath(event.id));
    expect(visitor.status).toBe(200);
    expect(visitor.payload.canEdit).toBe(false);
    expect(visitor.payload.wineLists[0]?.wines[0]?.price).toBeUndefined();
  });

  it('shows a private user as organiser by name', async () => {
    const event = await create(P);
    expect(event.organiser).toMatchObject({ id: userIds[P], kind: 'user' });
    expect(event.organiser.name.length).toBeGreaterThan(0);
  });

  it('refuses bad input with the field and its message', async () => {
    const bad = async (overrides: Record<string, unknown>, field: string, message: string) => {
      const answer = await call('POST', '/api/events', P, eventBody(overrides));
      expect(answer.status, field).toBe(400);
      expect(answer.error?.fields?.[field], field).toBe(message);
    };
    await bad({ startTime: '20:00', endTime: '19:00' }, 'endTime', 'The end must be after the start');
    await bad({ website: 'vinbaren.no' }, 'website', 'Must be a web address starting with https://');
    await bad(
      { wineLists: Array.from({ length: 11 }, (_, i) => ({ name: `L${i}`, wineIds: [] })) },
      'wineLists',
      'An event can have at most 10 wine lists',
    );
    await bad(
      { wineLists: [{ name: 'L', wineIds: ['no-such-wine'] }] },
      'wineLists.0.wineIds',
      'Some of the wines are not in the catalogue',
    );
    await bad(
      { coverPhoto: `users/${userIds[R]}/eventCover-x.jpg` },
      'coverPhoto',
      'The cover photo must be one you uploaded',
    );
    await bad({ color: 'red' }, '_', 'Not a field this accepts');
  });

  it('answers a malformed time or date with a 400 naming it, never a 500', async () => {
    const event = await create(R);
    for (const broken of [
      { startTime: 'ab:cd' },
      { endTime: '1e999' },
      { startTime: '1e999', endTime: 'ab:cd' },
      { endDate: '2027-02-30' },
    ]) {
      const created = await call('POST', '/api/events', R, eventBody(broken));
      expect(created.status, JSON.stringify(broken)).toBe(400);
      expect(Object.keys(created.error?.fields ?? {}).sort(), JSON.stringify(broken)).toEqual(
        Object.keys(broken).sort(),
      );
      const changed = await call('PATCH', eventPath(event.id), R, broken);
      expect(changed.status, JSON.stringify(broken)).toBe(400);
    }
  });

  it('answers 401 without a session and 404 for an unknown event', async () => {
    expect((await call('POST', '/api/events', undefined, eventBody())).status).toBe(401);
    expect((await call('GET', eventPath('no-such-event-id-000000'))).status).toBe(404);
    expect((await call('PATCH', eventPath('no-such-event-id-000000'), P, { name: 'X' })).status).toBe(404);
  });
});

describe('who changes an event', () => {
  it('lets the organiser and an admin change it, and nobody else', async () => {
    const event = await create(R);
    const other = await call('PATCH', eventPath(event.id), P, { name: 'Kapret' });
    expect(other.status).toBe(403);
    expect((await call('DELETE', eventPath(event.id), P)).status).toBe(403);
    expect((await call('POST', listsPath(event.id), P, { name: 'L' })).status).toBe(403);
    expect((await call('PATCH', eventPath(event.id), undefined, { name: 'X' })).status).toBe(401);

    const own = await call<WineEvent>('PATCH', eventPath(event.id), R, {
      name: 'Ny tittel',
      version: event.version,
    });
    expect(own.status).toBe(200);
    expect(own.payload).toMatchObject({ name: 'Ny tittel', version: event.version + 1 });
    const admin = await call<WineEvent>('PATCH', eventPath(event.id), 'admin', { city: 'Bergen' });
    expect(admin.status).toBe(200);
    expect(admin.payload).toMatchObject({ city: 'Bergen', version: event.version + 2, canEdit: true });

    const stale = await call('PATCH', eventPath(event.id), R, { name: 'Gammel', version: event.version });
    expect(stale.status).toBe(409);
    const endBefore = await call('PATCH', eventPath(event.id), R, { endTime: '17:00' });
    expect(endBefore.status).toBe(400);
    expect(endBefore.error?.fields?.endTime).toBe('The end must be after the start');

    expect((await call('DELETE', eventPath(event.id), 'admin')).status).toBe(204);
    expect((await call('GET', eventPath(event.id))).status).toBe(404);
  });
});

describe('wine lists', () => {
  it('adds, edits, deletes and replaces lists', async () => {
    const event = await create(R);
    const [a, b, c, d] = wines;
    const added = await call<EventWineList>('POST', listsPath(event.id), R, {
      name: 'Hvite',
      wineIds: [a?.id, b?.id],
    });
    expect(added.status).toBe(201);
    expect(added.payload.wineIds).toEqual([a?.id, b?.id]);
    const listId = added.payload.id;

    const edited = await call<EventWineList>('PATCH', `${listsPath(event.id)}/${listId}`, R, {
      name: 'Hvitviner',
      wineIds: [c?.id, a?.id],
    });
    expect(edited.status).toBe(200);
    expect(edited.payload).toMatchObject({ id: listId, name: 'Hvitviner', wineIds: [c?.id, a?.id] });

    const unknownWine = await call('PATCH', `${listsPath(event.id)}/${listId}`, R, { wineIds: ['nope'] });
    expect(unknownWine.status).toBe(400);
    expect(unknownWine.error?.fields?.wineIds).toBe('Some of the wines are not in the catalogue');
    expect((await call('PATCH', `${listsPath(event.id)}/nolist`, R, { name: 'X' })).status).toBe(404);
    expect((await call('DELETE', `${listsPath(event.id)}/nolist`, R)).status).toBe(404);

    const replaced = await call<WineEvent>('PUT', listsPath(event.id), R, {
      lists: [
        { name: 'Bobler', wineIds: [d?.id] },
        { name: 'Røde', wineIds: [b?.id, c?.id] },
      ],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.payload.wineLists.map((l) => [l.name, l.wineIds])).toEqual([
      ['Bobler', [d?.id]],
      ['Røde', [b?.id, c?.id]],
    ]);
    const gone = replaced.payload.wineLists[0]?.id as string;
    expect((await call('DELETE', `${listsPath(event.id)}/${gone}`, R)).status).toBe(204);
    const after = await call<WineEvent>('GET', eventPath(event.id));
    expect(after.payload.wineLists.map((l) => l.name)).toEqual(['Røde']);
  });

  it('refuses an eleventh list', async () => {
    const event = await create(R, {
      wineLists: Array.from({ length: 10 }, (_, i) => ({ name: `Liste ${i + 1}`, wineIds: [] })),
    });
    const full = await call('POST', listsPath(event.id), R, { name: 'For mye' });
    expect(full.status).toBe(400);
    expect(full.error?.fields?.wineLists).toBe('An event can have at most 10 wine lists');
  });

  it('copies the catalogue wines of one of the caller’s cellar lists, and only the caller’s', async () => {
    const wine = wines[5] as WineRecord;
    const own = await accounts.addWine(R, { wineId: wine.id, quantity: 2 });
    const cellarList = await call<{ id: string }>(
      'POST',
      `/api/wine-cellars/users/${userIds[R]}/wine-lists`,
      R,
      { name: `Kjeller ${Date.now()}`, ownWineIds: [own.id] },
    );
    expect(cellarList.status).toBe(201);
    const event = await create(R);
    const copied = await call<EventWineList>('POST', listsPath(event.id), R, {
      name: 'Fra kjelleren',
      fromWineListId: cellarList.payload.id,
    });
    expect(copied.status).toBe(201);
    expect(copied.payload.wineIds).toEqual([wine.id]);
    const theirs = await create(P);
    const notYours = await call('POST', listsPath(theirs.id), P, {
      name: 'Lånt',
      fromWineListId: cellarList.payload.id,
    });
    expect(notYours.status).toBe(404);
  });

  it('imports ids with a report, and looks ids up without saving', async () => {
    const [a, b, c] = wines as [WineRecord, WineRecord, WineRecord];
    // A Vectura id on one wine, as a cellar import would record it.
    await db()
      .entities.wine.patch({ id: c.id })
      .set({
        externalIds: [...c.externalIds, { kind: 'VecturaID', value: '7700123' }],
        changeSeq: nextChangeSeq(),
      })
      .go();
    await new Promise((r) => setTimeout(r, 700));
    const event = await create(R, { wineLists: [{ name: 'Import', wineIds: [a.id] }] });
    const listId = event.wineLists[0]?.id as string;
    const report = await call<EventWineImportReport>('POST', `${listsPath(event.id)}/${listId}/import`, R, {
      ids: `${numberOf(a)}, ${numberOf(b)};\n7700123 ; abc;; 99999999999; ${numberOf(b)}`,
    });
    expect(report.status).toBe(200);
    expect(report.payload).toMatchObject({
      added: [numberOf(b), '7700123'],
      alreadyListed: [numberOf(a)],
      unknown: ['99999999999'],
      junk: ['abc'],
    });
    expect(report.payload.list.wineIds).toEqual([a.id, b.id, c.id]);

    // The same ids again add nothing, and nothing is written: the version stays.
    const written = await call<WineEvent>('GET', eventPath(event.id));
    const again = await call<EventWineImportReport>('POST', `${listsPath(event.id)}/${listId}/import`, R, {
      ids: `${numberOf(a)}; ${numberOf(b)}`,
    });
    expect(again.status).toBe(200);
    expect(again.payload).toMatchObject({ added: [], alreadyListed: [numberOf(a), numberOf(b)] });
    expect((await call<WineEvent>('GET', eventPath(event.id))).payload.version).toBe(written.payload.version);

    const lookup = await call<EventWineIdsLookup>('POST', '/api/events/wine-ids', P, {
      ids: `${numberOf(a)};x1;123456789012;${numberOf(a)}`,
    });
    expect(lookup.status).toBe(200);
    expect(lookup.payload.foundIds).toEqual([numberOf(a)]);
    expect(lookup.payload.wines.map((w) => w.id)).toEqual([a.id]);
    expect(lookup.payload.wines[0]?.price).toBeGreaterThan(0);
    expect(lookup.payload).toMatchObject({
      unknown: ['123456789012'],
      junk: ['x1'],
      repeated: [numberOf(a)],
    });
    expect((await call('POST', '/api/events/wine-ids', undefined, { ids: '1' })).status).toBe(401);
  });

  it('refuses an import that would pass the list’s limit, changing nothing', async () => {
    const full = wines.slice(0, 150).map((w) => w.id);
    if (full.length < 150) return;
    const event = await create(R, { wineLists: [{ name: 'Full', wineIds: full }] });
    const listId = event.wineLists[0]?.id as string;
    const extra = wines[150] ?? wines[0];
    if (!extra || full.includes(extra.id)) return;
    const answer = await call('POST', `${listsPath(event.id)}/${listId}/import`, R, { ids: numberOf(extra) });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.ids).toBe('An event wine list can hold at most 150 wines');
    const after = await call<WineEvent>('GET', eventPath(event.id));
    expect(after.payload.version).toBe(event.version);
  });
});

describe('prices by viewer', () => {
  it('shows no price to a visitor, the monopoly price to a user and the HORECA price to a business', async () => {
    const wine = wines[1] as WineRecord;
    const retail = wine.priceMinor as number;
    const lists = [{ name: 'Liste', wineIds: [wine.id] }];
    const horeca = await create(P, { horecaPrices: true, wineLists: lists });
    const plain = await create(P, { horecaPrices: false, wineLists: lists });
    const first = (event: WineEvent) => event.wineLists[0]?.wines[0];
    const read = async (id: string, user?: string) =>
      (
        await origin.api<WineEvent>('GET', eventPath(id), {
          token: user ? tokens[user] : undefined,
          headers: { 'x-currency': 'NOK' },
        })
      ).payload;

    expect(first(await read(horeca.id))?.price).toBeUndefined();
    expect(first(await read(horeca.id))?.horecaPrice).toBeUndefined();
    expect(first(await read(horeca.id, 'expert'))).toMatchObject({
      price: convertFromNokMinor(retail, 'NOK'),
    });
    expect(first(await read(horeca.id, 'expert'))?.horecaPrice).toBeUndefined();
    const business = first(await read(horeca.id, R));
    expect(business?.price).toBeUndefined();
    expect(business?.horecaPrice).toBe(convertFromNokMinor(horecaPriceFromRetail(retail), 'NOK'));
    const businessPlain = first(await read(plain.id, R));
    expect(businessPlain?.price).toBe(convertFromNokMinor(retail, 'NOK'));
    expect(businessPlain?.horecaPrice).toBeUndefined();
  });
});

describe('finding events', () => {
  it('lists public events only, and reaches a private one by its link or its exact name', async () => {
    const name = `Privat vertikal ${Date.now()}`;
    const hidden = await create(R, { type: 'private', name, city: 'Hamar' });
    const shown = await create(R, { name: `Åpen smaking ${Date.now()}`, city: 'Hamar' });
    const list = await call<EventsPage>('GET', '/api/events?resultsPerPage=100&place=hamar');
    expect(list.status).toBe(200);
    const ids = list.payload.rows.map((r) => r.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(list.payload.cities).toContain('Hamar');

    expect((await call<WineEvent>('GET', eventPath(hidden.id))).status).toBe(200);
    const exact = await call<EventsPage>(
      'GET',
      `/api/events?search=${encodeURIComponent(name.toUpperCase())}`,
    );
    expect(exact.payload.rows.map((r) => r.id)).toEqual([hidden.id]);
    const partial = await call<EventsPage>(
      'GET',
      `/api/events?search=${encodeURIComponent('Privat vertikal')}`,
    );
    expect(partial.payload.rows.map((r) => r.id)).not.toContain(hidden.id);

    const own = await call<EventsPage>('GET', `/api/events?organiserId=${userIds[R]}&resultsPerPage=100`, R);
    expect(own.payload.rows.map((r) => r.id)).toContain(hidden.id);
    const others = await call<EventsPage>(
      'GET',
      `/api/events?organiserId=${userIds[R]}&resultsPerPage=100`,
      P,
    );
    expect(others.payload.rows.map((r) => r.id)).not.toContain(hidden.id);

    const global = await call<GlobalSearchResult>(
      'GET',
      `/api/search?q=${encodeURIComponent('Privat vertikal')}`,
    );
    const hits = global.payload.groups.find((g) => g.kind === 'wineEvent')?.hits ?? [];
    expect(hits.map((h) => h.id)).not.toContain(hidden.id);
    const globalExact = await call<GlobalSearchResult>('GET', `/api/search?q=${encodeURIComponent(name)}`);
    const exactHits = globalExact.payload.groups.find((g) => g.kind === 'wineEvent')?.hits ?? [];
    expect(exactHits.map((h) => h.id)).toEqual([hidden.id]);
    const openHits = await call<GlobalSearchResult>(
      'GET',
      `/api/search?q=${encodeURIComponent('Åpen smaking')}`,
    );
    const open = openHits.payload.groups.find((g) => g.kind === 'wineEvent')?.hits ?? [];
    expect(open.map((h) => h.id)).toContain(shown.id);
    expect(open[0]?.detail).toMatch(/\d{4} · Hamar$/);
  });

  it('filters by when, category, dates and words, soonest first', async () => {
    const tag = `Trondheimfestival${Date.now()}`;
    const past = await create(R, {
      name: `${tag} i fjor`,
      category: 'festival',
      startDate: day(-40),
      endDate: day(-39),
      city: 'Trondheim',
    });
    const later = await create(R, {
      name: `${tag} senere`,
      category: 'festival',
      startDate: day(60),
      endDate: day(61),
    });
    const sooner = await create(R, {
      name: `${tag} snart`,
      category: 'festival',
      startDate: day(30),
      endDate: day(30),
    });
    const q = (params: string) => call<EventsPage>('GET', `/api/events?search=${tag}&${params}`);
    expect((await q('')).payload.rows.map((r) => r.id)).toEqual([sooner.id, later.id]);
    expect((await q('when=past')).payload.rows.map((r) => r.id)).toEqual([past.id]);
    expect((await q('category=dinner')).payload.count).toBe(0);
    expect((await q(`from=${day(45)}&to=${day(90)}`)).payload.rows.map((r) => r.id)).toEqual([later.id]);
    expect((await q('resultsPerPage=1&page=2')).payload).toMatchObject({ count: 2 });
    expect((await q('resultsPerPage=1&page=2')).payload.rows.map((r) => r.id)).toEqual([later.id]);
    const byOrganiser = await call<EventsPage>(
      'GET',
      `/api/events?search=${encodeURIComponent('fjord bistro')}&resultsPerPage=100`,
    );
    expect(byOrganiser.payload.rows.map((r) => r.id)).toContain(sooner.id);
  });

  it('answers related events: same organiser, category or city, never itself', async () => {
    const event = await create(R, { category: 'course', city: 'Ålesund' });
    const sibling = await create(P, { category: 'course', city: 'Molde' });
    const read = await call<WineEvent>('GET', eventPath(event.id));
    const related = read.payload.related.map((r) => r.id);
    expect(related).not.toContain(event.id);
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(6);
    expect(read.payload.related.every((r) => r.type === 'public')).toBe(true);
    expect(sibling.id).toBeTruthy();
  });
});

describe('cover photos', () => {
  it('uploads a cover, takes it on an event, and deletes it with the event', async () => {
    const form = new FormData();
    form.append('image', await jpeg(), 'cover.jpg');
    const upload = await origin.api<EventCoverUpload>('POST', '/api/events/covers', {
      token: tokens[R],
      form,
    });
    expect(upload.status).toBe(201);
    expect(upload.payload.coverPhoto).toMatch(new RegExp(`^users/${userIds[R]}/eventCover-`));
    expect(upload.payload.coverUrl).toBe(`/${upload.payload.coverPhoto}`);
    expect(await mediaObject(upload.payload.coverUrl)).toBe(200);

    const notYours = await call(
      'POST',
      '/api/events',
      P,
      eventBody({ coverPhoto: upload.payload.coverPhoto }),
    );
    expect(notYours.status).toBe(400);
    expect(notYours.error?.fields?.coverPhoto).toBe('The cover photo must be one you uploaded');

    const event = await create(R, { coverPhoto: upload.payload.coverPhoto });
    expect(event).toMatchObject({ coverPhoto: upload.payload.coverPhoto, coverUrl: upload.payload.coverUrl });

    // Replacing the cover deletes the old file.
    const second = new FormData();
    second.append('image', await jpeg(), 'cover2.jpg');
    const next = await origin.api<EventCoverUpload>('POST', '/api/events/covers', {
      token: tokens[R],
      form: second,
    });
    const replaced = await call<WineEvent>('PATCH', eventPath(event.id), R, {
      coverPhoto: next.payload.coverPhoto,
    });
    expect(replaced.payload.coverPhoto).toBe(next.payload.coverPhoto);
    expect(await mediaObject(upload.payload.coverUrl)).not.toBe(200);

    // A cover two events show stays until the last of them lets it go.
    const twin = await create(R, { coverPhoto: next.payload.coverPhoto });
    expect((await call('DELETE', eventPath(event.id), R)).status).toBe(204);
    expect(await mediaObject(next.payload.coverUrl)).toBe(200);
    expect((await call('DELETE', eventPath(twin.id), R)).status).toBe(204);
    expect(await mediaObject(next.payload.coverUrl)).not.toBe(200);
  });
});

describe('cover paths that reach another account’s folder', () => {
  const E = 'expert';
  async function victimFile(): Promise<string> {
    const form = new FormData();
    form.append('file', await jpeg(), 'photo.jpg');
    const upload = await origin.api<{ photo: string }>('POST', `/api/users/${userIds[E]}/tasting-images`, {
      token: tokens[E],
      form,
    });
    expect(upload.status).toBe(201);
    expect(await mediaObject(upload.payload.photo)).toBe(200);
    return upload.payload.photo;
  }

  it('refuses `..`, escaped dots, backslashes, a leading slash and empty parts in a cover', async () => {
    const victim = (await victimFile()).slice(1);
    const file = victim.split('/')[2] as string;
    const own = `users/${userIds[R]}`;
    const paths = [
      `${own}/../${userIds[E]}/${file}`,
      `${own}/%2e%2e/${userIds[E]}/${file}`,
      `${own}/%2E%2e/${userIds[E]}/${file}`,
      `${own}\\..\\${userIds[E]}\\${file}`,
      `/${own}/eventCover-x.jpg`,
      `${own}//eventCover-x.jpg`,
      `${own}/./eventCover-x.jpg`,
      `${own}/a/../../${userIds[E]}/${file}`,
    ];
    for (const coverPhoto of paths) {
      const created = await call('POST', '/api/events', R, eventBody({ coverPhoto }));
      expect(created.status, coverPhoto).toBe(400);
      expect(created.error?.fields?.coverPhoto, coverPhoto).toBeTruthy();
    }
    const event = await create(R);
    for (const coverPhoto of paths) {
      const changed = await call('PATCH', eventPath(event.id), R, { coverPhoto });
      expect(changed.status, coverPhoto).toBe(400);
    }
    const theirs = await call('POST', '/api/events', R, eventBody({ coverPhoto: victim }));
    expect(theirs.error?.fields?.coverPhoto).toBe('The cover photo must be one you uploaded');
    expect(await mediaObject(`/${victim}`)).toBe(200);
  });

  it('never deletes another account’s file when a cover stored that way is cleared or its event deleted', async () => {
    const victim = (await victimFile()).slice(1);
    const file = victim.split('/')[2] as string;
    // Covers as an event saved before these rules could hold them.
    const stored = [
      `users/${userIds[R]}/../${userIds[E]}/${file}`,
      `users/${userIds[R]}/%2e%2e/${userIds[E]}/${file}`,
      victim,
    ];
    for (const coverPhoto of stored) {
      const cleared = await create(R);
      await db().entities.wineEvent.patch({ id: cleared.id }).set({ coverPhoto }).go();
      const answer = await call<WineEvent>('PATCH', eventPath(cleared.id), R, { coverPhoto: null });
      expect(answer.status, coverPhoto).toBe(200);
      expect(answer.payload.coverPhoto, coverPhoto).toBeNull();
      expect(await mediaObject(`/${victim}`), coverPhoto).toBe(200);

      const deleted = await create(R);
      await db().entities.wineEvent.patch({ id: deleted.id }).set({ coverPhoto }).go();
      expect((await call('DELETE', eventPath(deleted.id), R)).status).toBe(204);
      expect(await mediaObject(`/${victim}`), coverPhoto).toBe(200);
    }
  });

  it('takes a tasting photo only from the author’s own folder', async () => {
    const victim = await victimFile();
    const file = victim.split('/')[3] as string;
    const wine = wines[0] as WineRecord;
    for (const photo of [
      victim,
      `/users/${userIds[R]}/../${userIds[E]}/${file}`,
      `/users/${userIds[R]}/%2e%2e/${userIds[E]}/${file}`,
      `users/${userIds[E]}/${file}`,
    ]) {
      const note = await call('POST', `/api/wines/${wine.id}/tastings`, R, {
        points: 90,
        date: '2024-06-01',
        isPublished: false,
        photo,
      });
      expect(note.status, photo).toBe(400);
      expect(note.error?.fields?.photo, photo).toBeTruthy();
    }
  });
});

describe('concurrent changes', () => {
  it('lands every simultaneous list add up to the limit and refuses the rest', async () => {
    const event = await create(R);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', listsPath(event.id), R, { name: `Liste ${i}`, wineIds: [wines[i]?.id] }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    const after = await call<WineEvent>('GET', eventPath(event.id));
    expect(after.payload.wineLists).toHaveLength(10);
    expect(after.payload.version).toBe(event.version + 10);
  }, 60_000);

  it('lets exactly one of twenty changes carrying the same version through', async () => {
    const event = await create(R);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('PATCH', eventPath(event.id), R, { name: `Navn ${i}`, version: event.version }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  }, 60_000);
});

describe('demo events', () => {
  it('seeds a dozen public events across Norway and one private one, once', async () => {
    const before = await call<EventsPage>('GET', '/api/events?resultsPerPage=100');
    const [outcome] = await applySeeds([eventsSeed], { force: true });
    expect(outcome?.summary).toBe('13 demo events');
    const after = await call<EventsPage>('GET', '/api/events?resultsPerPage=100');
    const past = await call<EventsPage>('GET', '/api/events?resultsPerPage=100&when=past');
    const seeded = [...after.payload.rows, ...past.payload.rows].filter(
      (row) =>
        ['demo-restaurant', 'demo-expert'].includes(row.organiser.id) && row.coverUrl?.includes('-demo-'),
    );
    expect(seeded).toHaveLength(12);
    expect(after.payload.count - before.payload.count).toBeGreaterThanOrEqual(9);
    expect(new Set(seeded.map((row) => row.city)).size).toBeGreaterThanOrEqual(9);
    expect(seeded.every((row) => row.listCount >= 1 && row.wineCount >= 1)).toBe(true);
    const [hidden] = await eventsNamed('privat vertikalsmaking barolo');
    expect(hidden?.type).toBe('private');
    expect(seeded.map((row) => row.id)).not.toContain(hidden?.id);
    const fair = seeded.find((row) => row.category === 'fair');
    const read = await call<WineEvent>('GET', eventPath(fair?.id ?? ''));
    expect(read.payload.horecaPrices).toBe(true);
    expect(await mediaObject(read.payload.coverUrl ?? '')).toBe(200);

    const [again] = await applySeeds([eventsSeed], { force: true });
    expect(again?.summary).toBe('demo events already there');
  }, 60_000);
});

describe('account deletion', () => {
  it('removes the organiser’s events and their covers with the account', async () => {
    const form = new FormData();
    form.append('image', await jpeg(), 'cover.jpg');
    const upload = await origin.api<EventCoverUpload>('POST', '/api/events/covers', {
      token: tokens[P],
      form,
    });
    const event = await create(P, { coverPhoto: upload.payload.coverPhoto });
    const ownerId = userIds[P] as string;
    const before = await db().collections.owned({ ownerId }).go({ pages: 'all', ignoreOwnership: true });
    expect(before.data.wineEvent.length).toBeGreaterThan(0);
    await removeAccount(ownerId, 'delete', 'DELETE');
    // The account-deletions queue purges it in the background.
    await origin.stack.broker.idle();
    const after = await db().collections.owned({ ownerId }).go({ pages: 'all', ignoreOwnership: true });
    expect(after.data.wineEvent).toEqual([]);
    expect((await call('GET', eventPath(event.id))).status).toBe(404);
    expect(await mediaObject(upload.payload.coverUrl)).not.toBe(200);
  });
});
