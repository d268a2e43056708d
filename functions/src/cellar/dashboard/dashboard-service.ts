/**
 * The cellar home (SPEC §2 /wine-cellar/home): totals, what to drink this year, low stock, recent history.
 * It reads the cellar's snapshot (cellar-snapshot.ts), so a dashboard costs one small read when nothing
 * changed; its lists are worked out once per snapshot and year.
 */
import {
  type CellarDashboard,
  type CellarWine,
  type CurrencyCode,
  convertMinor,
  type InventoryTotals,
  LOW_STOCK_AT_MOST,
} from '@kork/shared';
import { optionalEnv } from '../../platform/env';
import { latestRates } from '../currency/exchange-rate-service';
import { type CellarSnapshot, cellarSnapshot, isDrinkNow, totalsOf } from '../kernel/cellar-snapshot';

const LIST_SIZE = 8;

type Rates = Awaited<ReturnType<typeof latestRates>>;

/** How long an instance keeps the exchange rates it read (a new day's rates arrive once a day). */
function ratesMaxAgeMs(): number {
  return Number(optionalEnv('EXCHANGE_RATES_MAX_AGE_MS', '300000'));
}

let rates: { at: number; value: Promise<Rates> } | undefined;

/** The newest rates, read at most once per maximum age by this instance. */
function currentRates(): Promise<Rates> {
  const now = Date.now();
  if (!rates || now - rates.at >= ratesMaxAgeMs()) {
    const value = latestRates();
    const entry = { at: now, value };
    rates = entry;
    value.catch(() => {
      if (rates === entry) rates = undefined;
    });
  }
  return rates.value;
}

interface DashboardLists {
  totals: InventoryTotals;
  drinkNow: CellarWine[];
  lowStock: CellarWine[];
  lowStockCount: CellarDashboard['lowStockCount'];
}

/**
 * Totals, wines in their window this year (by name) and low stock: the wines at or below the threshold,
 * most urgent first — up to LIST_SIZE with 0 bottles, then up to LIST_SIZE still running (fewest first),
 * each by name — and how many there are of each. A cellar with many sold-out wines still shows the
 * ones about to run out.
 */
function listsOf(snapshot: CellarSnapshot, year: number): DashboardLists {
  const wines = snapshot.wines;
  const drinkNow: CellarWine[] = [];
  const outOfStock: CellarWine[] = [];
  const runningLow: CellarWine[] = [];
  for (const position of snapshot.inventory.byName()) {
    const wine = wines[position] as CellarWine;
    if (drinkNow.length < LIST_SIZE && wine.quantity > 0 && isDrinkNow(wine, year)) drinkNow.push(wine);
    if (wine.quantity <= 0) outOfStock.push(wine);
    else if (wine.quantity <= LOW_STOCK_AT_MOST) runningLow.push(wine);
  }
  // A stable sort keeps the name order within each quantity.
  runningLow.sort((a, b) => a.quantity - b.quantity);
  return {
    totals: totalsOf(wines),
    drinkNow,
    lowStock: [...outOfStock.slice(0, LIST_SIZE), ...runningLow.slice(0, LIST_SIZE)],
    lowStockCount: { outOfStock: outOfStock.length, runningLow: runningLow.length },
  };
}

export async function cellarDashboard(ownerId: string, viewCurrency: CurrencyCode): Promise<CellarDashboard> {
  const [snapshot, latest] = await Promise.all([cellarSnapshot(ownerId), currentRates()]);
  const { baseCurrency } = snapshot.cellar;
  const year = new Date().getUTCFullYear();
  const { totals, drinkNow, lowStock, lowStockCount } = snapshot.derived(`dashboard:${year}`, (s) =>
    listsOf(s, year),
  );
  const convert = (amount: number) => convertMinor(amount, baseCurrency, viewCurrency, latest.nokPerUnit);
  const viewTotals: InventoryTotals = {
    ...totals,
    purchaseValue: convert(totals.purchaseValue),
    sellingValue: convert(totals.sellingValue),
  };
  const base = latest.nokPerUnit[baseCurrency] ?? 1;
  const view = latest.nokPerUnit[viewCurrency] ?? 1;
  return {
    baseCurrency,
    viewCurrency,
    rate:
      viewCurrency === baseCurrency
        ? undefined
        : { value: base / view, date: latest.date, source: latest.source },
    totals,
    viewTotals,
    drinkNow,
    lowStock,
    lowStockCount,
    recentHistory: snapshot.recentHistory.slice(0, LIST_SIZE),
    locations: snapshot.locations.length,
  };
}

/** Forgets the rates read (tests that store new rates). */
export function resetDashboardRates(): void {
  rates = undefined;
}
