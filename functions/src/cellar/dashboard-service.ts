/** The cellar home (SPEC §2 /wine-cellar/home): totals, what to drink this year, low stock, recent history. */
import {
  type CellarDashboard,
  type CurrencyCode,
  convertMinor,
  type InventoryTotals,
  LOW_STOCK_AT_MOST,
} from '@kork/shared';
import { cellarOf } from './cellar-service';
import { isDrinkNow, totalsOf } from './cellar-wine-service';
import { inventoryOf, toCellarWine } from './cellar-wine-store';
import { latestRates } from './exchange-rate-service';
import { recentHistory } from './history-service';
import { locationsOf } from './location-store';

const LIST_SIZE = 8;

export async function cellarDashboard(ownerId: string, viewCurrency: CurrencyCode): Promise<CellarDashboard> {
  const [cellar, records, history, rates, locations] = await Promise.all([
    cellarOf(ownerId),
    inventoryOf(ownerId),
    recentHistory(ownerId, LIST_SIZE),
    latestRates(),
    locationsOf(ownerId),
  ]);
  const wines = records.map((record) => toCellarWine(record, cellar.baseCurrency));
  const totals = totalsOf(wines);
  const convert = (amount: number) =>
    convertMinor(amount, cellar.baseCurrency, viewCurrency, rates.nokPerUnit);
  const viewTotals: InventoryTotals = {
    ...totals,
    purchaseValue: convert(totals.purchaseValue),
    sellingValue: convert(totals.sellingValue),
  };
  const byName = (a: { wineDisplayName: string }, b: { wineDisplayName: string }) =>
    a.wineDisplayName.localeCompare(b.wineDisplayName, 'nb');
  const drinkNow = wines.filter((wine) => wine.quantity > 0 && isDrinkNow(wine)).sort(byName);
  const lowStock = wines
    .filter((wine) => wine.quantity <= LOW_STOCK_AT_MOST)
    .sort((a, b) => a.quantity - b.quantity || byName(a, b));
  const base = rates.nokPerUnit[cellar.baseCurrency] ?? 1;
  const view = rates.nokPerUnit[viewCurrency] ?? 1;
  return {
    baseCurrency: cellar.baseCurrency,
    viewCurrency,
    rate:
      viewCurrency === cellar.baseCurrency
        ? undefined
        : { value: base / view, date: rates.date, source: rates.source },
    totals,
    viewTotals,
    drinkNow: drinkNow.slice(0, LIST_SIZE),
    lowStock: lowStock.slice(0, LIST_SIZE),
    recentHistory: history,
    locations: locations.length,
  };
}
