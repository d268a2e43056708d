import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountsSeed, directorySeed } from '@kork/functions/accounts/seed';
import { CATALOG_COLUMNS } from '@kork/functions/catalog/load/map-row';
import { loadCatalogFile } from '@kork/functions/catalog/load-service';
import {
  facetId,
  type GlobalSearchResult,
  type MergeRecord,
  type TastingNote,
  type WineDetail,
  type WineSearchResult,
  type WineTastings,
} from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const COLUMNS = CATALOG_COLUMNS;
type Row = Partial<Record<(typeof COLUMNS)[number], string>>;

const base: Row = {
  Volum: '0.75',
  Produktutvalg: 'Bestillingsutvalget',
  Butikkategori: 'Uavhengig sortiment',
  Alkohol: '13.50',
  Grossist: 'Vinhuset AS',
  Distributor: 'Vectura AS',
  Emballasjetype: 'Engangsflasker av glass',
};

/** The fixture catalogue: line numbers are these rows' index + 2 (the header is line 1). */
const ROWS: Row[] = [
  {
    Varenummer: '7000001',
    Varenavn: 'Château Testvin Rouge 2015',
    Pris: '499.90',
    Varetype: 'Rødvin',
    Land: 'Frankrike',
    Distrikt: 'Bordeaux',
    Underdistrikt: 'Pauillac',
    Argang: '2015',
    Rastoff: 'Cabernet Sauvignon 60%, Merlot 40%',
    Produsent: 'Testvin Domaine',
    Passertil01: 'Storfe',
    Butikkategori: 'Butikkategori 6',
  },
  {
    Varenummer: '7000002',
    Varenavn: 'Testvin Barolo 2016',
    Pris: '650.00',
    Varetype: 'Rødvin',
    Land: 'Italia',
    Distrikt: 'Piemonte',
    Underdistrikt: 'Barolo',
    Argang: '2016',
    Rastoff: 'Nebbiolo 100%',
    Produsent: 'Cantina Testvin',
    Passertil01: 'Lam',
    Grossist: '',
  },
  {
    Varenummer: '7000003',
    Varenavn: 'Testvin Riesling 2020',
    Pris: '199.90',
    Varetype: 'Hvitvin',
    Land: 'Tyskland',
    Distrikt: 'Mosel',
    Argang: '2020',
    Rastoff: 'Riesling 100%',
    Produsent: 'Weingut Testvin',
    Passertil01: 'Fisk',
  },
  {
    Varenummer: '7000004',
    Varenavn: 'Testvin Brut',
    Volum: '1.50',
    Pris: '399.00',
    Varetype: 'Musserende Vin',
    Land: 'Frankrike',
    Distrikt: 'Champagne',
    Argang: '',
    Rastoff: 'Chardonnay 50%, Pinot Noir 50%',
    Produsent: 'Maison Testvin',
    Passertil01: 'Skalldyr',
  },
  {
    Varenummer: '7000005',
    Varenavn: 'Testvin Rosé 2022',
    Pris: '149.90',
    Varetype: 'Rosévin',
    Land: 'Frankrike',
    Distrikt: 'Provence',
    Argang: '2022',
    Rastoff: 'Grenache 70%, Cinsault 30%',
    Produsent: 'Domaine Testvin Provence',
  },
  {
    Varenummer: '7000006',
    Varenavn: 'Løiten Testvin Akevitt',
    Volum: '0.70',
    Pris: '399.90',
    Varetype: 'Akevitt',
    Land: 'Norge',
    Distrikt: 'Øvrige',
    Argang: '',
    Rastoff: 'Poteter, krydder',
    Alkohol: '41.50',
    Produsent: 'Arcus Testvin',
  },
  {
    Varenummer: '7000007',
    Varenavn: 'Testvin Feilår',
    Pris: '99.90',
    Varetype: 'Rødvin',
    Land: 'Spania',
    Argang: '737',
    Produsent: 'Bodega Testvin',
  },
  {
    Varenummer: '7000008',
    Varenavn: 'Château Testvin Rouge 2016',
    Pris: '549.00',
    Varetype: 'Rødvin',
    Land: 'Frankrike',
    Distrikt: 'Bordeaux',
    Underdistrikt: 'Pauillac',
    Argang: '2016',
    Rastoff: 'Cabernet Sauvignon 65%, Merlot 35%',
    Produsent: 'Testvin Domaine',
    Passertil01: 'Storfe',
  },
  {
    Varenummer: '7000009',
    Varenavn: 'Testvin Barolo 2016',
    Pris: '655.00',
    Varetype: 'Rødvin',
    Land: 'Italia',
    Distrikt: 'Piemonte',
    Underdistrikt: 'Barolo',
    Argang: '2016',
    Rastoff: 'Nebbiolo 100%',
    Produsent: 'Cantina Testvin',
    Passertil01: 'Lam',
    Grossist: '',
  },
];

