import * as z from 'zod/mini';
import type { HistoryEntry } from './cellar-wines';
import type { CurrencyCode } from './currencies';
import type { DutyMissing } from './duties';
import {
  crossCheck,
  idField,
  listField,
  MONEY_MAX_MINOR,
  moneyField,
  numberField,
  textField,
} from './schema-primitives';

/**
 * Price rules (SPEC §3 Price rule, §4 price calculator; docs/pricing.md). A rule set prices the wines
 * whose purchase price falls in one of its ranges: the selling price (VAT included, as every selling
 * price is) from the purchase price inc VAT, ex VAT (with duties) or ex VAT and without duties (the
 * importer's net price, the bottle's duties added back before VAT), by a fixed addition or a percentage,
 * taken in the set's direction; the glass price as a percentage of the new bottle price or a fixed value
 * per glass; both rounded. Money is integer minor units of the cellar's base currency.
 *
 * The math lives in price-rule-math.ts; this file is the contract: limits, the input schema and what
 * the routes answer.
 */

export const PRICE_RULE_LIMITS = {
  /** Rule sets per cellar. */
  ruleSetsMax: 50,
  /** Ranges per rule set. */
  rangesMax: 30,
  nameMax: 80,
  /** A percentage addition or glass share, in percent. */
  percentageMax: 1000,
  /** Category and location filters of one rule set. */
  filterIdsMax: 200,
  /** Wines one approval request names. */
  approveIdsMax: 1000,
  /** Wine list categories one rule set leaves out. */
  excludedCategoriesMax: 200,
  /** Wines one rule set leaves out. */
  excludedWinesMax: 500,
  /** The largest changes an impact lists each way. */
  impactLargestMax: 5,
} as const;

/**
 * The purchase price a set prices from: inc VAT (`incVat`), ex VAT with duties (`exVat`, as importers quote
 * HORECA prices and the cellar keeps them), or ex VAT without duties (`exVatNet`: the importer's net
 * price; the bottle's excise, packaging taxes and deposit are added back before VAT).
 */
export const PRICE_BASES = ['incVat', 'exVat', 'exVatNet'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];

export const PRICE_DIRECTIONS = ['increase', 'decrease'] as const;
export type PriceDirection = (typeof PRICE_DIRECTIONS)[number];

/**
 * Rounding of a computed price, in whole currency units: `none` (to the minor unit), to 1, 5 or 10,
 * or to the nearest price ending in 9 (…9) or 90 (…90). The direction decides which way: up when the
 * set increases, down when it decreases (docs/pricing.md).
 */
export const PRICE_ROUNDINGS = ['none', 'whole', 'five', 'ten', 'endsIn9', 'endsIn90'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

export const PRICE_KINDS = ['fixed', 'percentage'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** `fixed`: minor units; `percentage`: percent (decimals allowed). */
export interface PriceAdjustment {
  kind: PriceKind;
  value: number;
}

/** One purchase-price range: `from` inclusive, `to` exclusive (`null`: no upper end). */
export interface PriceRange {
  from: number;
  to: number | null;
  sellingPrice: PriceAdjustment;
  /** Absent: the rule leaves glass prices as they are. */
  glassPrice?: PriceAdjustment;
}

export interface PriceRuleSet {
  id: string;
  name: string;
  basis: PriceBasis;
  direction: PriceDirection;
  rounding: PriceRounding;
  ranges: PriceRange[];
  /** Only wines in these wine list categories (absent: every category). */
  categoryIds?: string[];
  /** Only wines with bottles in these locations (`uncategorized` included) (absent: everywhere). */
  locationIds?: string[];
  /** Never lowers a price: a computed price below the current one leaves the current one. */
  raiseOnly: boolean;
  /** Wines in these wine list categories (and the ones below them) are left as they are. */
  excludeCategoryIds?: string[];
  /** These wines are left as they are. */
  excludeWineIds?: string[];
  /** The set that proposes prices when a purchase price changes (price reviews). */
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * A percentage is bounded by `percentageMax`, a fixed amount by the largest sum of money; each out-of-range
 * value is refused with its own kind's range ("Must be between 0 and 1000" for a percentage).
 */
const adjustment = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('percentage'),
      value: numberField(0, PRICE_RULE_LIMITS.percentageMax),
    }),
    z.object({ kind: z.literal('fixed'), value: numberField(0, MONEY_MAX_MINOR) }),
  ],
  { error: 'invalidValue' },
);

