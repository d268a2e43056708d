import { describe, expect, it } from 'vitest';
import { CatalogIndex } from './catalog-index';
import { FacetColumns } from './facet-columns';
import { Dictionary } from './facet-dictionary';
import { CONTRACT_CASES, CONTRACT_WINES } from './search-port-contract';
import { DocArray, DocColumns, writeDocColumns } from './snapshot-codec';
import { readSections, type SectionReader, SectionWriter } from './snapshot-sections';
import { buildSortOrders, readSortOrders, SORT_KEYS, writeSortOrders } from './sort-order';
import { TermIndex } from './term-index';
import { base, loadedIndex, reloaded, wine } from './test-wines';
import type { IndexQuery, SearchDoc } from './types';

/** Bytes written by `write` and read back. */
function roundTrip(write: (out: SectionWriter) => void): SectionReader {
  const out = new SectionWriter();
  write(out);
  return readSections(out.bytes());
}

const CATALOGUE: SearchDoc[] = [
  ...CONTRACT_WINES,
  wine({
    name: 'Château Margaux 2015',
    producer: 'Château Margaux',
    country: 'Frankrike',
    region: 'Bordeaux',
    subRegion: 'Margaux',
    grapes: ['Cabernet Sauvignon', 'Merlot'],
    food: ['Storfe', 'Lam og sau'],
    priceMinor: 950_000,
    expertIds: ['expert-01', 'expert-02'],
    rating: 96.5,
    expertRating: 96.5,
    expertCount: 2,
    numbers: ['1234', '5678'],
    vecturaIds: ['V-1'],
    wholesaler: 'Vinæs Import AS',
    storeCategory: 'Butikkategori 6',
    createdAt: '2024-05-03T10:00:00.000Z',
  }),
  wine({ name: 'Løiten Linie', mainCategoryId: 'spirits', vintage: null, bottleSize: 0.7, country: 'Norge' }),
  wine({ name: 'Whispering Angel Rosé', mainCategoryId: 'rose', isAvailable: false, numbers: [] }),
  wine({ name: 'Ærøskøbing Æblevin', bottleSize: 0.375, isHorecaAvailable: false, contentHash: 'h-1' }),
];

