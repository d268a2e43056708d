import type { CurrencyCode } from '../currencies';
import type { HistoryEntry } from './history';
import type { CellarWine, InventoryTotals } from './wines';

/** The cellar home's figures. */

/** An exchange rate held in the table: how many NOK one unit costs, on a date, from a source. */
export interface ExchangeRate {
  currency: CurrencyCode;
  nokPerUnit: number;
  date: string;
  source: string;
}

/** `GET …/dashboard`: the cellar home. Amounts in minor units of `baseCurrency`, and of `viewCurrency` converted. */
export interface CellarDashboard {
  baseCurrency: CurrencyCode;
  viewCurrency: CurrencyCode;
  /** Base → view; absent when the two are the same. */
  rate?: { value: number; date: string; source: string };
  totals: InventoryTotals;
  /** The same totals in the viewer's currency. */
  viewTotals: InventoryTotals;
  /** Wines whose drinking window includes this year. */
  drinkNow: CellarWine[];
  /**
   * Wines at or below the low-stock threshold (LOW_STOCK_AT_MOST), most urgent first: those with 0
   * bottles, then those still running (fewest first), each by name. At most a few of each, so wines at 0
   * never crowd out the ones about to run out; `lowStockCount` tells how many there are in all.
   */
  lowStock: CellarWine[];
  lowStockCount: { outOfStock: number; runningLow: number };
  recentHistory: HistoryEntry[];
  locations: number;
}

/** The cellar home's low-stock threshold: a wine with this many bottles or fewer is low. */
export const LOW_STOCK_AT_MOST = 2;
