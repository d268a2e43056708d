import * as z from 'zod/mini';
import { intParam } from './catalog';
import type { CurrencyCode } from './currencies';
import { crossCheck, EARLIEST_DATE, idField, isoDateField } from './schema-primitives';

/**
 * Wine-list engineering (menu engineering after Kasavana & Smith, for a wine list; docs/sales-analytics.md):
 * every wine on the cellar's lists is placed by its contribution margin and its popularity over a period.
 *
 * - contribution margin per bottle: the selling price without VAT (the style's VAT) − the purchase price
 *   without VAT, both as the wine has them now;
 * - bottles: bottles sold in the period; a bottle sold by the glass counts as the bottle it is (a sale of
 *   glasses records the bottle they were poured from), a till's single glasses count the bottles they
 *   emptied;
 * - margin threshold: the mean contribution margin of the listed wines **weighted by bottles sold**
 *   (Σ margin × bottles ÷ Σ bottles, Kasavana & Smith's average contribution margin); the plain mean when
 *   nothing sold;
 * - popularity threshold: 70 % of a fair share of the whole list (or of every list together):
 *   0.7 × total bottles ÷ number of listed wines;
 * - high margin: margin ≥ the threshold; high popularity: bottles ≥ the threshold.
 *
 * Star: high both (keep); Plowhorse: low margin, high popularity (re-price); Puzzle: high margin, low
 * popularity (feature it on the list); Dog: low both (drop it).
 *
 * Each list section's price ladder (selling prices with VAT, lowest first) flags a gap where a price is
 * more than 50 % above the one below it, and crowding where three or more wines sit within 5 % of each
 * other. Dead stock: wines in stock with no sale in the last N days of the period (90 by default), and
 * the capital they hold at purchase price without VAT. Money is minor units of the cellar's base currency.
 */

export const MENU_CLASSES = ['star', 'plowhorse', 'puzzle', 'dog'] as const;
export type MenuClass = (typeof MENU_CLASSES)[number];

export const MENU_ACTIONS = { star: 'keep', plowhorse: 'reprice', puzzle: 'feature', dog: 'drop' } as const;
export type MenuAction = (typeof MENU_ACTIONS)[MenuClass];

/** A wine's popularity is high from this share of a fair share of the bottles sold. */
export const POPULARITY_SHARE = 0.7;
/** A price more than this many percent above the one below it leaves a gap in the ladder. */
export const LADDER_GAP_PERCENT = 50;
/** Wines whose prices are within this many percent of each other crowd… */
export const LADDER_CROWDING_PERCENT = 5;
/** …when there are at least this many. */
export const LADDER_CROWDING_MIN = 3;

export const DEAD_STOCK_DAYS = { default: 90, min: 7, max: 730 } as const;

/**
 * How far back, from the period's end, a wine's last sale is looked for (the most dead-stock days one
 * may ask for). Older sales are not read, so the cost stays the same whatever the years of sales behind
 * it: a wine with none in these days shows "730+" days since a sale rather than the exact number.
 */
export const LAST_SALE_LOOKBACK_DAYS = DEAD_STOCK_DAYS.max;

/**
 * The first day (day number) the last sales are looked for from, and whether that reaches the cellar's
 * first sale (then a wine with none found never sold). The period's own days are always read.
 */
export function lastSaleSearch(
  period: { from: number; to: number },
  firstSaleDay: number,
): { from: number; complete: boolean } {
  const window = Math.min(period.from, period.to - LAST_SALE_LOOKBACK_DAYS + 1);
  return window <= firstSaleDay ? { from: firstSaleDay, complete: true } : { from: window, complete: false };
}

const engineeringDay = isoDateField({
  min: EARLIEST_DATE,
  max: () => `${new Date().getUTCFullYear() + 1}-12-31`,
});

