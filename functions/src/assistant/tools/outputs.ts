/**
 * What each assistant tool answers as `ToolOutput.data`: the JSON the model reads and the local engine's
 * templates render. Money is integer minor units of `currency` (the cellar's base currency); every row of
 * a cellar wine carries `cellarWineId`, `name` (as the cellar shows it) and `vintage`, so an answer can
 * link it as `[name](kork:wine/<cellarWineId>)`. Lists are bounded; `count` is how many there are in all.
 */
import type { AssistantCartProposalItem, AssistantToolName, CurrencyCode, MainCategory } from '@kork/shared';

/** A cellar wine as a tool row names it. */
export interface WineRef {
  cellarWineId: string;
  /** The display name the cellar lists (producer, name and vintage, as `wineDisplayName`). */
  name: string;
  /** null is non-vintage. */
  vintage: number | null;
}

/** A bounded list: `rows` are the first `rows.length` of `count`. */
export interface RowList<R> {
  count: number;
  rows: R[];
}

export interface SearchCellarRow extends WineRef {
  bottles: number;
  category: MainCategory;
  country?: string;
  region?: string;
  /** Names of the locations holding its bottles (absent: none placed). */
  locations?: string[];
  /** Minor units of `currency`, with VAT. */
  purchasePrice?: number;
  sellingPrice?: number;
}

export interface SearchCellarData extends RowList<SearchCellarRow> {
  currency: CurrencyCode;
  /** Bottles of every match (not only the rows). */
  bottles: number;
}

export interface CategoryTotals {
  category: MainCategory;
  wines: number;
  bottles: number;
  purchaseValue: number;
  sellingValue: number;
}

export interface CellarTotalsData {
  currency: CurrencyCode;
  /** Wines in the cellar (rows), in stock or not. */
  wines: number;
  /** Wines with at least one bottle. */
  winesInStock: number;
  bottles: number;
  /** Bottles × purchase price with VAT. */
  purchaseValue: number;
  /** Bottles × selling price. */
  sellingValue: number;
  /** By category, most bottles first (only categories with wines). */
  byCategory: CategoryTotals[];
}

export interface DrinkNowRow extends WineRef {
  bottles: number;
  category: MainCategory;
  windowFrom?: number;
  windowTo?: number;
  /** The window ended before this year. */
  pastWindow: boolean;
}

export interface DrinkNowData extends RowList<DrinkNowRow> {
  year: number;
  /** Bottles of every wine counted. */
  bottles: number;
  /** Wines in stock past their window (counted whether or not they are in the rows). */
  pastWindow: number;
  /** Wines in stock with no drinking window at all (neither the owner's nor the catalogue's). */
  withoutWindow: number;
}

export interface PairWithFoodRow extends WineRef {
  bottles: number;
  category: MainCategory;
  /** The catalogue's pairings of the wine that matched the dish. */
  pairings: string[];
}

export interface PairWithFoodData extends RowList<PairWithFoodRow> {
  food: string;
  /** The catalogue's food values the dish was understood as (empty: a dish it does not know). */
  matchedFoods: string[];
}

export interface LowStockRow extends WineRef {
  bottles: number;
  /** Bottles sold over the last `periodDays` days. */
  soldInPeriod: number;
  /** Days the bottles last at that pace; null when none were sold. */
  daysLeft: number | null;
}

export interface LowStockData extends RowList<LowStockRow> {
  threshold: number;
  /** Days of sales the pace is measured over. */
  periodDays: number;
}

export interface ReorderRow extends WineRef {
  bottles: number;
  daysLeft: number | null;
  /** The catalogue wine (what a cart line takes). */
  wineId: string;
  supplierId: string;
  supplierName: string;
  /** The supplier's price of one bottle, minor units of `offerCurrency`. */
  unitPrice: number;
  offerCurrency: CurrencyCode;
  /** Bottles suggested: enough for about `coverDays` days at the pace sold, at least one case. */
  quantity: number;
}

export interface ReorderSuggestionsData extends RowList<ReorderRow> {
  threshold: number;
  coverDays: number;
  /** Low-stock wines no supplier offers (not in rows). */
  notOffered: number;
}

export interface SalesRow {
  /** Absent for a wine no longer in the cellar. */
  cellarWineId?: string;
  name: string;
  vintage: number | null;
  bottles: number;
  revenue: number;
  cost: number;
  margin: number;
  /** margin ÷ revenue in percent (one decimal); null without revenue. */
  marginPercent: number | null;
}

export interface SalesAndMarginsData extends RowList<SalesRow> {
  currency: CurrencyCode;
  from: string;
  to: string;
  order: 'margin_asc' | 'margin_desc' | 'revenue_desc' | 'bottles_desc';
  totals: { bottles: number; revenue: number; cost: number; margin: number; marginPercent: number | null };
}

export interface WineListRow {
  id: string;
  name: string;
  isPublic: boolean;
}

export interface WineListsOfWineData extends WineRef, RowList<WineListRow> {
  /** Whether the wine is printed on its lists now (in stock, in a visible category). */
  printed: boolean;
}

export interface ProposeCartData {
  proposalId: string;
  items: AssistantCartProposalItem[];
  /** Σ quantity × unitPrice per currency (offers are in one currency, NOK, in practice). */
  totals: { currency: CurrencyCode; amount: number }[];
  bottles: number;
}

export interface ProposePriceData extends WineRef {
  proposalId: string;
  currency: CurrencyCode;
  currentPrice: number | null;
  newPrice: number;
  purchasePrice?: number;
  /** Mark-up of the new price over the purchase price with VAT, percent; absent without a purchase price. */
  newSurcharge?: number;
}

/** Each tool's `data`. */
export interface ToolData {
  search_cellar: SearchCellarData;
  cellar_totals: CellarTotalsData;
  drink_now: DrinkNowData;
  pair_with_food: PairWithFoodData;
  low_stock: LowStockData;
  reorder_suggestions: ReorderSuggestionsData;
  sales_and_margins: SalesAndMarginsData;
  wine_lists_of_wine: WineListsOfWineData;
  propose_cart: ProposeCartData;
  propose_price: ProposePriceData;
}

export type ToolDataOf<N extends AssistantToolName> = ToolData[N];
