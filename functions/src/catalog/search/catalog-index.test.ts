import { type MainCategory, originId, supplierIdOf } from '@kork/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForce } from './brute-force';
import { buildCatalogIndex, CatalogIndex } from './catalog-index';
import { FACET_LIMIT } from './facets';
import type { Paging } from './paging';
import { isoTime } from './sort-order';
import { termMatches, textTokens } from './text-match';
import type { IndexQuery, IndexResult, SearchDoc, SearchDocStats } from './types';

let serial = 0;
function wine(fields: Partial<SearchDoc> = {}): SearchDoc {
  serial++;
  return {
    id: `w${String(serial).padStart(4, '0')}`,
    name: `Wine ${serial}`,
    vintage: 2015,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    grapes: [],
    food: [],
    isAvailable: true,
    isHorecaAvailable: true,
    expertIds: [],
    rating: null,
    expertRating: null,
    expertCount: 0,
    communityRating: null,
    communityCount: 0,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

const base: IndexQuery = { sortColumn: 'name', sortDirection: 'asc', offset: 0, limit: 100 };

function ids(result: IndexResult): string[] {
  return result.rows.map((row) => row.id);
}

/** Names of the rows a query finds, in order. */
function names(index: CatalogIndex, query: Partial<IndexQuery>): string[] {
  return index.search({ ...base, ...query }).rows.map((row) => row.name);
}

describe('isoTime', () => {
  it('reads times as Date.parse does', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00.000Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const text = date.toISOString();
          expect(isoTime(text)).toBe(Date.parse(text));
        },
      ),
    );
    for (const text of [
      '2024-02-30T00:00:00.000Z',
      '2024-01-31T23:59:59.999Z',
      '2024-01-01T00:00:00Z',
      '2024-01-01T01:00:00.000+01:00',
      '0050-01-01T00:00:00.000Z',
      '2024-13-01T00:00:00.000Z',
      '2024-1a-01T00:00:00.000Z',
      'not a time',
    ]) {
      expect(Object.is(isoTime(text), Date.parse(text))).toBe(true);
    }
  });
});

describe('termMatches', () => {
  it('matches equal terms, prefixes from two characters and typos by token length', () => {
    expect(termMatches('c', 'c')).toBe(true);
    expect(termMatches('c', 'cabernet')).toBe(false);
    expect(termMatches('ca', 'cabernet')).toBe(true);
    expect(termMatches('cab', 'cba')).toBe(false);
    expect(termMatches('barollo', 'barolo')).toBe(true);
    expect(termMatches('barlo', 'barolo')).toBe(true);
    expect(termMatches('brolo', 'barolo')).toBe(true);
    expect(termMatches('rielsing', 'riesling')).toBe(true);
    expect(termMatches('chardonay', 'chardonnay')).toBe(true);
    expect(termMatches('chrdonay', 'chardonnay')).toBe(true);
    expect(termMatches('chrdnay', 'chardonnay')).toBe(false);
    expect(termMatches('sauvignn', 'sauvignon')).toBe(true);
    expect(termMatches('tint', 'tent')).toBe(true);
    expect(termMatches('tin', 'ten')).toBe(false);
  });

  it('folds Norwegian letters and accents', () => {
    expect(textTokens('Løiten Linie, Château Rosé — Ærø')).toEqual([
      'loiten',
      'linie',
      'chateau',
      'rose',
      'aero',
    ]);
  });
});

