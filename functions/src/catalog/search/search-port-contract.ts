/**
 * The catalogue search port's contract: four wines and the answers any implementation gives for the
 * queries the feed makes (text, a facet, a price range, a page in another order, disjunctive facet
 * counts, a person's own wines). The in-memory index and the OpenSearch adapter both run it
 * (search-port.contract.test.ts).
 */
import { originId } from '@kork/shared';
import { wine } from './test-wines';
import type { IndexQuery, IndexResult, SearchDoc } from './types';

/** A contract wine: the index tests' wine, of 2019 and added in March 2024 unless said otherwise. */
function contractWine(fields: Partial<SearchDoc> & Pick<SearchDoc, 'id' | 'name'>): SearchDoc {
  return wine({ vintage: 2019, createdAt: '2024-03-01T00:00:00.000Z', ...fields });
}

export const CONTRACT_WINES: SearchDoc[] = [
  contractWine({
    id: 'w-mosel',
    name: 'Riesling Kabinett 2019',
    producer: 'Dr. Loosen',
    mainCategoryId: 'white',
    country: 'Tyskland',
    region: 'Mosel',
    grapes: ['Riesling'],
    priceMinor: 20_000,
    expertIds: ['expert-01'],
    rating: 92,
    expertRating: 92,
    expertCount: 1,
  }),
  contractWine({
    id: 'w-wachau',
    name: 'Riesling Smaragd 2018',
    producer: 'Prager',
    vintage: 2018,
    mainCategoryId: 'white',
    country: 'Østerrike',
    region: 'Wachau',
    grapes: ['Riesling'],
    priceMinor: 35_000,
    expertIds: ['expert-02'],
    rating: 95,
    expertRating: 95,
    expertCount: 1,
  }),
  contractWine({
    id: 'w-barolo',
    name: 'Barolo 2016',
    producer: 'Vietti',
    vintage: 2016,
    country: 'Italia',
    region: 'Piemonte',
    grapes: ['Nebbiolo'],
    priceMinor: 60_000,
    isAvailable: false,
    expertIds: ['expert-01'],
    rating: 94,
    expertRating: 94,
    expertCount: 1,
  }),
  contractWine({
    id: 'w-chianti',
    name: 'Chianti Classico 2020',
    producer: 'Fontodi',
    vintage: 2020,
    country: 'Italia',
    region: 'Toscana',
    grapes: ['Sangiovese'],
    priceMinor: 25_000,
  }),
];

const page = { offset: 0, limit: 24 } as const;

export interface ContractCase {
  name: string;
  query: IndexQuery;
  /** The rows' ids in order, and the number of matches. */
  ids: string[];
  count: number;
  /** Facet values (id and count, in order) the answer lists, for the facets named. */
  facets?: Partial<Record<'categories' | 'countries', { id: string; count: number }[]>>;
}

export const CONTRACT_CASES: ContractCase[] = [
  {
    name: 'text finds the wines it names, the better rated first',
    query: { text: 'riesling', sortColumn: 'rating', sortDirection: 'desc', ...page },
    ids: ['w-wachau', 'w-mosel'],
    count: 2,
  },
  {
    name: 'a category, the second page of one in price order',
    query: { categories: ['red'], sortColumn: 'price', sortDirection: 'asc', offset: 1, limit: 1 },
    ids: ['w-barolo'],
    count: 2,
  },
  {
    name: 'a price range includes its bounds',
    query: {
      minPriceMinor: 20_000,
      maxPriceMinor: 30_000,
      sortColumn: 'price',
      sortDirection: 'desc',
      ...page,
    },
    ids: ['w-chianti', 'w-mosel'],
    count: 2,
  },
  {
    name: "facet counts leave out the facet's own selection",
    query: {
      categories: ['white'],
      isAvailable: true,
      facets: true,
      sortColumn: 'name',
      sortDirection: 'asc',
      ...page,
    },
    ids: ['w-mosel', 'w-wachau'],
    count: 2,
    facets: {
      categories: [
        { id: 'white', count: 2 },
        { id: 'red', count: 1 },
      ],
      countries: [
        { id: originId('Tyskland'), count: 1 },
        { id: originId('Østerrike'), count: 1 },
      ],
    },
  },
  {
    name: "a person's own wines, by name",
    query: { onlyIds: new Set(['w-barolo', 'w-mosel']), sortColumn: 'name', sortDirection: 'asc', ...page },
    ids: ['w-barolo', 'w-mosel'],
    count: 2,
  },
];

/** What a case checks of an answer, for an `expect(...).toEqual(...)`. */
export function observed(result: IndexResult, wanted: ContractCase) {
  return {
    ids: result.rows.map((row) => row.id),
    count: result.count,
    facets: Object.fromEntries(
      Object.keys(wanted.facets ?? {}).map((facet) => [
        facet,
        result.facets[facet as 'categories'].map(({ id, count }) => ({ id, count })),
      ]),
    ),
  };
}

export function expected(wanted: ContractCase) {
  return { ids: wanted.ids, count: wanted.count, facets: wanted.facets ?? {} };
}
