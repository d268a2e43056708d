/**
 * Wine-list engineering of a cellar (shared/src/menu-engineering.ts, docs/sales-analytics.md): the wines
 * of its lists placed by contribution margin and popularity over a period, each list section's price
 * ladder, and dead stock. Bottles sold and each wine's last sale come from the sales domain's day
 * rollups (functions/src/sales/sale-rollups.ts), held with the cellar snapshot as the sales analytics
 * hold them (sales-rollups-held.ts), never from the sales themselves; the lists and their categories are
 * read at each request (a few items).
 */
import {
  classifyMenu,
  DEAD_STOCK_DAYS,
  dayNumber,
  deadStock,
  isoOfDay,
  LADDER_CROWDING_MIN,
  LADDER_CROWDING_PERCENT,
  LADDER_GAP_PERCENT,
  lastSaleSearch,
  type MainCategory,
  type MenuEngineering,
  type MenuEngineeringQuery,
  type MenuItem,
  priceLadder,
  type WineListCategory,
  withoutVat,
} from '@kork/shared';
import { listCategories } from '../cellar/categories/category-service';
import { type CellarSnapshot, cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { NotFoundError } from '../platform/errors';
import { firstRollupDay } from '../sales/sale-rollups';
import { wineListContentsOf } from '../wine-lists/wine-list-contents';
import { periodOf } from './sales-analytics-service';
import { rollupRowsOf } from './sales-rollups-held';

/** Dead-stock wines the answer lists (the count and capital cover all of them). */
const DEAD_STOCK_ROWS = 100;

/** The section a category prints under: itself at the top two levels, else its nearest such ancestor. */
function sectionFinder(categories: readonly WineListCategory[]) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const depth = (c: WineListCategory): number => {
    let d = 0;
    for (let p: string | null | undefined = c.parentId; p && d < 20; p = byId.get(p)?.parentId) d++;
    return d;
  };
  return (categoryId: string | undefined): WineListCategory | undefined => {
    let c = categoryId ? byId.get(categoryId) : undefined;
    while (c && depth(c) > 1) c = c.parentId ? byId.get(c.parentId) : undefined;
    return c;
  };
}

/** Each category's place when the tree is read in saved order, parents before their children. */
function savedOrder(categories: readonly WineListCategory[]): Map<string, number> {
  const byParent = new Map<string, WineListCategory[]>();
  for (const c of categories) {
    const siblings = byParent.get(c.parentId ?? '') ?? [];
    siblings.push(c);
    byParent.set(c.parentId ?? '', siblings);
  }
  const order = new Map<string, number>();
  const walk = (parentId: string) => {
    const siblings = [...(byParent.get(parentId) ?? [])].sort(
      (a, b) => a.order - b.order || a.id.localeCompare(b.id),
    );
    for (const c of siblings) {
      if (order.has(c.id)) continue;
      order.set(c.id, order.size);
      walk(c.id);
    }
  };
  walk('');
  return order;
}

/**
 * What engineering needs of the sales, by wine: bottles sold in the period, the last day one sold by its
 * end (looked for as far back as `lastSaleSearch` says), and where that search began when it did not
 * reach the cellar's first sale.
 */
export interface WineSales {
  bottles: Map<string, number>;
  lastSale: Map<string, number>;
  searchedFrom?: number;
}

/** A period as day numbers (both included). */
export interface DayPeriod {
  from: number;
  to: number;
}

/**
 * The sales figures from the day rollups: the period's rows for the bottles, and for the last sale the
 * rows of the lookback days before the period's end (`lastSaleSearch`; never further back than the
 * cellar's first rollup day), so the rows read do not grow with the years of sales. A day's rollup of a
 * wine counts as a sale when its bottles add up to more than 0, as a sale line does when it took any (a
 * line never takes fewer than 0).
 */
export async function wineSalesFromRollups(
  snapshot: CellarSnapshot,
  period: DayPeriod,
  firstDay: Promise<string | undefined> = firstRollupDay(snapshot.ownerId),
): Promise<WineSales> {
  const sales: WineSales = { bottles: new Map(), lastSale: new Map() };
  const first = await firstDay;
  if (first === undefined || dayNumber(first) > period.to) return sales;
  const search = lastSaleSearch(period, dayNumber(first));
  if (!search.complete) sales.searchedFrom = search.from;
  const rows = await rollupRowsOf(snapshot, search.from, period.to);
  for (const row of rows) {
    if (row.day > period.to) continue;
    const id = row.ownWineId;
    if (row.units > 0 && row.day > (sales.lastSale.get(id) ?? -1)) sales.lastSale.set(id, row.day);
    if (row.day >= period.from) sales.bottles.set(id, (sales.bottles.get(id) ?? 0) + row.units);
  }
  return sales;
}

/**
 * The figures of `GET …/sales-analytics/menu-engineering`. `salesOf` answers the sales figures (the day
 * rollups; the integration test gives it the figures of the raw sales to show both answer the same).
 */