describe('CatalogIndex', () => {
  const margaux = wine({
    name: 'Château Margaux',
    producer: 'Château Margaux',
    country: 'Frankrike',
    region: 'Bordeaux',
    subRegion: 'Margaux',
    grapes: ['Cabernet Sauvignon', 'Merlot'],
    food: ['Storfe', 'Lam og sau'],
    vintage: 2010,
    priceMinor: 500_000,
    rating: 96,
    expertRating: 96,
    expertCount: 1,
    expertIds: ['expert-a'],
    storeCategory: 'Butikkategori 6',
    createdAt: '2024-03-01T00:00:00.000Z',
  });
  const pauillac = wine({
    name: 'Pauillac de Latour',
    producer: 'Château Latour',
    country: 'Frankrike',
    region: 'Bordeaux',
    subRegion: 'Pauillac',
    grapes: ['Cabernet Sauvignon'],
    food: ['Storfe'],
    vintage: 2012,
    priceMinor: 120_000,
    rating: 91,
    expertRating: 91,
    expertCount: 2,
    expertIds: ['expert-a', 'expert-b'],
    storeCategory: 'Butikkategori 6',
    isHorecaAvailable: false,
    createdAt: '2024-02-01T00:00:00.000Z',
  });
  const chablis = wine({
    name: 'Chablis Premier Cru',
    producer: 'William Fèvre',
    mainCategoryId: 'white',
    country: 'Frankrike',
    region: 'Burgund',
    subRegion: 'Chablis',
    grapes: ['Chardonnay'],
    food: ['Fisk', 'Skalldyr'],
    vintage: 2019,
    priceMinor: 40_000,
    rating: 88,
    communityRating: 88,
    communityCount: 3,
    storeCategory: 'Butikkategori 3',
    createdAt: '2024-05-01T00:00:00.000Z',
  });
  const barolo = wine({
    name: 'Barolo Cannubi',
    producer: 'Brezza',
    country: 'Italia',
    region: 'Piemonte',
    subRegion: 'Barolo',
    grapes: ['Nebbiolo'],
    food: ['Storfe', 'Småvilt og fugl'],
    vintage: 2016,
    priceMinor: 55_000,
    rating: null,
    bottleSize: 1.5,
    isAvailable: false,
    storeCategory: 'Uavhengig sortiment',
    createdAt: '2024-04-01T00:00:00.000Z',
  });
  const riesling = wine({
    name: 'Riesling Kabinett',
    producer: 'Dr. Loosen',
    mainCategoryId: 'white',
    country: 'Tyskland',
    region: 'Mosel',
    grapes: ['Riesling'],
    food: ['Fisk', 'Aperitiff/avec'],
    vintage: 2021,
    rating: 90,
    communityRating: 90,
    communityCount: 1,
    createdAt: '2024-06-01T00:00:00.000Z',
  });
  const linie = wine({
    name: 'Løiten Linie',
    producer: 'Arcus',
    mainCategoryId: 'spirits',
    country: 'Norge',
    region: 'Øvrige',
    vintage: null,
    bottleSize: 0.7,
    priceMinor: 39_990,
    rating: null,
    createdAt: '2024-01-15T00:00:00.000Z',
  });
  const rose = wine({
    name: 'Whispering Angel Rosé',
    producer: "Château d'Esclans",
    mainCategoryId: 'rose',
    country: 'Frankrike',
    region: 'Provence',
    grapes: ['Grenache', 'Cinsault'],
    food: ['Aperitiff/avec'],
    vintage: 2022,
    priceMinor: 25_000,
    rating: 88,
    communityRating: 88,
    communityCount: 5,
    createdAt: '2024-07-01T00:00:00.000Z',
  });
  const docs = [margaux, pauillac, chablis, barolo, riesling, linie, rose];
  const index = buildCatalogIndex(docs);

  it('finds wines with Norwegian letters and accents typed without them', () => {
    expect(names(index, { text: 'Loiten' })).toEqual(['Løiten Linie']);
    expect(names(index, { text: 'løiten' })).toEqual(['Løiten Linie']);
    expect(names(index, { text: 'chateau margaux' })).toEqual(['Château Margaux']);
    expect(names(index, { text: 'rose' })).toEqual(['Whispering Angel Rosé']);
    expect(names(index, { text: 'fevre' })).toEqual(['Chablis Premier Cru']);
  });

  it('tolerates typos and completes prefixes, every token required', () => {
    expect(names(index, { text: 'cabernet sauvignn' })).toEqual(['Château Margaux', 'Pauillac de Latour']);
    expect(names(index, { text: 'barollo' })).toEqual(['Barolo Cannubi']);
    expect(names(index, { text: 'chardonay' })).toEqual(['Chablis Premier Cru']);
    expect(names(index, { text: 'Reisling' })).toEqual(['Riesling Kabinett']);
    expect(names(index, { text: 'caber' })).toEqual(['Château Margaux', 'Pauillac de Latour']);
    expect(names(index, { text: 'pi' })).toEqual(['Barolo Cannubi']); // Piemonte
    expect(names(index, { text: 'cabernet chablis' })).toEqual([]);
    expect(names(index, { text: 'zzzz' })).toEqual([]);
    // A single character is a whole word only.
    expect(names(index, { text: 'c' })).toEqual([]);
  });

  it('searches producer, country, region, sub-region and grapes', () => {
    expect(names(index, { text: 'latour' })).toEqual(['Pauillac de Latour']);
    expect(names(index, { text: 'tyskland' })).toEqual(['Riesling Kabinett']);
    expect(names(index, { text: 'burgund' })).toEqual(['Chablis Premier Cru']);
    expect(names(index, { text: 'nebbiolo' })).toEqual(['Barolo Cannubi']);
    expect(names(index, { text: 'ovrige' })).toEqual(['Løiten Linie']);
  });

  it('filters by every facet group', () => {
    expect(names(index, { categories: ['white'] })).toEqual(['Chablis Premier Cru', 'Riesling Kabinett']);
    expect(names(index, { grapes: ['merlot', 'riesling'] })).toEqual([
      'Château Margaux',
      'Riesling Kabinett',
    ]);
    expect(names(index, { food: ['smavilt-og-fugl'] })).toEqual(['Barolo Cannubi']);
    expect(names(index, { manufacturers: ['chateau-latour'] })).toEqual(['Pauillac de Latour']);
    expect(names(index, { bottleSizes: ['1.5', '0.7'] })).toEqual(['Barolo Cannubi', 'Løiten Linie']);
    expect(names(index, { stores: ['butikkategori-6'] })).toEqual(['Château Margaux', 'Pauillac de Latour']);
    expect(names(index, { vintages: ['NV', '2019'] })).toEqual(['Chablis Premier Cru', 'Løiten Linie']);
    expect(names(index, { ratedById: ['expert-b'] })).toEqual(['Pauillac de Latour']);
    expect(names(index, { categories: ['white'], origins: ['frankrike'] })).toEqual(['Chablis Premier Cru']);
    expect(names(index, { categories: ['unknown'] })).toEqual([]);
  });

  it('matches origins at any depth', () => {
    expect(names(index, { origins: ['frankrike'] })).toEqual([
      'Chablis Premier Cru',
      'Château Margaux',
      'Pauillac de Latour',
      'Whispering Angel Rosé',
    ]);
    expect(names(index, { origins: ['frankrike.bordeaux'] })).toEqual([
      'Château Margaux',
      'Pauillac de Latour',
    ]);
    expect(names(index, { origins: ['frankrike.bordeaux.pauillac', 'italia'] })).toEqual([
      'Barolo Cannubi',
      'Pauillac de Latour',
    ]);
    expect(names(index, { origins: ['norge.ovrige'] })).toEqual(['Løiten Linie']);
  });

  it('filters by price, availability, expert ratings and ids', () => {
    expect(names(index, { minPriceMinor: 40_000, maxPriceMinor: 120_000 })).toEqual([
      'Barolo Cannubi',
      'Chablis Premier Cru',
      'Pauillac de Latour',
    ]);
    // A bound leaves out wines with no price.
    expect(names(index, { minPriceMinor: 0 })).not.toContain('Riesling Kabinett');
    expect(names(index, { maxPriceMinor: 1_000_000 })).not.toContain('Riesling Kabinett');
    expect(names(index, { isAvailable: true })).not.toContain('Barolo Cannubi');
    expect(names(index, { isAvailable: false })).toContain('Barolo Cannubi');
    expect(names(index, { isHorecaAvailable: true })).not.toContain('Pauillac de Latour');
    expect(names(index, { isRatedByExpert: true })).toEqual(['Château Margaux', 'Pauillac de Latour']);
    expect(names(index, { onlyIds: new Set([barolo.id, linie.id, 'missing']) })).toEqual([
      'Barolo Cannubi',
      'Løiten Linie',
    ]);
    expect(names(index, { onlyIds: new Set([barolo.id, linie.id]), text: 'linie' })).toEqual([
      'Løiten Linie',
    ]);
  });

  it('counts facets disjunctively: a selected country still shows the other countries', () => {
    const result = index.search({ ...base, origins: ['frankrike'], categories: ['red'], facets: true });
    expect(ids(result)).toEqual([margaux.id, pauillac.id]);
    expect(result.count).toBe(2);
    // Red wines of every country…
    expect(result.facets.countries).toEqual([
      { id: 'frankrike', name: 'Frankrike', count: 2 },
      { id: 'italia', name: 'Italia', count: 1 },
    ]);
    // …and French wines of every category.
    expect(result.facets.categories).toEqual([
      { id: 'red', name: 'red', count: 2 },
      { id: 'rose', name: 'rose', count: 1 },
      { id: 'white', name: 'white', count: 1 },
    ]);
    // Other facets count the matches only.
    expect(result.facets.grapes).toEqual([
      { id: 'cabernet-sauvignon', name: 'Cabernet Sauvignon', count: 2 },
      { id: 'merlot', name: 'Merlot', count: 1 },
    ]);
    // Regions and sub-regions belong to the origin filter: red wines of every origin.
    expect(result.facets.regions).toEqual([
      { id: 'frankrike.bordeaux', name: 'Bordeaux', count: 2 },
      { id: 'italia.piemonte', name: 'Piemonte', count: 1 },
    ]);
    expect(result.facets.subRegions.map((v) => v.id)).toEqual([
      'italia.piemonte.barolo',
      'frankrike.bordeaux.margaux',
      'frankrike.bordeaux.pauillac',
    ]);
    expect(result.facets.experts).toEqual([
      { id: 'expert-a', name: 'expert-a', count: 2 },
      { id: 'expert-b', name: 'expert-b', count: 1 },
    ]);
    expect(result.facets.vintages).toEqual([
      { id: '2010', name: '2010', count: 1 },
      { id: '2012', name: '2012', count: 1 },
    ]);
  });

  it('keeps selected values in the facets even with no matches', () => {
    const result = index.search({ ...base, text: 'riesling', grapes: ['nebbiolo', 'unknown'], facets: true });
    expect(result.count).toBe(0);
    expect(result.facets.grapes).toEqual([
      { id: 'riesling', name: 'Riesling', count: 1 },
      { id: 'nebbiolo', name: 'Nebbiolo', count: 0 },
      { id: 'unknown', name: 'unknown', count: 0 },
    ]);
  });

  it('leaves facets empty when not asked for', () => {
    const result = index.search({ ...base });
    expect(result.count).toBe(docs.length);
    expect(Object.values(result.facets).every((list) => list.length === 0)).toBe(true);
  });

  it('sorts in both directions with missing values last', () => {
    expect(names(index, { sortColumn: 'rating', sortDirection: 'desc' })).toEqual([
      'Château Margaux',
      'Pauillac de Latour',
      'Riesling Kabinett',
      'Whispering Angel Rosé', // 88 both: ties by id, in the sort's direction
      'Chablis Premier Cru',
      'Løiten Linie', // unrated: last, by id
      'Barolo Cannubi',
    ]);
    expect(names(index, { sortColumn: 'rating', sortDirection: 'asc' })).toEqual([
      'Chablis Premier Cru',
      'Whispering Angel Rosé',
      'Riesling Kabinett',
      'Pauillac de Latour',
      'Château Margaux',
      'Barolo Cannubi',
      'Løiten Linie',
    ]);
    expect(names(index, { sortColumn: 'price', sortDirection: 'asc' }).at(-1)).toBe('Riesling Kabinett');
    expect(names(index, { sortColumn: 'price', sortDirection: 'desc' })).toEqual([
      'Château Margaux',
      'Pauillac de Latour',
      'Barolo Cannubi',
      'Chablis Premier Cru',
      'Løiten Linie',
      'Whispering Angel Rosé',
      'Riesling Kabinett',
    ]);
    expect(names(index, { sortColumn: 'vintage', sortDirection: 'desc' })).toEqual([
      'Whispering Angel Rosé',
      'Riesling Kabinett',
      'Chablis Premier Cru',
      'Barolo Cannubi',
      'Pauillac de Latour',
      'Château Margaux',
      'Løiten Linie',
    ]);
    expect(names(index, { sortColumn: 'vintage', sortDirection: 'asc' }).at(-1)).toBe('Løiten Linie');
    expect(names(index, { sortColumn: 'newest', sortDirection: 'desc' })[0]).toBe('Whispering Angel Rosé');
    expect(names(index, { sortColumn: 'name', sortDirection: 'desc' }).slice(0, 2)).toEqual([
      'Whispering Angel Rosé',
      'Riesling Kabinett',
    ]);
  });

  it('sorts names in Norwegian order', () => {
    const local = buildCatalogIndex(
      ['Øl', 'Zinfandel', 'Åsgard', 'Akevitt', 'Ærø'].map((name) => wine({ name })),
    );
    expect(names(local, {})).toEqual(['Akevitt', 'Zinfandel', 'Ærø', 'Øl', 'Åsgard']);
  });

  it('pages through the sort order', () => {
    const all = names(index, { sortColumn: 'price', sortDirection: 'asc' });
    expect(names(index, { sortColumn: 'price', sortDirection: 'asc', offset: 2, limit: 3 })).toEqual(
      all.slice(2, 5),
    );
    const result = index.search({ ...base, offset: 6, limit: 5 });
    expect(result.rows).toHaveLength(1);
    expect(result.count).toBe(docs.length);
  });

  it('looks wines up by id and iterates them', () => {
    expect(index.size).toBe(docs.length);
    expect(index.get(barolo.id)).toBe(barolo);
    expect(index.get('missing')).toBeUndefined();
    expect([...index.docs()].map((doc) => doc.id)).toEqual(docs.map((doc) => doc.id));
  });

  it('updates ratings and experts in place', () => {
    const local = buildCatalogIndex(docs);
    const stats: SearchDocStats = {
      expertIds: ['expert-c'],
      rating: 99,
      expertRating: 99,
      expertCount: 1,
      communityRating: null,
      communityCount: 0,
    };
    expect(local.updateStats(barolo.id, stats)).toBe(true);
    expect(local.updateStats('missing', stats)).toBe(false);
    expect(names(local, { sortColumn: 'rating', sortDirection: 'desc', limit: 2 })).toEqual([
      'Barolo Cannubi',
      'Château Margaux',
    ]);
    expect(names(local, { isRatedByExpert: true })).toEqual([
      'Barolo Cannubi',
      'Château Margaux',
      'Pauillac de Latour',
    ]);
    expect(names(local, { ratedById: ['expert-c'] })).toEqual(['Barolo Cannubi']);
    expect(local.get(barolo.id)?.rating).toBe(99);

    local.updateStats(margaux.id, {
      ...stats,
      expertIds: [],
      expertCount: 0,
      rating: null,
      expertRating: null,
    });
    expect(names(local, { sortColumn: 'rating', sortDirection: 'asc' }).slice(-3)).toEqual([
      'Barolo Cannubi',
      'Château Margaux',
      'Løiten Linie',
    ]);
    expect(names(local, { ratedById: ['expert-a'] })).toEqual(['Pauillac de Latour']);
  });

  it("filters by the marketplace's suppliers and counts them by supplier id", () => {
    const docs = [
      wine({ name: 'Alpha', wholesaler: 'Vinæs Import AS' }),
      wine({ name: 'Beta', wholesaler: ' Vinaes import AS ' }),
      wine({ name: 'Gamma', wholesaler: 'Fjord & Vin AS' }),
      wine({ name: 'Delta' }),
    ];
    const local = buildCatalogIndex(docs);
    const vinaes = supplierIdOf('Vinæs Import AS');
    expect(vinaes).toBe('sup-vinaes-import-as');
    expect(names(local, { nbsSuppliers: [vinaes] })).toEqual(['Alpha', 'Beta']);
    expect(names(local, { nbsSuppliers: [vinaes, 'sup-fjord-and-vin-as'] })).toEqual([
      'Alpha',
      'Beta',
      'Gamma',
    ]);
    expect(names(local, { nbsSuppliers: ['sup-unknown'] })).toEqual([]);
    const query: IndexQuery = { ...base, nbsSuppliers: ['sup-fjord-and-vin-as'], facets: true };
    const result = local.search(query);
    // Names that fold to one id are one supplier, named by the first spelling.
    expect(result.facets.nbsSuppliers).toEqual([
      { id: vinaes, name: 'Vinæs Import AS', count: 2 },
      { id: 'sup-fjord-and-vin-as', name: 'Fjord & Vin AS', count: 1 },
    ]);
    expect(result).toEqual(bruteForce(docs, query));
  });

  it('caps facet lists and keeps the selected values', () => {
    const many = Array.from({ length: FACET_LIMIT + 50 }, (_, i) =>
      wine({ producer: `Producer ${String(i).padStart(3, '0')}`, priceMinor: i < 10 ? 100 : 200 }),
    );
    const big = buildCatalogIndex(many);
    const query: IndexQuery = { ...base, manufacturers: ['producer-249'], facets: true };
    const result = big.search(query);
    expect(result.facets.manufacturers).toHaveLength(FACET_LIMIT + 1);
    expect(result.facets.manufacturers.at(-1)).toEqual({
      id: 'producer-249',
      name: 'Producer 249',
      count: 1,
    });
    expect(result).toEqual(bruteForce(many, query));

    // Counts decide first: producers with more wines lead, the selected one is kept at the end.
    const uneven = many.flatMap((doc, i) =>
      Array.from({ length: 1 + (i % 4) }, (_, copy) => ({ ...doc, id: `${doc.id}-${copy}` })),
    );
    const unevenQuery: IndexQuery = { ...query, manufacturers: ['producer-000', 'producer-unknown'] };
    const unevenResult = buildCatalogIndex(uneven).search(unevenQuery);
    expect(unevenResult.facets.manufacturers[0]?.count).toBe(4);
    expect(unevenResult.facets.manufacturers.at(-1)?.id).toBe('producer-unknown');
    expect(unevenResult).toEqual(bruteForce(uneven, unevenQuery));
  });

  it('forgives typos in very long words', () => {
    const long = wine({ name: 'Trockenbeerenauslesetrockenbeerenauslese Spezial' });
    const local = buildCatalogIndex([long, wine({ name: 'Trocken' })]);
    expect(names(local, { text: 'trockenbeerenauslesetrockenbeernauslese' })).toEqual([long.name]);
    expect(names(local, { text: 'trockenbeerenauslesetrockenberenauslse' })).toEqual([long.name]);
    expect(names(local, { text: 'trockenbeerenauslesetrockenbernauslse' })).toEqual([]);
  });

  it('answers over an empty catalogue', () => {
    const empty = buildCatalogIndex([]);
    const result = empty.search({ ...base, text: 'barolo', categories: ['red'], facets: true });
    expect(result.count).toBe(0);
    expect(result.facets.categories).toEqual([{ id: 'red', name: 'red', count: 0 }]);
    expect(empty.search({ ...base, sortColumn: 'rating' }).rows).toEqual([]);
  });

  it('rejects duplicate ids', () => {
    expect(() => new CatalogIndex([margaux, margaux])).toThrow(/Duplicate/);
  });
});

