import { supplierIdOf } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { bruteForce } from './brute-force';
import { buildCatalogIndex, CatalogIndex } from './catalog-index';
import { FACET_LIMIT } from './facets';
import { base, ids, names, wine } from './test-wines';
import type { IndexQuery, SearchDocStats } from './types';

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
