import { WineSearchQuery } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { wineSearchQuery } from './api/search-wines';
import {
  activeFilters,
  clearWineFilters,
  DEFAULT_FILTERS,
  narrowOrigins,
  parseWineFilters,
  ranksByMatch,
  removeActiveFilter,
  toggleOrigin,
  type WineFilters,
  wineFiltersToSearchParams,
  wineSearchParams,
} from './wine-filters';

const member = { loggedIn: true, business: false };
const visitor = { loggedIn: false, business: false };
const business = { loggedIn: true, business: true };

function roundTrip(filters: WineFilters): WineFilters {
  return parseWineFilters(new URLSearchParams(wineFiltersToSearchParams(filters).toString()));
}

describe('the feed filters in the URL', () => {
  it('reads an empty query as the SPEC defaults: best rated first, available, expert rated', () => {
    const filters = parseWineFilters(new URLSearchParams());
    expect(filters).toEqual(DEFAULT_FILTERS);
    expect(filters).toMatchObject({
      sortColumn: 'rating',
      sortDirection: 'desc',
      isAvailable: true,
      isRatedByExpert: true,
      isHorecaAvailable: true,
      isReviewedByMe: false,
    });
  });

  it('writes nothing for the defaults', () => {
    expect(wineFiltersToSearchParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const filters: WineFilters = {
      ...DEFAULT_FILTERS,
      search: 'pinot noir',
      sortColumn: 'price',
      sortDirection: 'asc',
      mainCategoryId: ['red', 'white'],
      origins: ['frankrike', 'frankrike.bourgogne', 'frankrike.bourgogne.cote-de-nuits'],
      grapes: ['pinot-noir'],
      food: ['storfe', 'lam'],
      manufacturers: ['domaine-leroy'],
      bottleSizes: ['0.75', '1.5'],
      stores: ['butikkategori-6'],
      vintages: ['2019', 'NV'],
      ratedById: ['u-17'],
      minPrice: 150,
      maxPrice: 899.9,
      isAvailable: false,
      isRatedByExpert: false,
      isReviewedByMe: true,
      isHorecaAvailable: false,
    };
    expect(roundTrip(filters)).toEqual(filters);
  });

  it('keeps the category strip’s parameter and lists comma separated', () => {
    const params = wineFiltersToSearchParams({
      ...DEFAULT_FILTERS,
      mainCategoryId: ['red'],
      grapes: ['merlot', 'cabernet-sauvignon'],
    });
    expect(params.toString()).toBe('category=red&grapes=merlot%2Ccabernet-sauvignon');
    expect(parseWineFilters(new URLSearchParams('category=red')).mainCategoryId).toEqual(['red']);
  });

  it('leaves parameters it does not own alone', () => {
    const base = new URLSearchParams('utm_source=newsletter&grapes=old&page=3');
    const params = wineFiltersToSearchParams({ ...DEFAULT_FILTERS, grapes: ['riesling'] }, base);
    expect(params.get('utm_source')).toBe('newsletter');
    expect(params.get('page')).toBe('3');
    expect(params.get('grapes')).toBe('riesling');
  });

  it('falls back to the defaults for what it cannot read', () => {
    const filters = parseWineFilters(
      new URLSearchParams(
        'sortColumn=colour&sortDirection=up&isAvailable=maybe&minPrice=-5&maxPrice=cheap&grapes=,merlot,,merlot',
      ),
    );
    expect(filters.sortColumn).toBe('rating');
    expect(filters.sortDirection).toBe('desc');
    expect(filters.isAvailable).toBe(true);
    expect(filters.minPrice).toBeNull();
    expect(filters.maxPrice).toBeNull();
    expect(filters.grapes).toEqual(['merlot']);
  });

  it('reads 1 and 0 as yes and no', () => {
    const filters = parseWineFilters(new URLSearchParams('isReviewedByMe=1&isRatedByExpert=0'));
    expect(filters.isReviewedByMe).toBe(true);
    expect(filters.isRatedByExpert).toBe(false);
  });
});

describe('nested origins', () => {
  it('asks for the region alone when its country is chosen too', () => {
    expect(narrowOrigins(['frankrike', 'frankrike.bordeaux', 'italia'])).toEqual([
      'frankrike.bordeaux',
      'italia',
    ]);
  });

  it('drops what was chosen inside a country when the country is dropped', () => {
    const chosen = ['frankrike', 'frankrike.bordeaux', 'frankrike.bordeaux.pauillac', 'italia'];
    expect(toggleOrigin(chosen, 'frankrike')).toEqual(['italia']);
    expect(toggleOrigin(['italia'], 'spania')).toEqual(['italia', 'spania']);
  });
});

describe('the API parameters', () => {
  it('sends the filters with defaults left out and lists comma separated', () => {
    const filters = parseWineFilters(
      new URLSearchParams('category=red&origins=frankrike,frankrike.bordeaux&sortColumn=price&minPrice=100'),
    );
    expect(wineSearchQuery(wineSearchParams(filters, member, 2))).toEqual({
      page: '2',
      sortColumn: 'price',
      mainCategoryId: 'red',
      origins: 'frankrike.bordeaux',
      minPrice: '100',
    });
    expect(wineSearchQuery(wineSearchParams(DEFAULT_FILTERS, member))).toEqual({});
  });

  it('does not use prices or the member switches for a visitor, nor trade stock for a private member', () => {
    const filters = parseWineFilters(
      new URLSearchParams('minPrice=100&isAvailable=false&isReviewedByMe=true&isHorecaAvailable=false'),
    );
    expect(wineSearchQuery(wineSearchParams(filters, visitor))).toEqual({});
    expect(wineSearchQuery(wineSearchParams(filters, member))).toEqual({
      minPrice: '100',
      isAvailable: 'false',
      isReviewedByMe: 'true',
    });
    expect(wineSearchQuery(wineSearchParams(filters, business))).toMatchObject({
      isHorecaAvailable: 'false',
    });
  });
});

describe('the active filter chips', () => {
  const filters = parseWineFilters(
    new URLSearchParams(
      'search=barolo&grapes=nebbiolo&origins=italia,italia.piemonte&maxPrice=500&isRatedByExpert=false',
    ),
  );

  it('lists each chosen value once, and the search', () => {
    expect(activeFilters(filters, member)).toEqual([
      { kind: 'search', value: 'barolo' },
      { kind: 'list', key: 'origins', value: 'italia' },
      { kind: 'list', key: 'origins', value: 'italia.piemonte' },
      { kind: 'list', key: 'grapes', value: 'nebbiolo' },
      { kind: 'price', key: 'maxPrice', value: 500 },
      { kind: 'boolean', key: 'isRatedByExpert', value: false },
    ]);
    expect(activeFilters(filters, visitor).some((chip) => chip.kind === 'price')).toBe(false);
  });

  it('removes one chip, and clears all but the order', () => {
    const withoutItaly = removeActiveFilter(filters, { kind: 'list', key: 'origins', value: 'italia' });
    expect(withoutItaly.origins).toEqual([]);
    const withExperts = removeActiveFilter(filters, {
      kind: 'boolean',
      key: 'isRatedByExpert',
      value: false,
    });
    expect(withExperts.isRatedByExpert).toBe(true);
    const sorted = { ...filters, sortColumn: 'name' as const, sortDirection: 'asc' as const };
    expect(clearWineFilters(sorted)).toEqual({
      ...DEFAULT_FILTERS,
      sortColumn: 'name',
      sortDirection: 'asc',
    });
  });
});

describe('a search from a link', () => {
  it('is cut to what the API takes, so the link still lists wines', () => {
    for (const text of ['a'.repeat(500), `${'b'.repeat(199)}🍷 more`, `  ${'c'.repeat(200)}  `]) {
      const { search } = parseWineFilters(new URLSearchParams({ search: text }));
      expect(search.length).toBeLessThanOrEqual(200);
      expect(WineSearchQuery.safeParse({ search }).success).toBe(true);
    }
  });
});

describe('the order of a text search', () => {
  it('is best match first under the default sort when the text has a word, as the API ranks it', () => {
    const sorted = (search: string, sortColumn = 'rating', sortDirection = 'desc') =>
      ranksByMatch({ ...DEFAULT_FILTERS, search, sortColumn, sortDirection } as WineFilters);
    expect(sorted('barolo')).toBe(true);
    expect(sorted('Château 2015')).toBe(true);
    expect(sorted('')).toBe(false);
    expect(sorted('!!')).toBe(false);
    expect(sorted('barolo', 'price', 'asc')).toBe(false);
    expect(sorted('barolo', 'rating', 'asc')).toBe(false);
  });
});

describe('the marketplace supplier filter', () => {
  it('lives in the URL and reaches the search for business accounts only', () => {
    const filters = parseWineFilters(new URLSearchParams('nbsSuppliers=sup-a,sup-b'));
    expect(filters.nbsSuppliers).toEqual(['sup-a', 'sup-b']);
    expect(wineFiltersToSearchParams(filters).get('nbsSuppliers')).toBe('sup-a,sup-b');
    expect(wineSearchParams(filters, business).nbsSuppliers).toEqual(['sup-a', 'sup-b']);
    expect(wineSearchParams(filters, member).nbsSuppliers).toBeUndefined();
    expect(activeFilters(filters, visitor)).toEqual([]);
    expect(WineSearchQuery.safeParse(wineSearchQuery(wineSearchParams(filters, business))).success).toBe(
      true,
    );
  });
});
