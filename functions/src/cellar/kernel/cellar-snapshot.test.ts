import {
  CELLAR_SORT_COLUMNS,
  type CellarSortColumn,
  type CellarWine,
  type CellarWinePage,
  type CellarWineQuery,
  foldText,
  inDrinkingWindow,
  UNCATEGORIZED,
} from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { InventoryIndex } from './cellar-snapshot';

/** mulberry32: the same "random" sequence every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The listing as it is defined: filter every wine, sort the matches with one comparator, page them and
 * total every match. The index must answer exactly this.
 */
function reference(
  all: readonly CellarWine[],
  query: CellarWineQuery,
  scope?: (ids: readonly string[]) => Set<string | null>,
): CellarWinePage {
  const year = new Date().getUTCFullYear();
  const window = (w: CellarWine) => ({
    from: w.drinkingWindowFrom ?? w.suggestedDrinkingWindowFrom,
    to: w.drinkingWindowTo ?? w.suggestedDrinkingWindowTo,
  });
  const locations = query.locationId?.length && scope ? scope(query.locationId) : undefined;
  const terms = foldText(query.search?.trim() ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const set = (values?: string[]) => (values && values.length > 0 ? new Set(values) : undefined);
  const styles = set(query.mainCategoryId);
  const countries = set(query.country?.map(foldText));
  const vintages = set(query.vintages);
  const categories = set(query.wineListCategoryId);
  const matches = all.filter((w) => {
    if (styles && !styles.has(w.mainCategoryId)) return false;
    if (countries && !countries.has(foldText(w.country ?? ''))) return false;
    if (vintages && !vintages.has(w.vintage == null ? 'NV' : String(w.vintage))) return false;
    if (categories && !categories.has(w.wineListCategoryId ?? UNCATEGORIZED)) return false;
    if (query.inStock === true && w.quantity <= 0) return false;
    if (query.inStock === false && w.quantity > 0) return false;
    if (query.drinkNow && !inDrinkingWindow(year, window(w).from, window(w).to)) return false;
    if (locations && !w.placements.some((p) => locations.has(p.locationId))) return false;
    const text = foldText([w.wineDisplayName, w.producerName, w.country].filter(Boolean).join(' '));
    return terms.every((term) => text.includes(term));
  });
  const column = query.sortColumn ?? 'wineDisplayName';
  const sign = (query.sortDirection ?? (query.sortColumn ? 'desc' : 'asc')) === 'asc' ? 1 : -1;
  const value = (w: CellarWine, c: CellarSortColumn): string | number | undefined =>
    c === 'wineDisplayName'
      ? w.wineDisplayName.toLocaleLowerCase('nb')
      : c === 'drinkingWindow'
        ? window(w).from
        : c === 'vintage'
          ? (w.vintage ?? undefined)
          : (w[c] as string | number | undefined);
  matches.sort((a, b) => {
    const x = value(a, column);
    const y = value(b, column);
    if (x === undefined && y !== undefined) return 1;
    if (y === undefined && x !== undefined) return -1;
    if (x !== undefined && y !== undefined && x !== y)
      return (typeof x === 'string' ? x.localeCompare(String(y), 'nb') : x - (y as number)) * sign;
    return a.wineDisplayName.localeCompare(b.wineDisplayName, 'nb') || a.id.localeCompare(b.id);
  });
  const size = query.resultsPerPage ?? 50;
  const page = query.page ?? 1;
  return {
    rows: matches.slice((page - 1) * size, page * size),
    count: matches.length,
    totals: {
      wines: matches.length,
      bottles: matches.reduce((sum, w) => sum + w.quantity, 0),
      purchaseValue: matches.reduce((sum, w) => sum + w.quantity * (w.purchasePriceWvat ?? 0), 0),
      sellingValue: matches.reduce((sum, w) => sum + w.quantity * (w.sellingPrice ?? 0), 0),
    },
  };
}

const NAMES = [
  'Barolo',
  'barolo',
  'Ærfugl',
  'Øvre Dal',
  'Åsen',
  'Château Margaux',
  'Chateau Musar',
  'Zinfandel',
];
const COUNTRIES = ['Frankrike', 'Italia', 'Østerrike', 'Spania', undefined];
const STYLES = ['red', 'white', 'rose'] as const;
const LOCATIONS = ['L1', 'L2', 'L3', null];

function wines(count: number, random: () => number): CellarWine[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const maybe = <T>(value: T) => (random() < 0.25 ? undefined : value);
  return Array.from({ length: count }, (_, i) => {
    const quantity = Math.floor(random() * 4);
    const vintage = random() < 0.2 ? null : 2000 + Math.floor(random() * 5);
    const name = pick(NAMES);
    return {
      id: `W${String(i).padStart(4, '0')}`,
      cellarId: 'c',
      ownerId: 'o',
      source: 'CUSTOM',
      wineName: name,
      producerName: maybe(pick(['Gaja', 'Lindeman', 'Brønnøy'])),
      vintage,
      bottleSize: 0.75,
      mainCategoryId: pick(STYLES),
      country: pick(COUNTRIES),
      grapes: [],
      wineDisplayName: `${name}${vintage ? ` ${vintage}` : ''}`,
      quantity,
      placements: quantity > 0 ? [{ locationId: pick(LOCATIONS), quantity }] : [],
      purchasePriceWvat: maybe(Math.floor(random() * 5) * 10_000),
      sellingPrice: maybe(Math.floor(random() * 5) * 10_000),
      marketValue: maybe(Math.floor(random() * 3) * 10_000),
      rating: maybe(85 + Math.floor(random() * 3)),
      drinkingWindowFrom: maybe(2020 + Math.floor(random() * 10)),
      suggestedDrinkingWindowTo: maybe(2026 + Math.floor(random() * 10)),
      wineListCategoryId: maybe(pick(['K1', 'K2'])),
      sellingPriceLocked: false,
      showBottleSizeInList: false,
      priceFormat: 'display',
      currency: 'NOK',
      createdAt: `2026-0${1 + Math.floor(random() * 3)}-01T00:00:00.000Z`,
      updatedAt: `2026-04-0${1 + Math.floor(random() * 3)}T00:00:00.000Z`,
    } as CellarWine;
  });
}

describe('the inventory index', () => {
  it('answers every filter, sort, page and total as the listing defines them', () => {
    const random = seeded(7);
    const all = wines(400, random);
    const index = new InventoryIndex(all);
    const scope = (ids: readonly string[]) =>
      new Set<string | null>(ids.map((id) => (id === UNCATEGORIZED ? null : id)));
    const some = <T>(list: readonly T[]) => list.filter(() => random() < 0.4);
    for (let round = 0; round < 300; round++) {
      const query: CellarWineQuery = {
        sortColumn: random() < 0.15 ? undefined : CELLAR_SORT_COLUMNS[round % CELLAR_SORT_COLUMNS.length],
        sortDirection: random() < 0.2 ? undefined : random() < 0.5 ? 'asc' : 'desc',
        page: 1 + Math.floor(random() * 3),
        resultsPerPage: 1 + Math.floor(random() * 60),
        mainCategoryId: random() < 0.3 ? some(STYLES) : undefined,
        country: random() < 0.3 ? some(['frankrike', 'ITALIA', 'Osterrike']) : undefined,
        vintages: random() < 0.2 ? some(['NV', '2001', '2003']) : undefined,
        wineListCategoryId: random() < 0.2 ? some(['K1', UNCATEGORIZED]) : undefined,
        locationId: random() < 0.2 ? some(['L1', 'L3', UNCATEGORIZED]) : undefined,
        inStock: random() < 0.2 ? random() < 0.5 : undefined,
        drinkNow: random() < 0.15 ? true : undefined,
        search: random() < 0.2 ? ['baro', 'chateau', 'øvre', 'gaja 200'][round % 4] : undefined,
      };
      expect(index.query(query, scope), JSON.stringify(query)).toEqual(reference(all, query, scope));
    }
  });
});