const range = z
  .object({
    from: moneyField,
    to: z.nullable(moneyField),
    sellingPrice: adjustment,
    glassPrice: z.optional(adjustment),
  })
  .check(
    crossCheck(['from', 'to'], (r) => r.to === null || r.to > r.from, {
      error: 'priceRangeOrder',
      path: ['to'],
    }),
    crossCheck(
      ['sellingPrice'],
      (r) => r.sellingPrice.kind !== 'fixed' || Number.isInteger(r.sellingPrice.value),
      {
        error: 'wholeMinorUnits',
        path: ['sellingPrice', 'value'],
      },
    ),
    crossCheck(
      ['glassPrice'],
      (r) => r.glassPrice?.kind !== 'fixed' || Number.isInteger(r.glassPrice.value),
      {
        error: 'wholeMinorUnits',
        path: ['glassPrice', 'value'],
      },
    ),
  );

/** Ranges must not overlap (checked on the sorted list; the message names the later range). */
export function overlappingRange(ranges: readonly Pick<PriceRange, 'from' | 'to'>[]): number | undefined {
  const order = ranges.map((r, index) => ({ ...r, index })).sort((a, b) => a.from - b.from);
  for (let i = 1; i < order.length; i++) {
    const previous = order[i - 1] as (typeof order)[number];
    const current = order[i] as (typeof order)[number];
    if (previous.to === null || previous.to > current.from) return current.index;
  }
  return undefined;
}

const ruleSetFields = {
  name: textField(PRICE_RULE_LIMITS.nameMax, { min: 1 }),
  basis: z.enum(PRICE_BASES, { error: 'invalidValue' }),
  direction: z.enum(PRICE_DIRECTIONS, { error: 'invalidValue' }),
  rounding: z.enum(PRICE_ROUNDINGS, { error: 'invalidValue' }),
  ranges: listField(range, PRICE_RULE_LIMITS.rangesMax, { min: 1 }),
  categoryIds: z.optional(listField(idField, PRICE_RULE_LIMITS.filterIdsMax)),
  locationIds: z.optional(listField(idField, PRICE_RULE_LIMITS.filterIdsMax)),
  raiseOnly: z.optional(z.boolean({ error: 'mustBeTrueOrFalse' })),
  excludeCategoryIds: z.optional(listField(idField, PRICE_RULE_LIMITS.excludedCategoriesMax)),
  excludeWineIds: z.optional(listField(idField, PRICE_RULE_LIMITS.excludedWinesMax)),
  isDefault: z.optional(z.boolean({ error: 'mustBeTrueOrFalse' })),
};

const noOverlap = crossCheck<{ ranges?: unknown }>(
  ['ranges'],
  (set: unknown) => {
    const ranges = (set as { ranges?: readonly Pick<PriceRange, 'from' | 'to'>[] }).ranges;
    return !ranges || overlappingRange(ranges) === undefined;
  },
  { error: 'priceRangesOverlap', path: ['ranges'] },
);

/** `POST …/price-rules`. */
export const PriceRuleSetInput = z.object(ruleSetFields).check(noOverlap);
export type PriceRuleSetInput = z.infer<typeof PriceRuleSetInput>;