/** `GET …/sales-analytics/menu-engineering`: the period as sales analytics takes it (the last 365 days). */
export const MenuEngineeringQuery = z
  .object({
    from: z.optional(engineeringDay),
    to: z.optional(engineeringDay),
    /** One list only; every list of the cellar together when absent. */
    listId: z.optional(idField),
    /** Dead stock: no sale in this many days up to the period's end. */
    deadDays: intParam(DEAD_STOCK_DAYS.min, DEAD_STOCK_DAYS.max),
  })
  .check(
    crossCheck(['from', 'to'], (q) => !q.from || !q.to || q.from <= q.to, {
      error: 'periodOrder',
      path: ['to'],
    }),
  );
export type MenuEngineeringQuery = z.infer<typeof MenuEngineeringQuery>;

export interface MenuItem {
  ownWineId: string;
  /** Contribution margin per bottle, minor units. */
  margin: number;
  /** Bottles sold in the period. */
  bottles: number;
}

export interface MenuThresholds {
  /** The bottles-weighted mean contribution margin. */
  margin: number;
  /** 0.7 × a fair share, bottles. */
  popularity: number;
  /** total bottles ÷ wines. */
  fairShare: number;
  popularityShare: number;
  wines: number;
  bottles: number;
}

export interface ClassifiedItem extends MenuItem {
  class: MenuClass;
  action: MenuAction;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The thresholds of a list (see the module's note). */
export function menuThresholds(items: readonly MenuItem[]): MenuThresholds {
  let bottles = 0;
  let weighted = 0;
  let plain = 0;
  for (const item of items) {
    bottles += item.bottles;
    weighted += item.margin * item.bottles;
    plain += item.margin;
  }
  const wines = items.length;
  const margin = wines === 0 ? 0 : bottles > 0 ? weighted / bottles : plain / wines;
  const fairShare = wines === 0 ? 0 : bottles / wines;
  return {
    margin: Math.round(margin),
    popularity: round2(POPULARITY_SHARE * fairShare),
    fairShare: round2(fairShare),
    popularityShare: POPULARITY_SHARE,
    wines,
    bottles: round2(bottles),
  };
}

/** Kasavana–Smith's four classes for every item, with the thresholds they were judged by. */
export function classifyMenu(items: readonly MenuItem[]): {
  rows: ClassifiedItem[];
  thresholds: MenuThresholds;
} {
  const thresholds = menuThresholds(items);
  // Compared unrounded, so a wine exactly at the mean is high.
  let bottles = 0;
  let weighted = 0;
  for (const item of items) {
    bottles += item.bottles;
    weighted += item.margin * item.bottles;
  }
  const marginLine =
    bottles > 0
      ? weighted / bottles
      : items.reduce((sum, i) => sum + i.margin, 0) / Math.max(1, items.length);
  const popularityLine = items.length === 0 ? 0 : (POPULARITY_SHARE * bottles) / items.length;
  const rows = items.map((item): ClassifiedItem => {
    const highMargin = item.margin >= marginLine - 1e-9;
    const popular = item.bottles > 0 && item.bottles >= popularityLine - 1e-9;
    const klass: MenuClass = highMargin ? (popular ? 'star' : 'puzzle') : popular ? 'plowhorse' : 'dog';
    return { ...item, class: klass, action: MENU_ACTIONS[klass] };
  });
  return { rows, thresholds };
}

// — Price ladders —

export interface LadderStep {
  ownWineId: string;
  /** Selling price with VAT, minor units. */
  price: number;
  /** Percent above the step below, when that is a gap. */
  gapPercent?: number;
  /** In a group of crowding prices. */
  crowded: boolean;
}

/** A section's prices lowest first, with gaps and crowding flagged (the module's note). */
export function priceLadder(
  prices: readonly { ownWineId: string; price: number }[],
  gapPercent = LADDER_GAP_PERCENT,
  crowdingPercent = LADDER_CROWDING_PERCENT,
  crowdingMin = LADDER_CROWDING_MIN,
): LadderStep[] {
  const steps: LadderStep[] = [...prices]
    .filter((p) => p.price > 0)
    .sort((a, b) => a.price - b.price || a.ownWineId.localeCompare(b.ownWineId))
    .map((p) => ({ ownWineId: p.ownWineId, price: p.price, crowded: false }));
  for (let i = 1; i < steps.length; i++) {
    const below = (steps[i - 1] as LadderStep).price;
    const step = steps[i] as LadderStep;
    const rise = ((step.price - below) / below) * 100;
    if (rise > gapPercent) step.gapPercent = Math.round(rise);
  }
  for (let i = 0; i < steps.length; i++) {
    const low = (steps[i] as LadderStep).price;
    let j = i;
    while (j + 1 < steps.length && (steps[j + 1] as LadderStep).price <= low * (1 + crowdingPercent / 100))
      j++;
    if (j - i + 1 >= crowdingMin) for (let k = i; k <= j; k++) (steps[k] as LadderStep).crowded = true;
  }
  return steps;
}

// — Dead stock —

export interface StockHolding {
  ownWineId: string;
  stock: number;
  /** Purchase price without VAT per bottle. */
  unitCost?: number;
  /** The day (day number) of its last sale on or before the period's end. */
  lastSaleDay?: number;
}

export interface DeadStockRow {
  ownWineId: string;
  stock: number;
  /** stock × purchase price without VAT (0 without a purchase price). */
  capital: number;
  /** Days since its last sale; absent when it never sold, or sold only before the days searched. */
  daysSinceSale?: number;
  /**
   * No sale in the days searched (`LAST_SALE_LOOKBACK_DAYS`), and older sales were not read: the days
   * since a sale are at least this many.
   */
  atLeastDays?: number;
}

/**
 * Wines in stock with no sale in the `days` days up to `asOf` (both day numbers), most capital first.
 * `searchedFrom`: the first day the last sales were looked for, when that did not reach the first sale.
 */
export function deadStock(
  holdings: Iterable<StockHolding>,
  asOf: number,
  days: number,
  searchedFrom?: number,
): { rows: DeadStockRow[]; capital: number } {
  const rows: DeadStockRow[] = [];
  let capital = 0;
  for (const h of holdings) {
    if (h.stock <= 0) continue;
    if (h.lastSaleDay !== undefined && h.lastSaleDay > asOf - days) continue;
    const held = Math.round(h.stock * (h.unitCost ?? 0));
    capital += held;
    const row: DeadStockRow = { ownWineId: h.ownWineId, stock: h.stock, capital: held };
    if (h.lastSaleDay !== undefined) row.daysSinceSale = asOf - h.lastSaleDay;
    // A sale the day before the first searched one would be asOf − searchedFrom + 1 days ago.
    else if (searchedFrom !== undefined) row.atLeastDays = asOf - searchedFrom + 1;
    rows.push(row);
  }
  rows.sort((a, b) => b.capital - a.capital || a.ownWineId.localeCompare(b.ownWineId));
  return { rows, capital };
}

// — The answer —

export interface MenuEngineeringRow extends ClassifiedItem {
  wineDisplayName: string;
  /** The list section (wine-list category) it prints under; absent: other wines. */
  sectionId?: string;
  /** The first list that holds it. */
  listId: string;
  /** Selling price with VAT, minor units. */
  sellingPrice: number;
  /** margin ÷ price without VAT × 100, one decimal. */
  marginPercentage?: number;
}

export interface MenuEngineering {
  from: string;
  to: string;
  currency: CurrencyCode;
  /** The cellar's lists, to choose one. */
  lists: { id: string; name: string }[];
  listId?: string;
  thresholds: MenuThresholds;
  rows: MenuEngineeringRow[];
  /** Listed wines that cannot be placed: no selling price or no purchase price. */
  unpriced: { ownWineId: string; wineDisplayName: string }[];
  ladder: { gapPercent: number; crowdingPercent: number; crowdingMin: number };
  sections: {
    /** A wine-list category id, or '' for wines of no category. */
    id: string;
    name: string;
    steps: (LadderStep & { wineDisplayName: string })[];
  }[];
  deadStock: {
    days: number;
    /** Wines, at most 100, most capital first. */
    rows: (DeadStockRow & { wineDisplayName: string })[];
    count: number;
    capital: number;
  };
}
