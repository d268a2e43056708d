/**
 * The evaluation's facts, read at run time from the domains' services (demo-data.ts): the wine names and
 * figures an answer must hold. Where the data has nothing to show (no sales in a period, no wine for a
 * dish), the fact is what an honest answer says instead.
 */
import type { AssistantToolName, CellarWine, Locale, SalesAnalytics, WineFigures } from '@kork/shared';
import {
  type DemoAccount,
  type DemoData,
  drinkNowWines,
  extremes,
  inStock,
  lastDays,
  lowWines,
  type Period,
} from './demo-data';

export type Fact =
  /** One of these texts (a wine's or a list's name) is in the answer. */
  | { label: string; anyOf: string[] }
  /** A whole number, written in either language's way. */
  | { label: string; number: number }
  /** An amount in minor units: its whole part, in either language's way. */
  | { label: string; money: number };

export interface EvalQuestion {
  id: string;
  account: DemoAccount;
  locale: Locale;
  /** The question as typed, or made from the data (a wine's name the cellar really holds). */
  text: string | ((data: DemoData) => Promise<string> | string);
  /** Tools the answer must call (all of them; an empty list: none may run). */
  tools: AssistantToolName[];
  facts(data: DemoData): Promise<Fact[]> | Fact[];
}

export const names = (label: string, wines: readonly { wineDisplayName: string }[]): Fact => ({
  label,
  anyOf: wines.map((wine) => wine.wineDisplayName),
});
export const count = (label: string, number: number): Fact => ({ label, number });
export const money = (label: string, minor: number): Fact => ({ label, money: minor });
export const phrase = (label: string, ...anyOf: string[]): Fact => ({ label, anyOf });

/** The cellar's name of a sold wine (the sales keep the name it had when sold, for a wine since removed). */
function soldNames(data: DemoData, label: string, figures: readonly WineFigures[]): Fact {
  const byId = new Map(data.wines.map((wine) => [wine.id, wine.wineDisplayName]));
  return { label, anyOf: figures.map((f) => byId.get(f.ownWineId) ?? f.wineDisplayName) };
}

export async function salesFacts(
  data: DemoData,
  period: Period,
  key: (f: WineFigures) => number,
  largest: boolean,
  total: (s: SalesAnalytics) => Fact,
): Promise<Fact[]> {
  const sales = await data.sales(period);
  if (sales.byWine.length === 0) return [phrase('no sales', period.from.slice(0, 4))];
  return [soldNames(data, 'the wine at the top', extremes(sales.byWine, key, largest)), total(sales)];
}

/** Wines in stock whose catalogue pairings hold `food` (Vinmonopolet's value, "Lam og sau"). */
export async function pairingFacts(data: DemoData, food: string, none: string): Promise<Fact[]> {
  const pairings = await data.pairings();
  const found = inStock(data.wines).filter((wine) => pairings.get(wine.id)?.includes(food));
  if (found.length === 0) return [phrase('nothing pairs', none)];
  return [count('wines that pair', found.length), names('a wine that pairs', found)];
}

export function drinkFacts(data: DemoData, category?: string): Fact[] {
  const found = drinkNowWines(data, category);
  if (found.length === 0) return [count('the year', data.now.getUTCFullYear())];
  return [count('wines to drink now', found.length), names('a wine to drink now', found)];
}

export function lowFacts(data: DemoData): Fact[] {
  const low = lowWines(data.wines);
  return low.length === 0
    ? [phrase('none low', '2')]
    : [count('wines running low', low.length), names('a wine running low', low)];
}

/** Wines to reorder: catalogue wines running low, or selling out within two weeks at the last 90 days' pace. */
export async function reorderFacts(data: DemoData): Promise<Fact[]> {
  const sales = await data.sales(lastDays(data.now, 90));
  const soon = new Set(
    sales.byWine.filter((f) => (f.daysOfStockLeft ?? Infinity) <= 14).map((f) => f.ownWineId),
  );
  const candidates = data.wines.filter((wine) => wine.wineId && (wine.quantity <= 2 || soon.has(wine.id)));
  return [names('a wine to reorder', candidates)];
}

/** The wines on the restaurant's lists, in the cellar's name order (the n-th is asked about). */
export async function listedWine(data: DemoData, n: number): Promise<CellarWine> {
  let seen = 0;
  const wines = inStock(data.wines).sort((a, b) => a.wineDisplayName.localeCompare(b.wineDisplayName, 'nb'));
  for (const wine of wines) {
    if ((await data.listsOf(wine.id)).length > 0 && seen++ === n) return wine;
  }
  throw new Error(`${data.account}'s cellar has fewer than ${n + 1} wines on a list`);
}

export async function listFacts(data: DemoData, n: number): Promise<Fact[]> {
  const wine = await listedWine(data, n);
  const lists = await data.listsOf(wine.id);
  return [names('the wine', [wine]), ...lists.map((list) => phrase(`list ${list}`, list))];
}

export const totals = (data: DemoData) => data.dashboard.totals;