/** `PATCH …/price-rules/{ruleSetId}`: any of the fields; `categoryIds`/`locationIds` null clears the filter. */
export const PriceRuleSetUpdate = z
  .object({
    name: z.optional(ruleSetFields.name),
    basis: z.optional(ruleSetFields.basis),
    direction: z.optional(ruleSetFields.direction),
    rounding: z.optional(ruleSetFields.rounding),
    ranges: z.optional(ruleSetFields.ranges),
    categoryIds: z.optional(z.nullable(listField(idField, PRICE_RULE_LIMITS.filterIdsMax))),
    locationIds: z.optional(z.nullable(listField(idField, PRICE_RULE_LIMITS.filterIdsMax))),
    raiseOnly: ruleSetFields.raiseOnly,
    excludeCategoryIds: z.optional(z.nullable(listField(idField, PRICE_RULE_LIMITS.excludedCategoriesMax))),
    excludeWineIds: z.optional(z.nullable(listField(idField, PRICE_RULE_LIMITS.excludedWinesMax))),
    isDefault: ruleSetFields.isDefault,
  })
  .check(noOverlap);
export type PriceRuleSetUpdate = z.infer<typeof PriceRuleSetUpdate>;

/** `POST …/price-rules/{ruleSetId}/apply`: the owner confirmed that it cannot be undone. */
export const ApplyPriceRules = z.object({
  confirm: z.literal(true, { error: 'confirmRequired' }),
});
export type ApplyPriceRules = z.infer<typeof ApplyPriceRules>;

/** One wine a rule set touches: old and new prices, margin (%, ex VAT) and mark-up (%, inc VAT). */
export interface PricePreviewRow {
  ownWineId: string;
  wineDisplayName: string;
  mainCategoryId: string;
  quantity: number;
  /** The purchase price the range was chosen by (inc VAT, ex VAT or net of duties, as the set's basis says). */
  basisPrice: number;
  /** What the bottle costs: the purchase price without VAT, with duties; null without one. */
  costWithDuties: number | null;
  /** With the net basis: the bottle's duties (excise, packaging taxes, deposit) added back before VAT. */
  duties?: number;
  oldSellingPrice: number | null;
  newSellingPrice: number;
  oldGlassPrice: number | null;
  newGlassPrice: number | null;
  oldMargin: number | null;
  newMargin: number | null;
  oldMarkup: number | null;
  newMarkup: number | null;
  /** Index of the range that priced it. */
  rangeIndex: number;
}

/**
 * Why a wine a set would price is left as it is: its price is locked, the new one would be above the
 * largest sum of money, or (net basis) its duties are not known (no alcohol, or no rates for the day).
 */
export type PriceSkipReason = 'locked' | 'tooHigh' | 'dutiesMissing';

export interface PricePreviewSkipped {
  ownWineId: string;
  wineDisplayName: string;
  reason: PriceSkipReason;
  sellingPrice: number | null;
  /** With `dutiesMissing`: what the duties lack. */
  missing?: DutyMissing;
}

/** The rates a net-basis preview took the duties from: the day, the newest rate used, and whether that year's rates are not loaded yet. */
export interface PriceDutiesDate {
  date: string;
  ratesAsOf: string | null;
  stale: boolean;
}

/** One of the largest selling price changes of an impact. */
export interface PriceImpactChange {
  ownWineId: string;
  wineDisplayName: string;
  oldSellingPrice: number | null;
  newSellingPrice: number;
}

/**
 * What a rule set does to the selling prices it decides (docs/pricing.md): how many rise, fall and stay
 * (a wine without a selling price that gets one rises), the largest changes each way, and the stock
 * value at selling price (Σ selling price × bottles over the whole cellar) before and after.
 */
export interface PriceImpact {
  up: number;
  down: number;
  same: number;
  stockValueBefore: number;
  stockValueAfter: number;
  /** Largest rises first, at most PRICE_RULE_LIMITS.impactLargestMax. */
  largestRises: PriceImpactChange[];
  /** Largest falls first, at most PRICE_RULE_LIMITS.impactLargestMax. */
  largestFalls: PriceImpactChange[];
}