describe('the built index written into the snapshot and read back', () => {
  it('gives back every wine from the document columns, field by field', () => {
    const columns = new DocColumns(roundTrip((out) => writeDocColumns(CATALOGUE, out)));
    expect(columns.size).toBe(CATALOGUE.length);
    CATALOGUE.forEach((doc, row) => {
      expect(columns.id(row)).toBe(doc.id);
      expect(columns.doc(row)).toEqual(doc);
    });
    const margaux = columns.doc(CONTRACT_WINES.length);
    expect(margaux.rating).toBe(96.5);
    expect(margaux.numbers).toEqual(['1234', '5678']);
    expect(columns.doc(CONTRACT_WINES.length + 1).vintage).toBeNull();
    expect(columns.doc(CONTRACT_WINES.length + 1).priceMinor).toBeUndefined();
    expect(columns.doc(CONTRACT_WINES.length + 2).numbers).toEqual([]);
    expect(columns.doc(CONTRACT_WINES.length + 2).vecturaIds).toBeUndefined();
    // A wine is made once and kept.
    expect(columns.doc(0)).toBe(columns.doc(0));
  });

  it('keeps the vocabulary and its posting lists', () => {
    const built = new TermIndex(CATALOGUE);
    const loaded = new TermIndex(
      roundTrip((out) => built.write(out)),
      CATALOGUE.length,
    );
    expect(loaded).toEqual(built);
    for (const tokens of [['riesling'], ['chateau', 'marg'], ['reisling'], ['loiten']]) {
      expect(loaded.match(tokens)).toBe(built.match(tokens));
      expect([...loaded.candidates]).toEqual([...built.candidates]);
      expect([...loaded.matchRank]).toEqual([...built.matchRank]);
    }
  });

  it('keeps the facet columns and dictionaries: the same codes, names and counts', () => {
    const built = new FacetColumns(CATALOGUE);
    const loaded = new FacetColumns(
      roundTrip((out) => built.write(out)),
      built.price,
    );
    for (const [facet, dictionary] of Object.entries(built.dict)) {
      const read = loaded.dict[facet as keyof typeof built.dict];
      expect(read.ids).toEqual(dictionary.ids);
      expect(read.names).toEqual(dictionary.names);
      for (const id of dictionary.ids.slice(1)) expect(read.lookup(id)).toBe(dictionary.lookup(id));
      expect(read.order()).toEqual(dictionary.order());
    }
    expect([...loaded.price]).toEqual([...built.price]);
    expect([...loaded.flags]).toEqual([...built.flags]);
    const query: IndexQuery = { ...base, facets: true, categories: ['white'] };
    const n = CATALOGUE.length;
    const run = (columns: FacetColumns) => {
      const out = { matches: new Uint32Array(n), stamp: new Uint32Array(n), generation: 1 };
      const { matched, counts } = columns.filter(query, null, n, -1, out);
      return { matched, matches: [...out.matches.subarray(0, matched)], counts };
    };
    expect(run(loaded)).toEqual(run(built));
  });

  it('a dictionary read back codes a new value after the ones it had', () => {
    const dictionary = new Dictionary();
    dictionary.codeOf('expert-01', (id) => id);
    const read = Dictionary.read(dictionary.stored());
    expect(read.codeOf('expert-01', (id) => id)).toBe(1);
    expect(read.codeOf('expert-02', (id) => id)).toBe(2);
  });

  it('keeps every sort order and makes its places again', () => {
    const index = new CatalogIndex(CATALOGUE);
    const idOrder = Uint32Array.from(
      CATALOGUE.map((_, row) => row).sort((a, b) =>
        (CATALOGUE[a] as SearchDoc).id < (CATALOGUE[b] as SearchDoc).id ? -1 : 1,
      ),
    );
    const rating = Float64Array.from(CATALOGUE, (doc) => doc.rating ?? Number.NaN);
    const price = Float64Array.from(CATALOGUE, (doc) => doc.priceMinor ?? Number.NaN);
    const orders = buildSortOrders(CATALOGUE, idOrder, rating, price);
    const loaded = readSortOrders(roundTrip((out) => writeSortOrders(orders, out)));
    for (const key of SORT_KEYS) {
      expect(loaded[key].perm).toEqual(orders[key].perm);
      expect(loaded[key].place).toEqual(orders[key].place);
      expect(loaded[key].valued).toBe(orders[key].valued);
    }
    expect(index.size).toBe(CATALOGUE.length);
  });

  it('answers every contract query and more exactly as the index built from the same wines', () => {
    const built = new CatalogIndex(CATALOGUE);
    const loaded = loadedIndex(CATALOGUE);
    const queries: IndexQuery[] = [
      ...CONTRACT_CASES.map((c) => c.query),
      { ...base, text: 'chateau margaux 2015' },
      { ...base, text: 'riesl', sortColumn: 'rating', sortDirection: 'desc', facets: true },
      { ...base, sortColumn: 'price', sortDirection: 'desc', offset: 1, limit: 3, facets: true },
      { ...base, sortColumn: 'newest', sortDirection: 'asc', isAvailable: true, isHorecaAvailable: true },
      { ...base, sortColumn: 'vintage', sortDirection: 'desc', bottleSizes: ['0.375', '0.7'] },
      { ...base, nbsSuppliers: ['vinaes-import'], ratedById: ['expert-01'], facets: true },
      { ...base, origins: ['frankrike.bordeaux'], food: ['storfe'], grapes: ['merlot'], facets: true },
    ];
    for (const query of queries) expect(loaded.search(query)).toEqual(built.search(query));
    expect(loaded.get('w-mosel')).toEqual(built.get('w-mosel'));
    expect(loaded.get('no-such-wine')).toBeUndefined();
    expect(loaded.originName('frankrike.bordeaux')).toBe('Bordeaux');
    expect(loaded.vocabularySize).toBe(built.vocabularySize);
  });

  it('takes a tasting note in place once loaded, as the built index does, and again after a reload', () => {
    const built = new CatalogIndex(CATALOGUE);
    let loaded = loadedIndex(CATALOGUE);
    const stats = {
      expertIds: ['expert-03', 'expert-04', 'expert-05'],
      rating: 99,
      expertRating: 99,
      expertCount: 3,
      communityRating: null,
      communityCount: 0,
    };
    for (const index of [built, loaded]) expect(index.updateStats('w-mosel', stats)).toBe(true);
    const best: IndexQuery = { ...base, sortColumn: 'rating', sortDirection: 'desc', facets: true };
    const rated: IndexQuery = { ...base, ratedById: ['expert-04'] };
    expect(loaded.search(best)).toEqual(built.search(best));
    expect(loaded.search(rated).rows.map((d) => d.id)).toEqual(['w-mosel']);
    loaded = reloaded(loaded);
    expect(loaded.search(best)).toEqual(built.search(best));
    expect(loaded.search(rated)).toEqual(built.search(rated));
    expect(loaded.get('w-mosel')?.rating).toBe(99);
  });

  it('a wine of the built index and of the loaded one are the same, whichever holds it', () => {
    const rows = new DocArray(CATALOGUE);
    const loaded = loadedIndex(CATALOGUE);
    expect([...loaded.docs()]).toEqual(CATALOGUE.map((_, row) => rows.doc(row)));
  });
});
