import { type MainCategory, originId, supplierIdOf } from '@kork/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForce } from './brute-force';
import { CatalogIndex } from './catalog-index';
import type { Paging } from './paging';
import { base, ids, loadedIndex, wine } from './test-wines';
import { termMatches, textTokens } from './text-match';
import type { IndexQuery, IndexResult, SearchDoc, SearchDocStats } from './types';

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
            // Built each way pages are read, and loaded from the snapshot of the built index.
            const indexes = [
              ...PAGINGS.map((paging) => new CatalogIndex(docs, { paging })),
              loadedIndex(docs, { paging: 'alternate' }),
            ];
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
            // Built each way pages are read, and loaded from the snapshot of the built index.
            const indexes = [
              ...PAGINGS.map((paging) => new CatalogIndex(docs, { paging })),
              loadedIndex(docs, { paging: 'alternate' }),
            ];
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
            // Built each way pages are read, and loaded from the snapshot of the built index.
            const indexes = [
              ...PAGINGS.map((paging) => new CatalogIndex(docs, { paging })),
              loadedIndex(docs, { paging: 'alternate' }),
            ];
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