/** `POST …/price-rules/{ruleSetId}/preview` (and what apply wrote). */
export interface PricePreview {
  rows: PricePreviewRow[];
  /** Wines whose price changes (rows whose new prices equal the old ones are left out). */
  count: number;
  skipped: PricePreviewSkipped[];
  totals: {
    /** Σ selling price × bottles, before and after. */
    oldStockValue: number;
    newStockValue: number;
    oldAverageMargin: number | null;
    newAverageMargin: number | null;
  };
  impact: PriceImpact;
  currency: CurrencyCode;
  /** With the net basis: the rates the duties were taken from. */
  duties?: PriceDutiesDate;
}

/** `POST …/price-rules/{ruleSetId}/apply` answers how many wines changed and the preview it wrote. */
export interface PriceApplyResult extends PricePreview {
  applied: number;
}

/** A wine whose purchase price changed after its selling price was set (price reviews). */
export interface PriceReview {
  ownWineId: string;
  wineDisplayName: string;
  purchasePriceWovat: number | null;
  purchasePriceWvat: number | null;
  oldSellingPrice: number | null;
  newSellingPrice: number;
  oldGlassPrice: number | null;
  newGlassPrice: number | null;
  oldMarkup: number | null;
  newMarkup: number | null;
  purchasePriceChangedAt: string;
  /** The default rule set that proposed it; absent: the proposal keeps the wine's mark-up. */
  ruleSetId?: string;
}

export interface PriceReviewList {
  rows: PriceReview[];
  count: number;
  currency: CurrencyCode;
}

/** `POST …/price-reviews`: approve the proposed prices, or keep the current ones. */
export const PriceReviewDecision = z.object({
  action: z.enum(['approve', 'dismiss'], { error: 'invalidValue' }),
  /** The wines decided on; `all: true` decides every wine under review. */
  ownWineIds: z.optional(listField(idField, PRICE_RULE_LIMITS.approveIdsMax)),
  all: z.optional(z.boolean({ error: 'mustBeTrueOrFalse' })),
});
export type PriceReviewDecision = z.infer<typeof PriceReviewDecision>;

export interface PriceReviewOutcome {
  approved: number;
  dismissed: number;
  /** Wines that changed meanwhile (or left review): not written, still shown when they are due. */
  stale: string[];
}

/**
 * What an apply marks on the PRICE_CHANGED history entry of each wine it repriced (in `after`): the
 * rule set's id and name. A restore marks its entry with `restoredFrom`, the entry it restored.
 */
export const APPLIED_RULE_SET_FIELD = 'ruleSetId';
export const RESTORED_FROM_FIELD = 'restoredFrom';

/** Whether a history entry was written by applying a rule set (its wine can get its price back). */
export function isAppliedPriceEntry(entry: Pick<HistoryEntry, 'action' | 'after'>): boolean {
  return entry.action === 'PRICE_CHANGED' && typeof entry.after?.[APPLIED_RULE_SET_FIELD] === 'string';
}

/** Whether a history entry restored the price a wine had before an apply. */
export function isRestoredPriceEntry(entry: Pick<HistoryEntry, 'action' | 'after'>): boolean {
  return entry.action === 'PRICE_CHANGED' && typeof entry.after?.[RESTORED_FROM_FIELD] === 'string';
}

/** `POST …/users/{id}/price-restores`: set again the prices a wine had before an apply. */
export const RestoreAppliedPrice = z.object({ historyEntryId: idField });
export type RestoreAppliedPrice = z.infer<typeof RestoreAppliedPrice>;

export interface PriceRestoreResult {
  ownWineId: string;
  /** False when the wine already has those prices (nothing written). */
  restored: boolean;
  sellingPrice: number | null;
  pricePerGlass: number | null;
}