function csv(rows: Row[]): string {
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const lines = [COLUMNS.map(quote).join(',')];
  for (const row of rows) lines.push(COLUMNS.map((c) => quote({ ...base, ...row }[c] ?? '')).join(','));
  return `${lines.join('\n')}\n`;
}

function writeCatalog(rows: Row[]): string {
  const file = join(tmpdir(), `kork-catalog-${Date.now()}-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(file, csv(rows));
  return file;
}

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, directorySeed],
  signIn: ['expert', 'sommelier', 'private', 'restaurant', 'admin'],
});
const { tokens, userIds } = accounts;
const ids: Record<string, string> = {};

async function search(query: string, token?: string, headers?: Record<string, string>) {
  const answer = await origin.api<WineSearchResult>('GET', `/api/wines${query ? `?${query}` : ''}`, {
    token,
    headers,
  });
  expect(answer.status).toBe(200);
  return answer.payload;
}

const numbers = (result: WineSearchResult) =>
  result.rows.map((row) => Object.entries(ids).find(([, id]) => id === row.id)?.[0]);

async function note(who: string, wine: string, body: Record<string, unknown>) {
  return origin.api<TastingNote>('POST', `/api/wines/${ids[wine]}/tastings`, {
    token: tokens[who],
    json: { date: '2026-01-15', text: 'Fine', ...body },
  });
}

describe('the catalogue import', () => {
  it('imports the good rows, reports the bad one by line, and refreshes the search snapshot', async () => {
    const report = await loadCatalogFile(writeCatalog(ROWS));
    expect(report.rows).toBe(9);
    expect(report.created).toBe(8);
    expect(report.bad).toEqual([{ line: 8, error: expect.stringContaining('737') }]);
    expect(report.snapshotWines).toBe(8);
    const all = await search('isRatedByExpert=false&resultsPerPage=100');
    expect(all.count).toBe(8);
    for (const row of all.rows) {
      const number = ROWS.find((r) => r.Varenavn?.startsWith(row.name))?.Varenummer;
      expect(number).toBeDefined();
    }
    // Map names to ids for the rest of the file (the two Barolos share a name: tell them apart by price).
    const priced = await search('isRatedByExpert=false&resultsPerPage=100', tokens.private, {
      'x-currency': 'NOK',
    });
    for (const row of priced.rows) {
      const match = ROWS.filter((r) => r.Varenavn?.startsWith(row.name)).find(
        (r) =>
          Number(r.Pris) === row.price &&
          (r.Argang ? Number(r.Argang) === row.vintage : row.vintage === null),
      );
      if (match?.Varenummer) ids[match.Varenummer.slice(-1)] = row.id;
    }
    expect(Object.keys(ids).sort()).toEqual(['1', '2', '3', '4', '5', '6', '8', '9']);
  });

  it('upserts a re-import by Vinmonopolet number and records the price change', async () => {
    const changed = ROWS.map((r) => (r.Varenummer === '7000003' ? { ...r, Pris: '219.90' } : r));
    const report = await loadCatalogFile(writeCatalog(changed));
    expect(report).toMatchObject({ created: 0, updated: 1, priceChanges: 1, unchanged: 7 });
    const wine = await origin.api<WineDetail>('GET', `/api/wines/${ids['3']}`, {
      token: tokens.private,
      headers: { 'x-currency': 'NOK' },
    });
    expect(wine.payload.price).toBe(219.9);
  });
});

describe('GET /api/wines', () => {
  it('shows visitors only expert-rated wines by default, best first, with no prices or availability', async () => {
    expect((await search('')).count).toBe(0);
    expect((await note('expert', '1', { points: 92, isPublished: true })).status).toBe(201);
    expect((await note('expert', '2', { points: 88, isPublished: true })).status).toBe(201);
    expect((await note('sommelier', '3', { points: 95, isPublished: true })).status).toBe(201);
    const result = await search('');
    expect(numbers(result)).toEqual(['3', '1', '2']);
    expect(result.rows[0]).toMatchObject({ rating: 95, expertRating: 95, expertCount: 1 });
    for (const row of result.rows) {
      expect(row).not.toHaveProperty('price');
      expect(row).not.toHaveProperty('isAvailable');
    }
    expect(result.facets.experts.map((e) => e.name).sort()).toEqual(['Erik Ekspert', 'Sofie Sommelier']);
  });

  it('gives registered users prices in their currency and availability', async () => {
    const nok = await search('', tokens.private, { 'x-currency': 'NOK' });
    expect(nok.rows[0]).toMatchObject({ price: 219.9, currency: 'NOK', isAvailable: true });
    const eur = await search('', tokens.private, { 'x-currency': 'EUR' });
    expect(eur.rows[0]?.currency).toBe('EUR');
    expect(eur.rows[0]?.price).toBeLessThan(219.9);
  });

  it('filters by every facet, comma-separated lists OR-ed within a filter', async () => {
    const all = 'isRatedByExpert=false&resultsPerPage=100&sortColumn=name&sortDirection=asc';
    const pick = async (query: string) => numbers(await search(`${all}&${query}`)).sort();
    expect(await pick('mainCategoryId=red')).toEqual(['1', '2', '8', '9']);
    expect(await pick('mainCategoryId=white,sparkling')).toEqual(['3', '4']);
    expect(await pick(`origins=${facetId('Frankrike')}`)).toEqual(['1', '4', '5', '8']);
    expect(
      await pick(`origins=${facetId('Frankrike')}.${facetId('Bordeaux')}.${facetId('Pauillac')}`),
    ).toEqual(['1', '8']);
    expect(await pick(`origins=${facetId('Italia')},${facetId('Tyskland')}`)).toEqual(['2', '3', '9']);
    expect(await pick(`grapes=${facetId('Nebbiolo')}`)).toEqual(['2', '9']);
    expect(await pick(`food=${facetId('Skalldyr')}`)).toEqual(['4']);
    expect(await pick(`manufacturers=${facetId('Cantina Testvin')}`)).toEqual(['2', '9']);
    expect(await pick(`stores=${facetId('Butikkategori 6')}`)).toEqual(['1']);
    expect(await pick('vintages=NV')).toEqual(['4', '6']);
    expect(await pick('vintages=2015,2016')).toEqual(['1', '2', '8', '9']);
    expect(await pick(`ratedById=${userIds.sommelier}`)).toEqual(['3']);
    const sizes = await search(`${all}`);
    const magnum = sizes.facets.bottleSizes.find((f) => f.count === 1 && f.id.startsWith('1.5'));
    expect(magnum).toBeDefined();
    expect(await pick(`bottleSizes=${magnum?.id}`)).toEqual(['4']);
  });

  it('counts facets across the other filters (a chosen country still shows the others)', async () => {
    const result = await search('isRatedByExpert=false&origins=italy');
    const countries = Object.fromEntries(result.facets.countries.map((f) => [f.id, f.count]));
    expect(countries.italy).toBe(2);
    expect(countries.france).toBe(4);
    expect(result.count).toBe(2);
  });

  it('takes origins by language-neutral ids, and older links with Norwegian names filter the same', async () => {
    const all = 'isRatedByExpert=false&resultsPerPage=100&sortColumn=name&sortDirection=asc';
    const pick = async (query: string, language = 'en') =>
      numbers(await search(`${all}&${query}`, undefined, { 'accept-language': language })).sort();
    expect(await pick('origins=france')).toEqual(['1', '4', '5', '8']);
    expect(await pick('origins=france.bordeaux.pauillac')).toEqual(['1', '8']);
    expect(await pick('origins=italy,germany')).toEqual(['2', '3', '9']);
    expect(await pick('origins=italy.piedmont')).toEqual(['2', '9']);
    // An old link's ids, and the same ids whatever the reader's language.
    expect(await pick('origins=italia.piemonte', 'nb')).toEqual(['2', '9']);
    expect(await pick('origins=frankrike,italy')).toEqual(await pick('origins=france,italia', 'nb'));

    for (const language of ['en', 'nb']) {
      const answer = await search(`${all}&origins=italy`, undefined, { 'accept-language': language });
      // Facet ids are the same in both languages; the names are the stored values the web translates.
      expect(answer.facets.countries.map((f) => [f.id, f.name]).sort()).toEqual(
        expect.arrayContaining([
          ['france', 'Frankrike'],
          ['italy', 'Italia'],
        ]),
      );
      expect(answer.facets.regions.map((f) => f.id)).toContain('italy.piedmont');
      expect(answer.facets.subRegions.map((f) => f.id)).toContain('italy.piedmont.barolo');
      expect(answer.facets.countries.map((f) => f.id)).not.toContain('italia');
    }
  });

  it('filters and sorts by price for registered users only', async () => {
    const range = 'isRatedByExpert=false&minPrice=400&maxPrice=600&sortColumn=price&sortDirection=asc';
    expect(numbers(await search(range, tokens.private, { 'x-currency': 'NOK' }))).toEqual(['1', '8']);
    // A visitor's price bounds are ignored; sorting by price still works, without showing prices.
    const visitor = await search(range);
    expect(visitor.count).toBe(8);
    expect(numbers(visitor).slice(0, 2)).toEqual(['5', '3']);
    const desc = await search('isRatedByExpert=false&sortColumn=price&sortDirection=desc', tokens.private, {
      'x-currency': 'NOK',
    });
    expect(numbers(desc).slice(0, 2)).toEqual(['9', '2']);
  });

  it('finds wines by text with typos and Norwegian letters', async () => {
    const text = async (q: string) =>
      numbers(await search(`isRatedByExpert=false&search=${encodeURIComponent(q)}`)).sort();
    expect(await text('chateau testvn')).toEqual(['1', '8']);
    expect(await text('loiten')).toEqual(['6']);
    expect(await text('barollo')).toEqual(['2', '9']);
    expect(await text('pauillac cabernet')).toEqual(['1', '8']);
  });

  it('applies isHorecaAvailable to professional accounts only, and isReviewedByMe to the viewer', async () => {
    const horeca = 'isRatedByExpert=false&isHorecaAvailable=true';
    expect(numbers(await search(horeca, tokens.restaurant)).sort()).toEqual(['1', '3', '4', '5', '6', '8']);
    expect((await search(horeca, tokens.private)).count).toBe(8);
    expect((await note('private', '4', { points: 85, isPublished: true })).status).toBe(201);
    expect(numbers(await search('isRatedByExpert=false&isReviewedByMe=true', tokens.private))).toEqual(['4']);
    const community = await search('isRatedByExpert=false&vintages=NV&sortColumn=rating', tokens.private);
    expect(community.rows.find((r) => r.id === ids['4'])).toMatchObject({
      rating: 85,
      communityRating: 85,
      communityCount: 1,
      expertRating: null,
    });
  });

  it('rejects malformed queries with a clear error', async () => {
    const bad = await origin.api('GET', '/api/wines?sortColumn=colour&resultsPerPage=500');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.fields ?? {}).sort()).toEqual(['resultsPerPage', 'sortColumn']);
  });
});

describe('tasting notes', () => {
  it('rejects points off the scale and dates in the future, in the request language', async () => {
    const points = await note('private', '5', { points: 101, isPublished: true });
    expect(points.status).toBe(400);
    expect(points.error?.fields?.points).toBe('Invalid points: 50 to 100, in whole or half points');
    const tomorrow = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const date = await origin.api('POST', `/api/wines/${ids['5']}/tastings`, {
      token: tokens.private,
      language: 'nb-NO',
      json: { points: 90, date: tomorrow, isPublished: true },
    });
    expect(date.status).toBe(400);
    expect(date.error?.fields?.date).toBe('Ugyldig dato');
    expect(
      (await origin.api('POST', `/api/wines/${ids['5']}/tastings`, { json: { points: 90 } })).status,
    ).toBe(401);
  });

  it('keeps private notes out of the averages until they are published, and updates them on delete', async () => {
    const saved = await note('expert', '5', { points: 90, isPublished: false });
    expect(saved.status).toBe(201);
    expect(numbers(await search(''))).not.toContain('5');
    const other = await origin.api('PATCH', `/api/tastings/${saved.payload.id}`, {
      token: tokens.private,
      json: { isPublished: true },
    });
    expect(other.status).toBe(403);
    const published = await origin.api<TastingNote>('PATCH', `/api/tastings/${saved.payload.id}`, {
      token: tokens.expert,
      json: { isPublished: true, points: 93 },
    });
    expect(published.payload).toMatchObject({ isPublished: true, points: 93 });
    const withIt = await search('');
    expect(withIt.rows.find((r) => r.id === ids['5'])).toMatchObject({ expertRating: 93, expertCount: 1 });
    const removed = await origin.api('DELETE', `/api/tastings/${saved.payload.id}`, { token: tokens.expert });
    expect(removed.status).toBe(204);
    expect(numbers(await search(''))).not.toContain('5');
  });

  it("lists a wine's notes with experts apart from the community, and the viewer's own", async () => {
    await note('private', '1', { points: 86, isPublished: false });
    const notes = await origin.api<WineTastings>('GET', `/api/wines/${ids['1']}/tastings`, {
      token: tokens.private,
    });
    expect(notes.payload.expert.map((n) => n.authorName)).toEqual(['Erik Ekspert']);
    expect(notes.payload.community).toEqual([]);
    expect(notes.payload.mine).toHaveLength(1);
    expect(notes.payload.mine[0]).toMatchObject({ isPublished: false, points: 86 });
    const visitor = await origin.api<WineTastings>('GET', `/api/wines/${ids['1']}/tastings`);
    expect(visitor.payload.mine).toEqual([]);
  });

  it("shows a person's private notes to them only, and their public profile", async () => {
    const own = await origin.api<{ rows: TastingNote[]; count: number }>(
      'GET',
      `/api/users/${userIds.private}/tastings`,
      { token: tokens.private },
    );
    expect(own.payload.count).toBe(2);
    expect(own.payload.rows[0]?.wine?.id).toBeDefined();
    const publicView = await origin.api<{ rows: TastingNote[]; count: number }>(
      'GET',
      `/api/users/${userIds.private}/tastings`,
    );
    expect(publicView.payload.count).toBe(1);
    const ownPublic = await origin.api<{ count: number }>(
      'GET',
      `/api/users/${userIds.private}/tastings?published=true`,
      {
        token: tokens.private,
      },
    );
    expect(ownPublic.payload.count).toBe(1);
    const profile = await origin.api<{ statistic: { tastings: number } }>(
      'GET',
      `/api/users/${userIds.private}/profile`,
    );
    expect(profile.payload.statistic.tastings).toBe(1);
    const upload = await origin.api('POST', `/api/users/${userIds.expert}/tasting-images`, {
      token: tokens.private,
      form: new FormData(),
    });
    expect(upload.status).toBe(403);
  });
});

describe('wine profile, embeds and global search', () => {
  it('answers a wine with its other vintages and related wines; prices only for registered users', async () => {
    const visitor = await origin.api<WineDetail>('GET', `/api/wines/${ids['1']}`);
    expect(visitor.payload).toMatchObject({
      name: 'Château Testvin Rouge',
      vintage: 2015,
      country: 'Frankrike',
    });
    expect(visitor.payload).not.toHaveProperty('price');
    expect(visitor.payload).not.toHaveProperty('isAvailable');
    expect(visitor.payload).not.toHaveProperty('isHorecaAvailable');
    expect(visitor.payload.vintages.map((v) => v.id)).toEqual([ids['8']]);
    expect(visitor.payload.grapes).toEqual([
      { name: 'Cabernet Sauvignon', share: 60 },
      { name: 'Merlot', share: 40 },
    ]);
    const member = await origin.api<WineDetail>('GET', `/api/wines/${ids['1']}`, {
      token: tokens.private,
      headers: { 'x-currency': 'NOK' },
    });
    expect(member.payload.price).toBe(499.9);
    expect((await origin.api('GET', '/api/wines/nope')).status).toBe(404);
  });

  it('embeds a wine with or without its price; the price only when a registered account chose it', async () => {
    const hidden = await origin.api<Record<string, unknown>>(
      'GET',
      `/api/embed/wines/${ids['1']}?showRating=true`,
    );
    expect(hidden.payload).not.toHaveProperty('price');
    expect(hidden.payload.rating).toBe(92);
    // Anyone can write showPrice=true into an address: without the owner's key it shows no price.
    const asked = await origin.api<Record<string, unknown>>(
      'GET',
      `/api/embed/wines/${ids['1']}?showPrice=true`,
    );
    expect(asked.status).toBe(200);
    expect(asked.payload).not.toHaveProperty('price');

    const visitorKey = await origin.api('GET', `/api/embed/wines/${ids['1']}/price-key`);
    expect(visitorKey.status).toBe(401);
    const key = await origin.api<{ priceKey: string }>('GET', `/api/embed/wines/${ids['1']}/price-key`, {
      token: tokens.private,
    });
    expect(key.status).toBe(200);
    const shown = await origin.api<Record<string, unknown>>(
      'GET',
      `/api/embed/wines/${ids['1']}?showPrice=true&priceKey=${key.payload.priceKey}`,
      { headers: { 'x-currency': 'NOK' } },
    );
    expect(shown.payload.price).toBe(499.9);
    expect(shown.payload).not.toHaveProperty('rating');

    // A key is for its own wine only.
    const other = await origin.api<Record<string, unknown>>(
      'GET',
      `/api/embed/wines/${ids['2']}?showPrice=true&priceKey=${key.payload.priceKey}`,
    );
    expect(other.payload).not.toHaveProperty('price');
    const missing = await origin.api('GET', '/api/embed/wines/no-such-wine/price-key', {
      token: tokens.private,
    });
    expect(missing.status).toBe(404);
  });

  it('groups global search hits by kind', async () => {
    const barolo = await origin.api<GlobalSearchResult>('GET', '/api/search?q=barolo');
    const kinds = barolo.payload.groups.map((g) => g.kind);
    expect(kinds).toContain('wine');
    expect(kinds).toContain('subRegion');
    const people = await origin.api<GlobalSearchResult>('GET', '/api/search?q=sofie');
    expect(people.payload.groups).toEqual([
      { kind: 'expert', hits: [expect.objectContaining({ id: userIds.sommelier, name: 'Sofie Sommelier' })] },
    ]);
    const places = await origin.api<GlobalSearchResult>('GET', '/api/search?q=fjord');
    expect(places.payload.groups[0]?.kind).toBe('tastingLocation');
    expect((await origin.api('GET', '/api/search')).status).toBe(400);
  });
});

describe('admin', () => {
  it('merges duplicates: notes, numbers and ratings move to the survivor, and merging twice changes nothing', async () => {
    expect((await note('private', '9', { points: 80, isPublished: true })).status).toBe(201);
    const input = { survivorId: ids['2'], duplicateIds: [ids['9']] };
    const denied = await origin.api('POST', '/api/admin/wines/merge', { token: tokens.private, json: input });
    expect(denied.status).toBe(403);
    const merged = await origin.api<MergeRecord>('POST', '/api/admin/wines/merge', {
      token: tokens.admin,
      json: input,
    });
    expect(merged.status).toBe(200);
    expect(merged.payload).toMatchObject({ movedTastings: 1, movedExternalIds: 1 });
    const survivor = await origin.api<WineDetail>('GET', `/api/wines/${ids['2']}`);
    expect(survivor.payload).toMatchObject({ expertCount: 1, communityCount: 1, communityRating: 80 });
    expect(survivor.payload.externalIds.map((e) => e.value).sort()).toEqual(['7000002', '7000009']);
    const duplicate = await origin.api<WineDetail>('GET', `/api/wines/${ids['9']}`);
    expect(duplicate.payload.mergedInto).toBe(ids['2']);
    expect(numbers(await search('isRatedByExpert=false&resultsPerPage=100'))).not.toContain('9');
    const notes = await origin.api<WineTastings>('GET', `/api/wines/${ids['2']}/tastings`);
    expect(notes.payload.community.map((n) => n.points)).toEqual([80]);

    const again = await origin.api<MergeRecord>('POST', '/api/admin/wines/merge', {
      token: tokens.admin,
      json: input,
    });
    expect(again.payload).toMatchObject({ movedTastings: 0, movedExternalIds: 0 });
    const unchanged = await origin.api<WineDetail>('GET', `/api/wines/${ids['2']}`);
    expect(unchanged.payload).toMatchObject({ expertCount: 1, communityCount: 1 });
    // A re-import leaves the survivor as it is and does not bring the duplicate back.
    const report = await loadCatalogFile(writeCatalog(ROWS));
    expect(report.created).toBe(0);
    const history = await origin.api<{ rows: MergeRecord[] }>('GET', '/api/admin/wines/merges', {
      token: tokens.admin,
    });
    expect(history.payload.rows).toHaveLength(2);
  });

  it('asks for a typed confirmation before merging a rosé into the white of the same name, and names both in the history', async () => {
    const provence = { Varenavn: 'Testvin Provence 2021', Argang: '2021', Produsent: 'Domaine Testvin' };
    await loadCatalogFile(
      writeCatalog([
        { ...provence, Varenummer: '7000101', Pris: '249.90', Varetype: 'Hvitvin' },
        { ...provence, Varenummer: '7000102', Pris: '259.90', Varetype: 'Rosévin' },
      ]),
    );
    const rows = (await search('isRatedByExpert=false&resultsPerPage=100', tokens.private)).rows.filter(
      (row) => row.name === 'Testvin Provence',
    );
    const white = rows.find((row) => row.mainCategoryId === 'white')?.id as string;
    const rose = rows.find((row) => row.mainCategoryId === 'rose')?.id as string;
    expect(white && rose).toBeTruthy();
    const input = { survivorId: white, duplicateIds: [rose] };

    const unconfirmed = await origin.api('POST', '/api/admin/wines/merge', {
      token: tokens.admin,
      json: input,
      language: 'nb',
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.error?.message).toBe(
      'Disse vinene er ulike i stil, produsent eller årgang. Skriv SLÅ SAMMEN for å slå dem sammen likevel.',
    );
    expect(unconfirmed.error?.fields).toHaveProperty('confirmation');
    const wrongPhrase = await origin.api('POST', '/api/admin/wines/merge', {
      token: tokens.admin,
      json: { ...input, confirmation: 'yes' },
    });
    expect(wrongPhrase.status).toBe(400);
    // Nothing moved: the rosé is still its own wine.
    expect((await origin.api<WineDetail>('GET', `/api/wines/${rose}`)).payload.mergedInto).toBeUndefined();

    const merged = await origin.api<MergeRecord>('POST', '/api/admin/wines/merge', {
      token: tokens.admin,
      json: { ...input, confirmation: 'MERGE' },
    });
    expect(merged.status).toBe(200);
    expect((await origin.api<WineDetail>('GET', `/api/wines/${rose}`)).payload.mergedInto).toBe(white);

    const history = await origin.api<{ rows: MergeRecord[] }>('GET', '/api/admin/wines/merges', {
      token: tokens.admin,
    });
    const latest = history.payload.rows[0];
    expect(latest).toMatchObject({
      survivorId: white,
      duplicateIds: [rose],
      wineNames: { [white]: 'Testvin Provence 2021', [rose]: 'Testvin Provence 2021' },
      mergedByName: expect.stringMatching(/\S/),
    });
    // Every merge in the history names its wines, the earlier ones too.
    for (const row of history.payload.rows)
      expect(Object.keys(row.wineNames ?? {}).sort()).toEqual([row.survivorId, ...row.duplicateIds].sort());
  });

  it('deletes a wine for admins only', async () => {
    expect((await origin.api('DELETE', `/api/wines/${ids['6']}`, { token: tokens.private })).status).toBe(
      403,
    );
    expect((await origin.api('DELETE', `/api/wines/${ids['6']}`, { token: tokens.admin })).status).toBe(204);
    expect((await origin.api('GET', `/api/wines/${ids['6']}`)).status).toBe(404);
    expect(numbers(await search('isRatedByExpert=false&resultsPerPage=100'))).not.toContain('6');
  });
});

describe('search ranking', () => {
  it('lists the wine whose name matches exactly above a better-rated near miss, in the feed and the global search', async () => {
    const report = await loadCatalogFile(
      writeCatalog([
        {
          Varenummer: '963001',
          Varenavn: 'Ch. du Glana 2010',
          Pris: '319.90',
          Varetype: 'Rødvin',
          Land: 'Frankrike',
          Distrikt: 'Bordeaux',
          Underdistrikt: 'St. Julien',
          Argang: '2010',
          Rastoff: 'Cabernet Sauvignon 60%, Merlot 40%',
          Produsent: 'Ch. du Glana',
        },
        {
          Varenummer: '1294201',
          Varenavn: 'Alana Estate Sauvignon Blanc 2013',
          Pris: '168.90',
          Varetype: 'Hvitvin',
          Land: 'New Zealand',
          Distrikt: 'Wairarapa',
          Argang: '2013',
          Rastoff: 'Sauvignon Blanc 100%',
          Produsent: 'Alana Estate Ltd',
        },
      ]),
    );
    expect(report.created).toBe(2);
    const found = await search('isRatedByExpert=false&search=glana&sortColumn=name&sortDirection=asc');
    expect(found.rows.map((row) => row.name)).toEqual(['Alana Estate Sauvignon Blanc', 'Ch. du Glana']);
    ids.alana = found.rows[0]?.id as string;
    ids.glana = found.rows[1]?.id as string;
    expect((await note('expert', 'alana', { points: 96, isPublished: true })).status).toBe(201);
    expect((await note('sommelier', 'glana', { points: 89, isPublished: true })).status).toBe(201);

    // The default sort: the exact word first, then the typo, though it is rated higher.
    expect(numbers(await search('search=Glana'))).toEqual(['glana', 'alana']);
    // A sort the visitor chose orders by its column alone.
    expect(numbers(await search('search=Glana&sortColumn=vintage&sortDirection=desc'))).toEqual([
      'alana',
      'glana',
    ]);
    const global = await origin.api<GlobalSearchResult>('GET', '/api/search?q=Glana');
    const wines = global.payload.groups.find((group) => group.kind === 'wine');
    expect(wines?.hits.map((hit) => hit.id)).toEqual([ids.glana, ids.alana]);
  });
});