export async function menuEngineering(
  ownerId: string,
  query: MenuEngineeringQuery,
  salesOf: (
    snapshot: CellarSnapshot,
    period: DayPeriod,
    firstDay: Promise<string | undefined>,
  ) => Promise<WineSales> = wineSalesFromRollups,
): Promise<MenuEngineering> {
  const period = periodOf({
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  });
  const deadDays = query.deadDays ?? DEAD_STOCK_DAYS.default;
  // The first rollup day is read beside the cellar, not after it (a cold request's path).
  const firstDay = firstRollupDay(ownerId);
  firstDay.catch(() => {});
  const [snapshot, lists, categories] = await Promise.all([
    cellarSnapshot(ownerId),
    wineListContentsOf(ownerId),
    listCategories(ownerId),
  ]);
  const chosen = query.listId ? lists.filter((list) => list.id === query.listId) : lists;
  if (query.listId && chosen.length === 0) throw new NotFoundError();
  const { bottles, lastSale, searchedFrom } = await salesOf(snapshot, period, firstDay);
  const cellarWines = new Map(snapshot.wines.map((wine) => [wine.id, wine]));

  // The listed wines still in the cellar, each once, in list order.
  const listed: string[] = [];
  /** The first list that holds each wine (where its entry is opened). */
  const listOf = new Map<string, string>();
  for (const list of chosen)
    for (const id of list.ownWineIds)
      if (!listOf.has(id) && cellarWines.has(id)) {
        listOf.set(id, list.id);
        listed.push(id);
      }

  const vats = snapshot.cellar.vats;
  const items: MenuItem[] = [];
  const unpriced: MenuEngineering['unpriced'] = [];
  for (const id of listed) {
    const wine = cellarWines.get(id);
    if (!wine) continue;
    if (!wine.sellingPrice || wine.purchasePriceWovat === undefined) {
      unpriced.push({ ownWineId: id, wineDisplayName: wine.wineDisplayName });
      continue;
    }
    const net = withoutVat(wine.sellingPrice, vats[wine.mainCategoryId as MainCategory] ?? 0);
    items.push({ ownWineId: id, margin: net - wine.purchasePriceWovat, bottles: bottles.get(id) ?? 0 });
  }
  const { rows: classified, thresholds } = classifyMenu(items);

  const sectionOf = sectionFinder(categories.rows);
  const rows = classified.map((row) => {
    const wine = cellarWines.get(row.ownWineId);
    const price = wine?.sellingPrice ?? 0;
    const net = withoutVat(price, vats[wine?.mainCategoryId as MainCategory] ?? 0);
    const section = sectionOf(wine?.wineListCategoryId);
    return {
      ...row,
      wineDisplayName: wine?.wineDisplayName ?? '',
      ...(section ? { sectionId: section.id } : {}),
      listId: listOf.get(row.ownWineId) ?? '',
      sellingPrice: price,
      ...(net > 0 ? { marginPercentage: Math.round((row.margin / net) * 1000) / 10 } : {}),
    };
  });

  // Price ladders by section, in the categories' saved order, other wines last.
  const bySection = new Map<string, { ownWineId: string; price: number }[]>();
  for (const id of listed) {
    const wine = cellarWines.get(id);
    if (!wine?.sellingPrice) continue;
    const key = sectionOf(wine.wineListCategoryId)?.id ?? '';
    const prices = bySection.get(key) ?? [];
    prices.push({ ownWineId: id, price: wine.sellingPrice });
    bySection.set(key, prices);
  }
  const order = savedOrder(categories.rows);
  const names = new Map(categories.rows.map((c) => [c.id, c.name]));
  const sections = [...bySection.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : (order.get(a) ?? 0) - (order.get(b) ?? 0)))
    .map(([id, prices]) => ({
      id,
      name: names.get(id) ?? '',
      steps: priceLadder(prices).map((step) => ({
        ...step,
        wineDisplayName: cellarWines.get(step.ownWineId)?.wineDisplayName ?? '',
      })),
    }));

  // Dead stock: every wine of the cellar in stock, listed or not.
  const dead = deadStock(
    snapshot.wines.map((wine) => {
      const last = lastSale.get(wine.id) ?? -1;
      return {
        ownWineId: wine.id,
        stock: wine.quantity,
        ...(wine.purchasePriceWovat === undefined ? {} : { unitCost: wine.purchasePriceWovat }),
        ...(last >= 0 ? { lastSaleDay: last } : {}),
      };
    }),
    period.to,
    deadDays,
    searchedFrom,
  );

  return {
    from: isoOfDay(period.from),
    to: isoOfDay(period.to),
    currency: snapshot.cellar.baseCurrency,
    lists: lists.map((list) => ({ id: list.id, name: list.name })),
    ...(query.listId ? { listId: query.listId } : {}),
    thresholds,
    rows,
    unpriced,
    ladder: {
      gapPercent: LADDER_GAP_PERCENT,
      crowdingPercent: LADDER_CROWDING_PERCENT,
      crowdingMin: LADDER_CROWDING_MIN,
    },
    sections,
    deadStock: {
      days: deadDays,
      rows: dead.rows.slice(0, DEAD_STOCK_ROWS).map((row) => ({
        ...row,
        wineDisplayName: cellarWines.get(row.ownWineId)?.wineDisplayName ?? '',
      })),
      count: dead.rows.length,
      capital: dead.capital,
    },
  };
}