describe('CatalogIndex ranking by match', () => {
  // Vinmonopolet's own names, ratings chosen so that rating alone would put the weaker match first.
  const glana = wine({
    name: 'Ch. du Glana 2010',
    producer: 'Ch. du Glana',
    country: 'Frankrike',
    region: 'Bordeaux',
    subRegion: 'St. Julien',
    grapes: ['Cabernet Sauvignon', 'Merlot'],
    rating: 88,
  });
  const alana = wine({
    name: 'Alana Estate Sauvignon Blanc 2013',
    producer: 'Alana Estate Ltd',
    mainCategoryId: 'white',
    country: 'New Zealand',
    region: 'Wairarapa',
    grapes: ['Sauvignon Blanc'],
    rating: 92,
  });
  const plana = wine({
    name: 'Mas la Plana Cabernet Sauvignon 2010',
    producer: 'Miguel Torres',
    country: 'Spania',
    region: 'Catalonia',
    subRegion: 'Penedès',
    grapes: ['Cabernet Sauvignon'],
    rating: 95,
  });
  const mellot = wine({
    name: 'Joseph Mellot Destinéa Pinot Noir Rosé 2012',
    producer: 'Joseph Mellot',
    mainCategoryId: 'rose',
    country: 'Frankrike',
    region: 'Øvrige',
    grapes: ['Pinot Noir'],
    rating: 86,
  });
  const jacobsdal = wine({
    name: 'Jacobsdal Pinotage 2010',
    producer: 'Jacobsdal Wine Est.',
    country: 'Sør-Afrika',
    region: 'Coastal Region',
    subRegion: 'Stellenbosch',
    grapes: ['Pinotage'],
    rating: 93,
  });
  const ramos = wine({
    name: 'Ramos Pinto Porto Tawny 30 Years Old',
    producer: 'Ramos Pinto',
    mainCategoryId: 'fortified',
    country: 'Portugal',
    region: 'Øvrige',
    grapes: ['Touriga Nacional', 'Touriga Franca', 'Tinta Roriz'],
    rating: 97,
  });
  const brezza = wine({
    name: 'Brezza Barolo Cannubi 2010',
    producer: 'Brezza',
    country: 'Italia',
    region: 'Piemonte',
    subRegion: 'Barolo',
    grapes: ['Nebbiolo'],
    rating: 90,
  });
  const bartolo = wine({
    name: 'Bartolo Mascarello Langhe Nebbiolo 2012',
    producer: 'Bartolo Mascarello',
    country: 'Italia',
    region: 'Piemonte',
    subRegion: 'Langhe',
    grapes: ['Nebbiolo'],
    rating: 96,
  });
  const masi = wine({
    name: 'Masi Brolo di Campofiorin 2009',
    producer: 'Masi Agr.',
    country: 'Italia',
    region: 'Veneto',
    grapes: ['Corvina', 'Rondinella'],
    rating: null,
  });
  const margaux = wine({
    name: 'Ch. Margaux 1996',
    producer: 'Ch. Margaux',
    country: 'Frankrike',
    region: 'Bordeaux',
    subRegion: 'Margaux',
    grapes: ['Cabernet Sauvignon', 'Merlot', 'Petit Verdot', 'Cabernet Franc'],
    rating: 90,
  });
  const margan = wine({
    name: 'Margan Chardonnay 2012',
    producer: 'Margan',
    mainCategoryId: 'white',
    country: 'Australia',
    region: 'New South Wales',
    subRegion: 'Hunter Valley',
    grapes: ['Chardonnay'],
    rating: 95,
  });
  const tourDeBy = wine({
    name: 'La Tour De By Heritage Marc Pagès 1998',
    producer: 'Ch. La Tour de By',
    country: 'Frankrike',
    region: 'Bordeaux',
    subRegion: 'Médoc',
    grapes: ['Cabernet Sauvignon', 'Merlot'],
    rating: 97,
  });
  const blain = wine({
    name: 'Marc-Antonin Blain Chassagne-Montrachet Blanc 2011',
    producer: 'Marc Antonin Blain',
    mainCategoryId: 'white',
    country: 'Frankrike',
    region: 'Burgund',
    subRegion: 'Chassagne-Montrachet',
    grapes: ['Chardonnay'],
    rating: 99,
  });
  const docs = [
    glana,
    alana,
    plana,
    mellot,
    jacobsdal,
    ramos,
    brezza,
    bartolo,
    masi,
    margaux,
    margan,
    tourDeBy,
    blain,
  ];
  const index = buildCatalogIndex(docs);
  const feed: Partial<IndexQuery> = { sortColumn: 'rating', sortDirection: 'desc' };

  it('lists the exact word above a better-rated typo: "Glana"', () => {
    expect(names(index, { ...feed, text: 'Glana' })).toEqual([
      'Ch. du Glana 2010',
      'Mas la Plana Cabernet Sauvignon 2010', // typos, by rating
      'Alana Estate Sauvignon Blanc 2013',
    ]);
  });

  it('lists exact words, then prefixes, then typos, each by rating: "pinot"', () => {
    expect(names(index, { ...feed, text: 'pinot' })).toEqual([
      'Joseph Mellot Destinéa Pinot Noir Rosé 2012', // pinot
      'Jacobsdal Pinotage 2010', // pinot…
      'Ramos Pinto Porto Tawny 30 Years Old', // pinto
    ]);
  });

  it('ranks "barolo" exactly above "Bartolo" and "Brolo"', () => {
    expect(names(index, { ...feed, text: 'barolo' })).toEqual([
      'Brezza Barolo Cannubi 2010',
      'Bartolo Mascarello Langhe Nebbiolo 2012',
      'Masi Brolo di Campofiorin 2009', // unrated: last among the typos
    ]);
    // "barolos" finds Barolo only through a typo: one tier, so rating decides.
    expect(names(index, { ...feed, text: 'barolos' })).toEqual(['Brezza Barolo Cannubi 2010']);
    // A prefix is not also a typo of a longer word: "barol" starts Barolo and is two edits from Bartolo.
    expect(names(index, { ...feed, text: 'barol' })).toEqual(['Brezza Barolo Cannubi 2010']);
  });

  it('ranks a query of several words by its typos, then its prefixes: "ch marg"', () => {
    expect(names(index, { ...feed, text: 'ch marg' })).toEqual([
      'Ch. Margaux 1996', // ch, marg…
      'Margan Chardonnay 2012', // ch…, marg…
      'La Tour De By Heritage Marc Pagès 1998', // ch, marc: a typo
      'Marc-Antonin Blain Chassagne-Montrachet Blanc 2011', // ch…, marc
    ]);
    // Every word exact comes first, however rated.
    expect(names(index, { ...feed, text: 'pinot noir' })).toEqual([
      'Joseph Mellot Destinéa Pinot Noir Rosé 2012',
    ]);
  });

  it('pages through the ranked list', () => {
    const all = names(index, { ...feed, text: 'ch marg' });
    expect(names(index, { ...feed, text: 'ch marg', offset: 1, limit: 2 })).toEqual(all.slice(1, 3));
    expect(names(index, { ...feed, text: 'ch marg', offset: 3, limit: 5 })).toEqual(all.slice(3));
  });

  it('orders an explicit sort by its column alone', () => {
    expect(names(index, { text: 'glana', sortColumn: 'name', sortDirection: 'asc' })).toEqual([
      'Alana Estate Sauvignon Blanc 2013',
      'Ch. du Glana 2010',
      'Mas la Plana Cabernet Sauvignon 2010',
    ]);
    expect(names(index, { text: 'glana', sortColumn: 'rating', sortDirection: 'asc' })).toEqual([
      'Ch. du Glana 2010',
      'Alana Estate Sauvignon Blanc 2013',
      'Mas la Plana Cabernet Sauvignon 2010',
    ]);
    // Without text the default sort is the rating alone.
    expect(names(index, { ...feed, limit: 3 })).toEqual([
      'Marc-Antonin Blain Chassagne-Montrachet Blanc 2011',
      'La Tour De By Heritage Marc Pagès 1998',
      'Ramos Pinto Porto Tawny 30 Years Old',
    ]);
  });

  it("ranks the same with the other filters and among the viewer's own wines", () => {
    expect(names(index, { ...feed, text: 'glana', categories: ['red'] })).toEqual([
      'Ch. du Glana 2010',
      'Mas la Plana Cabernet Sauvignon 2010',
    ]);
    expect(names(index, { ...feed, text: 'glana', onlyIds: new Set([alana.id, glana.id]) })).toEqual([
      'Ch. du Glana 2010',
      'Alana Estate Sauvignon Blanc 2013',
    ]);
  });

  it('keeps the ranking when a rating changes in place', () => {
    const local = buildCatalogIndex(docs);
    local.updateStats(alana.id, {
      expertIds: ['expert-a'],
      rating: 100,
      expertRating: 100,
      expertCount: 1,
      communityRating: null,
      communityCount: 0,
    });
    expect(names(local, { ...feed, text: 'glana' })).toEqual([
      'Ch. du Glana 2010',
      'Alana Estate Sauvignon Blanc 2013',
      'Mas la Plana Cabernet Sauvignon 2010',
    ]);
  });

  it('agrees with the brute force', () => {
    for (const text of ['Glana', 'pinot', 'barolo', 'barol', 'ch marg', 'pinot noir', 'ca', 'sauvignon']) {
      for (const offset of [0, 1, 2]) {
        const query: IndexQuery = { ...base, ...feed, text, offset, limit: 3 };
        expect(ids(index.search(query))).toEqual(ids(bruteForce(docs, query)));
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Property: the index answers exactly what the brute force answers.

const WORDS = [
  'Château',
  'Løiten',
  'Barolo',
  'Riesling',
  'Cabernet',
  'Sauvignon',
  'Rosé',
  'Chianti',
  'Classico',
  'Brut',
  'Ærø',
  'Vignes',
  'Pinot',
  'Noir',
  'Gran',
  'Côte',
  'Rôtie',
  'Caber',
  'Ca',
];
const ORIGINS: [string, string | undefined, string | undefined][] = [
  ['Frankrike', 'Bordeaux', 'Pauillac'],
  ['Frankrike', 'Bordeaux', 'Margaux'],
  ['Frankrike', 'Bordeaux', undefined],
  ['Frankrike', 'Burgund', 'Chablis'],
  ['Italia', 'Piemonte', 'Barolo'],
  ['Italia', 'Toscana', undefined],
  ['Norge', 'Øvrige', 'Øvrige'],
  ['Østerrike', undefined, undefined],
  ['frankrike', 'bordeaux', 'Pauillac'],
];
const GRAPES = ['Merlot', 'merlot', 'Cabernet Sauvignon', 'Nebbiolo', 'Riesling', 'Airén', 'Airen'];
const FOOD = ['Storfe', 'Fisk', 'Lam og sau', 'Ost'];
const PRODUCERS = ['Château Latour', 'Brezza', 'Dr. Loosen', 'Arcus', 'Brezza '];
/** Wholesalers, two of them spelled two ways that fold to one supplier. */
const WHOLESALERS = ['Vinæs Import AS', 'Vinaes import AS ', 'Fjord & Vin AS', 'Arcus Wine Brands AS'];
const STORES = ['Butikkategori 1', 'Butikkategori 6', 'Uavhengig sortiment'];
const EXPERTS = ['e1', 'e2', 'e3'];
const CATEGORIES: MainCategory[] = ['red', 'white', 'rose', 'spirits'];
const DATES = ['2024-01-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z', '2023-12-31T23:00:00.000Z'];

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Mostly absent: a query sets a few filters, not all of them. */
const seldom = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: arb, weight: 1 });

const statsArb: fc.Arbitrary<SearchDocStats> = fc
  .record({
    expertIds: fc.subarray(EXPERTS),
    expertRating: fc.option(fc.constantFrom(88, 90, 92.5)),
    communityRating: fc.option(fc.constantFrom(85, 90, 91.333)),
    communityCount: fc.nat(5),
  })
  .map((s) => ({
    ...s,
    expertCount: s.expertIds.length,
    rating: s.expertRating ?? s.communityRating,
  }));

const docArb = fc
  .record({
    name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
    producer: optional(fc.constantFrom(...PRODUCERS)),
    vintage: fc.option(fc.integer({ min: 2000, max: 2003 })),
    bottleSize: fc.constantFrom(0.375, 0.75, 1.5),
    mainCategoryId: fc.constantFrom(...CATEGORIES),
    origin: optional(fc.constantFrom(...ORIGINS)),
    grapes: fc.subarray(GRAPES),
    food: fc.subarray(FOOD),
    storeCategory: optional(fc.constantFrom(...STORES)),
    wholesaler: optional(fc.constantFrom(...WHOLESALERS)),
    priceMinor: optional(fc.constantFrom(10_000, 25_000, 25_000, 99_900)),
    isAvailable: fc.boolean(),
    isHorecaAvailable: fc.boolean(),
    stats: statsArb,
    createdAt: fc.constantFrom(...DATES),
  })
  .map(
    ({ origin, stats, ...fields }): Omit<SearchDoc, 'id'> => ({
      ...fields,
      ...stats,
      country: origin?.[0],
      region: origin?.[1],
      subRegion: origin?.[2],
    }),
  );

const catalogArb = fc
  .array(docArb, { minLength: 1, maxLength: 40 })
  .map((docs) => docs.map((doc, i): SearchDoc => ({ id: `w${(i * 37) % 101}`, ...doc })));

/** A query token made from a term of the catalogue: as is, cut to a prefix, or with one typo. */
function tokenArb(terms: string[]): fc.Arbitrary<string> {
  const term = fc.constantFrom(...terms);
  const letter = fc.constantFrom(...'abcdeiloøs');
  return fc.oneof(
    term,
    fc.constantFrom(...WORDS),
    term.chain((t) => fc.integer({ min: 1, max: t.length }).map((n) => t.slice(0, n))),
    fc
      .tuple(term, fc.nat(), letter, fc.constantFrom('replace', 'insert', 'delete', 'swap'))
      .map(([t, at, c, edit]) => {
        const i = at % t.length;
        if (edit === 'replace') return t.slice(0, i) + c + t.slice(i + 1);
        if (edit === 'insert') return t.slice(0, i) + c + t.slice(i);
        if (edit === 'delete') return t.slice(0, i) + t.slice(i + 1);
        return i + 1 < t.length ? t.slice(0, i) + t[i + 1] + t[i] + t.slice(i + 2) : t;
      }),
  );
}

function queryArb(docs: SearchDoc[]): fc.Arbitrary<IndexQuery> {
  const terms = [
    ...new Set(docs.flatMap((doc) => textTokens(`${doc.name} ${doc.producer ?? ''} ${doc.country ?? ''}`))),
  ];
  const facetIds = (values: string[]) =>
    seldom(fc.subarray([...new Set(values), 'unknown'], { minLength: 0, maxLength: 3 }));
  const originIds = ORIGINS.flatMap(([c, r, s]) => [originId(c), originId(c, r), originId(c, r, s)]);
  return fc.record(
    {
      text: optional(fc.array(tokenArb(terms), { minLength: 1, maxLength: 2 }).map((t) => t.join(' '))),
      categories: facetIds(CATEGORIES),
      origins: facetIds(originIds),
      grapes: facetIds(['merlot', 'cabernet-sauvignon', 'nebbiolo', 'riesling', 'airen']),
      food: facetIds(['storfe', 'fisk', 'lam-og-sau', 'ost']),
      manufacturers: facetIds(['chateau-latour', 'brezza', 'dr-loosen', 'arcus']),
      bottleSizes: facetIds(['0.375', '0.75', '1.5']),
      stores: facetIds(['butikkategori-1', 'butikkategori-6', 'uavhengig-sortiment']),
      vintages: facetIds(['2000', '2001', '2002', '2003', 'NV']),
      ratedById: facetIds(EXPERTS),
      nbsSuppliers: facetIds(WHOLESALERS.map((name) => supplierIdOf(name.trim()))),
      minPriceMinor: seldom(fc.constantFrom(0, 20_000, 25_000)),
      maxPriceMinor: seldom(fc.constantFrom(25_000, 50_000)),
      isAvailable: seldom(fc.boolean()),
      isRatedByExpert: seldom(fc.boolean()),
      isHorecaAvailable: seldom(fc.boolean()),
      onlyIds: seldom(fc.subarray([...docs.map((doc) => doc.id), 'missing']).map((list) => new Set(list))),
      sortColumn: fc.constantFrom('rating', 'price', 'name', 'vintage', 'newest'),
      sortDirection: fc.constantFrom('asc', 'desc'),
      offset: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.nat(6), weight: 1 }),
      limit: fc.integer({ min: 1, max: 15 }),
      facets: fc.boolean(),
    },
    { requiredKeys: ['sortColumn', 'sortDirection', 'offset', 'limit'] },
  );
}

/**
 * Catalogue words that start, nearly spell or equal one another ("Glana", "Alana", "Plana"; "Pinot",
 * "Pinotage", "Pinto"), so a query's matches spread over the exact, prefix and typo tiers, and
 * ratings that often disagree with the tiers. "Pinot" and "Noir" are common, so that some queries
 * match most of the catalogue and the index reads their pages by walking the rating order rather
 * than sorting the matches.
 */
const RANK_WORDS = [
  'Glana',
  'Alana',
  'Plana',
  'Pinot',
  'Pinotage',
  'Pinto',
  'Barolo',
  'Barolos',
  'Bartolo',
  'Margaux',
  'Margan',
  'Marc',
  'Ch.',
  'Chardonnay',
  'Noir',
  'Noirs',
];

const rankedCatalogArb = fc
  .array(
    fc.record({
      name: fc
        .array(
          fc.oneof(
            { arbitrary: fc.constantFrom('Pinot', 'Noir'), weight: 3 },
            { arbitrary: fc.constantFrom(...RANK_WORDS), weight: 4 },
          ),
          { minLength: 1, maxLength: 3 },
        )
        .map((w) => w.join(' ')),
      producer: optional(fc.constantFrom(...RANK_WORDS, 'Brezza', 'Masi')),
      rating: fc.option(fc.constantFrom(86, 90, 90, 94, 97)),
      isAvailable: fc.boolean(),
    }),
    { minLength: 1, maxLength: 150 },
  )
  .map((rows) =>
    rows.map(({ name, producer, rating, isAvailable }, i) =>
      wine({ id: `r${(i * 37) % 151}`, name, producer, rating, isAvailable }),
    ),
  );

/** Mostly the default sort with text (ranked), a page anywhere in the matches. */
function rankedQueryArb(docs: SearchDoc[]): fc.Arbitrary<IndexQuery> {
  const terms = [...new Set(docs.flatMap((doc) => textTokens(`${doc.name} ${doc.producer ?? ''}`)))];
  return fc.record(
    {
      text: fc.oneof(
        fc.array(tokenArb(terms), { minLength: 1, maxLength: 3 }).map((t) => t.join(' ')),
        fc.constantFrom('pinot', 'noir', 'pinot noir', 'pinot noi', 'pino', 'noirs pinto', 'ch marg'),
      ),
      isAvailable: seldom(fc.constant(true)),
      sortColumn: fc.oneof(
        { arbitrary: fc.constant('rating' as const), weight: 6 },
        { arbitrary: fc.constantFrom('price' as const, 'name' as const), weight: 1 },
      ),
      sortDirection: fc.oneof(
        { arbitrary: fc.constant('desc' as const), weight: 6 },
        { arbitrary: fc.constant('asc' as const), weight: 1 },
      ),
      offset: fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, { arbitrary: fc.nat(40), weight: 1 }),
      limit: fc.integer({ min: 1, max: 40 }),
    },
    { requiredKeys: ['text', 'sortColumn', 'sortDirection', 'offset', 'limit'] },
  );
}

/** Comparable form: ids rather than whole rows, so a failure reads well. */
function summary(result: IndexResult) {
  return { ids: ids(result), count: result.count, facets: result.facets };
}

/** The index reads a page the cheaper way each time; every way on its own must give the same answers. */
const PAGINGS: Paging[] = ['cheaper', 'sort', 'walk', 'alternate'];

/** A few seconds on an idle machine; room for a busy CI runner. */
const PROPERTY_TIMEOUT = 60_000;

describe('CatalogIndex against the brute force', () => {
  it(
    'answers every query as the brute force does',
    () => {
      fc.assert(
        fc.property(
          catalogArb.chain((docs) =>
            fc.tuple(fc.constant(docs), fc.array(queryArb(docs), { minLength: 1, maxLength: 5 })),
          ),
          ([docs, queries]) => {
            const indexes = PAGINGS.map((paging) => new CatalogIndex(docs, { paging }));
            for (const query of queries) {
              const expected = summary(bruteForce(docs, query));
              for (const index of indexes) expect(summary(index.search(query))).toEqual(expected);
            }
          },
        ),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'stays exact after ratings change in place',
    () => {
      fc.assert(
        fc.property(
          catalogArb.chain((docs) =>
            fc.tuple(
              fc.constant(docs),
              fc.array(fc.tuple(fc.nat(docs.length - 1), statsArb), { minLength: 1, maxLength: 8 }),
              fc.array(queryArb(docs), { minLength: 1, maxLength: 3 }),
            ),
          ),
          ([docs, updates, queries]) => {
            const indexes = PAGINGS.map((paging) => new CatalogIndex(docs, { paging }));
            const current = [...docs];
            for (const [i, stats] of updates) {
              const doc = current[i] as SearchDoc;
              current[i] = { ...doc, ...stats };
              for (const index of indexes) expect(index.updateStats(doc.id, stats)).toBe(true);
            }
            for (const query of queries) {
              const expected = summary(bruteForce(current, query));
              for (const index of indexes) expect(summary(index.search(query))).toEqual(expected);
            }
            for (const index of indexes) expect([...index.docs()]).toEqual(current);
          },
        ),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'ranks text matches as the brute force does: exact, prefix, typo, then rating',
    () => {
      fc.assert(
        fc.property(
          rankedCatalogArb.chain((docs) =>
            fc.tuple(fc.constant(docs), fc.array(rankedQueryArb(docs), { minLength: 1, maxLength: 6 })),
          ),
          ([docs, queries]) => {
            const indexes = PAGINGS.map((paging) => new CatalogIndex(docs, { paging }));
            for (const query of queries) {
              const expected = summary(bruteForce(docs, query));
              for (const index of indexes) expect(summary(index.search(query))).toEqual(expected);
            }
          },
        ),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'finds through the typo search exactly the terms termMatches accepts',
    () => {
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.string({ unit: fc.constantFrom(...'abcdeø'), minLength: 1, maxLength: 10 }), {
            minLength: 1,
            maxLength: 60,
          }),
          fc.string({ unit: fc.constantFrom(...'abcde'), minLength: 1, maxLength: 10 }),
          (words, token) => {
            const docs = words.map((name, i) => wine({ id: `t${i}`, name }));
            const found = new CatalogIndex(docs).search({ ...base, text: token, limit: 1000 });
            const expected = docs.filter((doc) =>
              textTokens(doc.name).some((term) => termMatches(token, term)),
            );
            expect(ids(found).sort()).toEqual(expected.map((doc) => doc.id).sort());
          },
        ),
        { numRuns: 500 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
