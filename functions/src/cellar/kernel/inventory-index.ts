/**
 * A cellar's wines with what filtering, sorting and totals need worked out once (cellar-snapshot.ts,
 * docs/cellar-reads.md): the inventory listing's query is one pass over a ready order.
 */
import {
  type CellarSortColumn,
  type CellarWine,
  type CellarWinePage,
  type CellarWineQuery,
  foldText,
  type InventoryTotals,
  inDrinkingWindow,
  sourceFilterOf,
  UNCATEGORIZED,
} from '@kork/shared';

const DEFAULT_PAGE_SIZE = 50;

// — Drinking windows, totals —

export function drinkingWindowOf(wine: CellarWine): { from?: number; to?: number } {
  return {
    from: wine.drinkingWindowFrom ?? wine.suggestedDrinkingWindowFrom,
    to: wine.drinkingWindowTo ?? wine.suggestedDrinkingWindowTo,
  };
}

export function isDrinkNow(wine: CellarWine, year = new Date().getUTCFullYear()): boolean {
  const { from, to } = drinkingWindowOf(wine);
  return inDrinkingWindow(year, from, to);
}

export function totalsOf(wines: readonly CellarWine[]): InventoryTotals {
  let bottles = 0;
  let purchaseValue = 0;
  let sellingValue = 0;
  for (const wine of wines) {
    bottles += wine.quantity;
    purchaseValue += wine.quantity * (wine.purchasePriceWvat ?? 0);
    sellingValue += wine.quantity * (wine.sellingPrice ?? 0);
  }
  return { wines: wines.length, bottles, purchaseValue, sellingValue };
}

// — The inventory index —

const collator = new Intl.Collator('nb');

type SortValue = string | number | undefined;

function sortValue(wine: CellarWine, column: CellarSortColumn): SortValue {
  switch (column) {
    case 'wineDisplayName':
      return wine.wineDisplayName.toLocaleLowerCase('nb');
    case 'drinkingWindow':
      return drinkingWindowOf(wine).from;
    case 'vintage':
      return wine.vintage ?? undefined;
    default:
      return wine[column] as SortValue;
  }
}

/** Lower-case, accent-free text of a wine that search matches against. */
function searchText(wine: CellarWine): string {
  return foldText(
    [wine.wineDisplayName, wine.producerName, wine.country, wine.region, wine.supplier, wine.productId]
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * Wines with what filtering and sorting need, worked out on first use and kept: the order of every
 * sort asked for, folded countries and search texts. A query is then one pass over a ready order.
 */
export class InventoryIndex {
  private names?: Int32Array;
  private readonly orders = new Map<string, Int32Array>();
  private countries?: string[];
  private texts?: string[];

  constructor(readonly wines: readonly CellarWine[]) {}

  /** Positions of the wines by name (Norwegian collation), then id. */
  byName(): Int32Array {
    if (!this.names) {
      const wines = this.wines;
      const order = Int32Array.from(wines.keys());
      order.sort((a, b) => {
        const x = wines[a] as CellarWine;
        const y = wines[b] as CellarWine;
        return collator.compare(x.wineDisplayName, y.wineDisplayName) || (x.id < y.id ? -1 : 1);
      });
      this.names = order;
    }
    return this.names;
  }

  /** Positions of the wines in a sort: missing values last in either direction, ties by name. */
  order(column: CellarSortColumn, direction: 'asc' | 'desc'): Int32Array {
    const key = `${column}:${direction}`;
    let order = this.orders.get(key);
    if (order) return order;
    const names = this.byName();
    const rank = new Int32Array(names.length);
    names.forEach((position, index) => {
      rank[position] = index;
    });
    const values = this.wines.map((wine) => sortValue(wine, column));
    const sign = direction === 'asc' ? 1 : -1;
    order = Int32Array.from(this.wines.keys());
    order.sort((a, b) => {
      const x = values[a];
      const y = values[b];
      if (x === undefined && y !== undefined) return 1;
      if (y === undefined && x !== undefined) return -1;
      if (x !== undefined && y !== undefined && x !== y) {
        const by = typeof x === 'string' ? collator.compare(x, String(y)) : x - (y as number);
        if (by !== 0) return by * sign;
      }
      return (rank[a] as number) - (rank[b] as number);
    });
    this.orders.set(key, order);
    return order;
  }

  private countryKeys(): string[] {
    this.countries ??= this.wines.map((wine) => foldText(wine.country ?? ''));
    return this.countries;
  }

  private searchTexts(): string[] {
    this.texts ??= this.wines.map(searchText);
    return this.texts;
  }

  /** Filters, sorts, pages and totals (the totals of every match, not just the page). */
  query(
    query: CellarWineQuery,
    locationScope?: (locationIds: readonly string[]) => Set<string | null>,
  ): CellarWinePage {
    const year = new Date().getUTCFullYear();
    const locations =
      query.locationId && query.locationId.length > 0 && locationScope
        ? locationScope(query.locationId)
        : undefined;
    const text = query.search ? foldText(query.search.trim()) : '';
    const terms = text.split(/\s+/).filter(Boolean);
    const set = (values?: string[]) => (values && values.length > 0 ? new Set(values) : undefined);
    const styles = set(query.mainCategoryId);
    const sources = set(query.source);
    const countries = set(query.country?.map(foldText));
    const vintages = set(query.vintages);
    const categories = set(query.wineListCategoryId);
    const catalogueWines = set(query.wineId);
    const countryKeys = countries ? this.countryKeys() : undefined;
    const texts = terms.length > 0 ? this.searchTexts() : undefined;

    const column = query.sortColumn ?? 'wineDisplayName';
    const direction = query.sortDirection ?? (query.sortColumn ? 'desc' : 'asc');
    const order = this.order(column, direction);
    const size = query.resultsPerPage ?? DEFAULT_PAGE_SIZE;
    const first = ((query.page ?? 1) - 1) * size;
    const rows: CellarWine[] = [];
    let count = 0;
    let bottles = 0;
    let purchaseValue = 0;
    let sellingValue = 0;
    for (let k = 0; k < order.length; k++) {
      const i = order[k] as number;
      const wine = this.wines[i] as CellarWine;
      if (styles && !styles.has(wine.mainCategoryId)) continue;
      if (sources && !sources.has(sourceFilterOf(wine.source))) continue;
      if (countries && !countries.has(countryKeys?.[i] as string)) continue;
      if (vintages && !vintages.has(wine.vintage == null ? 'NV' : String(wine.vintage))) continue;
      if (categories && !categories.has(wine.wineListCategoryId ?? UNCATEGORIZED)) continue;
      if (catalogueWines && !(wine.wineId && catalogueWines.has(wine.wineId))) continue;
      if (query.inStock === true && wine.quantity <= 0) continue;
      if (query.inStock === false && wine.quantity > 0) continue;
      if (query.drinkNow && !isDrinkNow(wine, year)) continue;
      if (locations && !wine.placements.some((p) => locations.has(p.locationId))) continue;
      if (texts) {
        const haystack = texts[i] as string;
        if (!terms.every((term) => haystack.includes(term))) continue;
      }
      if (count >= first && rows.length < size) rows.push(wine);
      count++;
      bottles += wine.quantity;
      purchaseValue += wine.quantity * (wine.purchasePriceWvat ?? 0);
      sellingValue += wine.quantity * (wine.sellingPrice ?? 0);
    }
    return { rows, count, totals: { wines: count, bottles, purchaseValue, sellingValue } };
  }
}
