import * as z from 'zod/mini';
import { intParam } from './catalog';
import type { CurrencyCode } from './currencies';
import { crossCheck, EARLIEST_DATE, isoDateField } from './schema-primitives';

/**
 * Sales analytics (SPEC §2 /wine-cellar/sales-analytics): revenue, units and gross margin over a period,
 * by day, week or month, by category, country and wine; top and bottom sellers; stock turnover and days
 * of stock left; shrinkage from stock counts. The definitions are in docs/stock.md:
 *
 * - revenue: Σ units × unit price **without VAT** (the sale's price less the style's VAT when sold);
 * - revenueWithVat: the same with VAT, what was paid;
 * - cost: Σ units × purchase price without VAT when sold — with duties (excise, packaging taxes, deposit),
 *   as the cellar keeps it (docs/duties.md) — (lines without a purchase price count no cost and are
 *   counted in `unitsWithoutCost`);
 * - gross margin: revenue − cost; margin percentage: margin ÷ revenue × 100;
 * - stock turnover of a wine: bottles sold in the period ÷ bottles in stock now (0 stock: absent);
 * - days of stock left: bottles now ÷ (bottles sold in the period ÷ days in the period);
 * - shrinkage: bottles (and their value at purchase price) that finished counts dated in the period found
 *   missing: a count's negative differences, which no sale explains since sales leave stock when recorded.
 *
 * Weeks are ISO weeks (Monday first), named by their Monday. Money is minor units of the cellar's base
 * currency.
 */

export const ANALYTICS_GROUPS = ['day', 'week', 'month'] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];

/** The longest period one request covers. */
export const ANALYTICS_MAX_DAYS = 3 * 366;

const analyticsDay = isoDateField({
  min: EARLIEST_DATE,
  max: () => `${new Date().getUTCFullYear() + 1}-12-31`,
});

/** `GET …/sales-analytics`: the last 365 days by month when nothing is given. */
export const SalesAnalyticsQuery = z
  .object({
    from: z.optional(analyticsDay),
    to: z.optional(analyticsDay),
    groupBy: z.optional(z.enum(ANALYTICS_GROUPS, { error: 'invalidValue' })),
    /** How many wines the top and bottom lists hold (10 when absent). */
    top: intParam(1, 100),
  })
  .check(
    crossCheck(['from', 'to'], (q) => !q.from || !q.to || q.from <= q.to, {
      error: 'periodOrder',
      path: ['to'],
    }),
  );
export type SalesAnalyticsQuery = z.infer<typeof SalesAnalyticsQuery>;

export interface SalesFigures {
  revenue: number;
  revenueWithVat: number;
  cost: number;
  margin: number;
  /** margin ÷ revenue × 100, one decimal; absent when there was no revenue. */
  marginPercentage?: number;
  units: number;
  /** Bottles sold by the glass. */
  glassUnits: number;
  sales: number;
  unitsWithoutCost: number;
}

export interface PeriodFigures extends SalesFigures {
  /** The period's first day, YYYY-MM-DD (a week's Monday, a month's 1st). */
  period: string;
}

export interface GroupFigures extends SalesFigures {
  /** A main category id, or a country name ('' for none). */
  key: string;
}

export interface WineFigures extends SalesFigures {
  ownWineId: string;
  wineDisplayName: string;
  mainCategoryId?: string;
  country?: string;
  /** Bottles in stock now (absent for a wine no longer in the cellar). */
  stock?: number;
  /** units ÷ stock; absent when the stock is 0 or unknown. */
  turnover?: number;
  /** stock ÷ units per day; absent when nothing sold. */
  daysOfStockLeft?: number;
}

export interface ShrinkageFigures {
  bottles: number;
  value: number;
  /** The finished counts dated in the period, each with what it found missing. */
  counts: { id: string; date: string; name?: string; bottles: number; value: number }[];
}

export interface SalesAnalytics {
  from: string;
  to: string;
  groupBy: AnalyticsGroup;
  currency: CurrencyCode;
  totals: SalesFigures;
  series: PeriodFigures[];
  byCategory: GroupFigures[];
  byCountry: GroupFigures[];
  /** Every wine sold in the period, most revenue first. */
  byWine: WineFigures[];
  /** Most units first. */
  topSellers: WineFigures[];
  /** Wines in stock that sold least (0 included), fewest first. */
  bottomSellers: WineFigures[];
  shrinkage: ShrinkageFigures;
}
