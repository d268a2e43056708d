import { describe, expect, it } from 'vitest';
import { bruteForce } from './brute-force';
import { buildCatalogIndex } from './catalog-index';
import { base, ids, names, wine } from './test-wines';
import type { IndexQuery } from './types';

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
