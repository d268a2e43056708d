/**
 * What the evaluation's facts are computed from: a demo account's cellar, dashboard, sales, wine lists
 * and catalogue pairings, read at run time through the domains' services (never the assistant's tools,
 * whose answers are what is scored). A fact is a wine's name or a number as the services give it today,
 * so the set keeps working when the seed changes.
 */
import {
  type CellarDashboard,
  type CellarWine,
  CellarWineQuery,
  dayNumber,
  isoOfDay,
  LOW_STOCK_AT_MOST,
  type SalesAnalytics,
  todayIso,
  type WineListSummary,
} from '@kork/shared';
import * as z from 'zod/mini';
import { findUserByEmail } from '../../accounts/account-lookup';
import { getWines } from '../../catalog/wine-lookup';
import { cellarDashboard } from '../../cellar/dashboard/dashboard-service';
import { isDrinkNow, listOwnWines } from '../../cellar/wines/cellar-wine-reads';
import { salesAnalytics } from '../../sales-analytics/sales-analytics-service';
import { listWineLists, listWineMemberships } from '../../wine-lists/wine-list-reads';

export type DemoAccount = 'restaurant' | 'private';

export interface Period {
  from: string;
  to: string;
}

/** One account's data, read once per evaluation (its reads are memoised). */
export interface DemoData {
  account: DemoAccount;
  ownerId: string;
  now: Date;
  wines: CellarWine[];
  dashboard: CellarDashboard;
  lists: WineListSummary[];
  /** The sales analytics over a period. */
  sales(period: Period): Promise<SalesAnalytics>;
  /** The catalogue's food pairings of each cellar wine that has a catalogue wine, by cellar wine id. */
  pairings(): Promise<Map<string, string[]>>;
  /** The names of the lists a cellar wine is on. */
  listsOf(cellarWineId: string): Promise<string[]>;
}

export async function demoData(account: DemoAccount, now: Date): Promise<DemoData> {
  const user = await findUserByEmail(`${account}@kork.local`);
  if (!user) throw new Error(`no demo account ${account}@kork.local: seed the demo data first`);
  const ownerId = user.id;
  const wines: CellarWine[] = [];
  for (let page = 1; ; page++) {
    const query = z.parse(CellarWineQuery, { page: String(page), resultsPerPage: '500' });
    const { rows } = await listOwnWines(ownerId, query);
    wines.push(...rows);
    if (rows.length < 500) break;
  }
  const [dashboard, lists] = await Promise.all([cellarDashboard(ownerId, 'NOK'), listWineLists(ownerId)]);
  const sales = new Map<string, Promise<SalesAnalytics>>();
  let pairings: Promise<Map<string, string[]>> | undefined;
  return {
    account,
    ownerId,
    now,
    wines,
    dashboard,
    lists: lists.rows,
    sales(period) {
      const key = `${period.from}/${period.to}`;
      let found = sales.get(key);
      if (!found) {
        found = salesAnalytics(ownerId, { from: period.from, to: period.to });
        sales.set(key, found);
      }
      return found;
    },
    pairings() {
      pairings ??= (async () => {
        const withCatalogue = wines.filter((wine) => wine.wineId);
        const catalogue = await getWines(withCatalogue.map((wine) => wine.wineId as string));
        return new Map(
          withCatalogue.map((wine) => [wine.id, catalogue.get(wine.wineId as string)?.foodPairings ?? []]),
        );
      })();
      return pairings;
    },
    async listsOf(cellarWineId) {
      return (await listWineMemberships(ownerId, cellarWineId)).rows.map((row) => row.name);
    },
  };
}

// — Periods, as the questions name them (UTC days) —

const iso = (date: Date) => date.toISOString().slice(0, 10);

export function lastMonth(now: Date): Period {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return { from: iso(new Date(Date.UTC(y, m - 1, 1))), to: iso(new Date(Date.UTC(y, m, 0))) };
}

export function thisYear(now: Date): Period {
  return { from: `${now.getUTCFullYear()}-01-01`, to: todayIso(now) };
}

export function lastDays(now: Date, days: number): Period {
  const to = todayIso(now);
  return { from: isoOfDay(dayNumber(to) - (days - 1)), to };
}

// — Reads the facts are made of —

export const inStock = (wines: readonly CellarWine[]) => wines.filter((wine) => wine.quantity > 0);

/** Wines at or under the low-stock threshold (sold-out ones included). */
export const lowWines = (wines: readonly CellarWine[]) =>
  wines.filter((wine) => wine.quantity <= LOW_STOCK_AT_MOST);

export const bottlesOf = (wines: readonly CellarWine[]) =>
  wines.reduce((sum, wine) => sum + wine.quantity, 0);

/** Wines in stock in their drinking window in the year of `now`. */
export function drinkNowWines(data: DemoData, category?: string): CellarWine[] {
  const year = data.now.getUTCFullYear();
  return inStock(data.wines).filter(
    (wine) => (!category || wine.mainCategoryId === category) && isDrinkNow(wine, year),
  );
}

/** Of `items`, those sharing the smallest (or largest) `key`: a fact names any of them (ties are real). */
export function extremes<T>(items: readonly T[], key: (item: T) => number, largest = false): T[] {
  if (items.length === 0) return [];
  const values = items.map(key);
  const best = largest ? Math.max(...values) : Math.min(...values);
  return items.filter((_, i) => values[i] === best);
}

/** A cellar wine by a part of its name (the custom wines the seed gives the demo restaurant). */
export function wineNamed(data: DemoData, name: string): CellarWine {
  const wine = data.wines.find((w) => w.wineDisplayName.toLowerCase().includes(name.toLowerCase()));
  if (!wine) throw new Error(`${data.account}'s cellar has no wine named ${name}`);
  return wine;
}
