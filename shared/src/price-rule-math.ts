import { withoutVat } from './cellar';
import { surcharge } from './cellar-pricing';
import { UNCATEGORIZED } from './cellar-wines';
import type { CurrencyCode } from './currencies';
import type { DutyMissing } from './duties';
import type {
  PriceAdjustment,
  PriceDirection,
  PriceImpact,
  PriceImpactChange,
  PricePreview,
  PricePreviewRow,
  PricePreviewSkipped,
  PriceRange,
  PriceRounding,
  PriceRuleSet,
} from './price-rules';
import { PRICE_RULE_LIMITS } from './price-rules';
import { MONEY_MAX_MINOR } from './schema-primitives';

/**
 * The math of price rules (docs/pricing.md): which range prices a wine, the new selling and glass price,
 * rounding, margin and mark-up, and a whole preview. Pure functions in integer minor units; the API
 * previews and applies with them, the web page can show the same numbers.
 */

/** Minor units in one whole currency unit. */
const UNIT = 100;

/** What the math reads of a wine (a CellarWine has all of it). */
export interface PricedWine {
  id: string;
  wineDisplayName: string;
  mainCategoryId: string;
  quantity: number;
  purchasePriceWovat?: number | null;
  purchasePriceWvat?: number | null;
  sellingPrice?: number | null;
  pricePerGlass?: number | null;
  /** Centilitres per glass; with a glass price, what makes a wine sold by the glass. */
  glassSize?: number | null;
  sellingPriceLocked?: boolean;
  wineListCategoryId?: string | null;
  placements: readonly { locationId: string | null; quantity: number }[];
}

/** The parts of a rule set that price a wine (`raiseOnly` and the exclusions absent: off, none). */
export type PriceRules = Pick<
  PriceRuleSet,
  'basis' | 'direction' | 'rounding' | 'ranges' | 'categoryIds' | 'locationIds'
> &
  Partial<Pick<PriceRuleSet, 'raiseOnly' | 'excludeCategoryIds' | 'excludeWineIds'>>;

/**
 * A rule set's filters as sets: the wine list category ids a wine must be in (`uncategorized`: none)
 * and the location keys a wine must have bottles in (`null`: Uncategorized). Absent: no filter.
 */
export interface PriceScope {
  categories?: ReadonlySet<string>;
  locations?: ReadonlySet<string | null>;
  /** Wine list categories left out (`uncategorized`: none), and wines left out. */
  excludedCategories?: ReadonlySet<string>;
  excludedWines?: ReadonlySet<string>;
}

/**
 * The scope of a rule set. `expandLocation` gives the location keys one filter id covers, and
 * `expandCategory` the category ids (the API includes the locations and subcategories inside it); by
 * default the id itself, a location's `uncategorized` as `null`.
 */
export function priceScopeOf(
  rules: Pick<PriceRules, 'categoryIds' | 'locationIds' | 'excludeCategoryIds' | 'excludeWineIds'>,
  expandLocation: (id: string) => Iterable<string | null> = (id) => [id === UNCATEGORIZED ? null : id],
  expandCategory: (id: string) => Iterable<string> = (id) => [id],
): PriceScope {
  const scope: PriceScope = {};
  if (rules.categoryIds && rules.categoryIds.length > 0) {
    const categories = new Set<string>();
    for (const id of rules.categoryIds)
      for (const key of id === UNCATEGORIZED ? [id] : expandCategory(id)) categories.add(key);
    scope.categories = categories;
  }
  if (rules.locationIds && rules.locationIds.length > 0) {
    const locations = new Set<string | null>();
    for (const id of rules.locationIds) for (const key of expandLocation(id)) locations.add(key);
    scope.locations = locations;
  }
  if (rules.excludeCategoryIds && rules.excludeCategoryIds.length > 0) {
    const excluded = new Set<string>();
    for (const id of rules.excludeCategoryIds)
      for (const key of id === UNCATEGORIZED ? [id] : expandCategory(id)) excluded.add(key);
    scope.excludedCategories = excluded;
  }
  if (rules.excludeWineIds && rules.excludeWineIds.length > 0)
    scope.excludedWines = new Set(rules.excludeWineIds);
  return scope;
}

/** Whether a wine passes a rule set's filters. */
export function inPriceScope(wine: PricedWine, scope: PriceScope): boolean {
  if (scope.categories && !scope.categories.has(wine.wineListCategoryId || UNCATEGORIZED)) return false;
  if (scope.excludedWines?.has(wine.id)) return false;
  if (scope.excludedCategories?.has(wine.wineListCategoryId || UNCATEGORIZED)) return false;
  if (scope.locations) {
    const locations = scope.locations;
    if (!wine.placements.some((p) => p.quantity > 0 && locations.has(p.locationId))) return false;
  }
  return true;
}

/** The index of the range a purchase price falls in: `from` inclusive, `to` exclusive, `null` open. */
export function rangeIndexOf(ranges: readonly Pick<PriceRange, 'from' | 'to'>[], price: number): number {
  return ranges.findIndex((r) => price >= r.from && (r.to === null || price < r.to));
}

/** A computed amount without the float noise of a percentage (10 000 × 1.1 is not 11 000.000…2). */
function settle(amount: number): number {
  return Math.round(amount * 1e6) / 1e6;
}

/** The basis price adjusted in the set's direction, never below 0 (unrounded, minor units). */
export function adjustedPrice(basis: number, adjustment: PriceAdjustment, direction: PriceDirection): number {
  const amount = adjustment.kind === 'fixed' ? adjustment.value : (basis * adjustment.value) / 100;
  return Math.max(0, settle(direction === 'increase' ? basis + amount : basis - amount));
}

/**
 * Rounds a price (minor units) as the set says: up when it increases, down when it decreases. `none`
 * rounds to the minor unit; `whole`, `five`, `ten` to multiples of 1, 5, 10 whole units; `endsIn9` to a
 * whole price ending in 9 (…9), `endsIn90` to one ending in 90 (…90). Never below 0: a price with no
 * rounded value below it (under 9 or 90) gets the smallest one (9 or 90).
 */
export function roundPrice(price: number, rounding: PriceRounding, direction: PriceDirection): number {
  const value = Math.max(0, settle(price));
  const up = direction === 'increase';
  const toStep = (step: number) => (up ? Math.ceil(value / step) : Math.floor(value / step)) * step;
  switch (rounding) {
    case 'none':
      return up ? Math.ceil(value) : Math.floor(value);
    case 'whole':
      return toStep(UNIT);
    case 'five':
      return toStep(5 * UNIT);
    case 'ten':
      return toStep(10 * UNIT);
    case 'endsIn9':
      return endingIn(value, 10 * UNIT, 9 * UNIT, up);
    case 'endsIn90':
      return endingIn(value, 100 * UNIT, 90 * UNIT, up);
  }
}

/** The price `k × step + offset` nearest `value` in the given way (the smallest when none is below). */
function endingIn(value: number, step: number, offset: number, up: boolean): number {
  const k = (up ? Math.ceil((value - offset) / step) : Math.floor((value - offset) / step)) * step;
  return Math.max(0, k) + offset;
}

/**
 * A wine's duties per bottle for the net basis, minor units of the cellar's currency: their sum
 * (excise + packaging taxes + deposit), or what they lack. Absent: not known (counted as missing rates).
 */
export type BasisDuties = { total: number } | { missing: DutyMissing };

/** The new prices of one wine by a rule set, or why it is not priced. */
export type WinePricing =
  | {
      outcome: 'priced';
      rangeIndex: number;
      basisPrice: number;
      sellingPrice: number;
      glassPrice: number | null;
      /** With the net basis: the duties added back before VAT. */
      duties?: number;
    }
  | { outcome: 'locked'; rangeIndex: number; basisPrice: number }
  /** Its new selling or glass price would be above the largest sum of money (MONEY_MAX_MINOR). */
  | { outcome: 'tooHigh'; rangeIndex: number; basisPrice: number }
  /** Net basis: the wine's duties are not known, so its net price is not either; never priced from a guessed 0. */
  | { outcome: 'dutiesMissing'; missing: DutyMissing }
  | { outcome: 'outside' };

/**
 * The basis price of a wine: `incVat` its purchase price with VAT, `exVat` without VAT (with duties),
 * `exVatNet` without VAT and without its duties. Null without the purchase price it needs.
 */
export function basisPriceOf(
  wine: Pick<PricedWine, 'purchasePriceWvat' | 'purchasePriceWovat'>,
  basis: PriceRules['basis'],
  duties: BasisDuties | undefined,
): { price: number; duties?: number } | { missing: DutyMissing } | null {
  if (basis === 'incVat') return wine.purchasePriceWvat == null ? null : { price: wine.purchasePriceWvat };
  if (wine.purchasePriceWovat == null) return null;
  if (basis === 'exVat') return { price: wine.purchasePriceWovat };
  if (!duties) return { missing: 'rates' };
  if ('missing' in duties) return duties;
  return { price: wine.purchasePriceWovat - duties.total, duties: duties.total };
}

/**
 * The selling price (VAT included, unrounded) from an adjusted basis price: as it is with `incVat`; with
 * the style's VAT added with `exVat`; with `exVatNet` the duties are added back first, then the VAT:
 * (adjusted net + duties) × (100 + VAT) / 100.
 */
export function sellingPriceFrom(
  adjusted: number,
  basis: PriceRules['basis'],
  vat: number,
  duties = 0,
): number {
  if (basis === 'incVat') return adjusted;
  const exVat = basis === 'exVatNet' ? adjusted + duties : adjusted;
  return (exVat * (100 + vat)) / 100;
}

/**
 * Prices one wine: its basis purchase price (inc VAT, ex VAT, or net of duties as the set says) chooses
 * the range; the selling price is the adjusted basis (plus the duties with the net basis, plus the
 * style's VAT when the basis is ex VAT), the glass price a share of the new selling price or a fixed value
 * (or the old one when the range leaves it), both rounded. A wine without the basis price, outside every
 * range or outside the filters is `outside`; with the net basis, one whose duties are not known
 * (`duties` missing or absent) is `dutiesMissing`; a locked one in a range is `locked`; one whose new
 * price would be above the largest sum of money (+1000 % on 10 000 000 kr) is `tooHigh` and keeps its
 * prices.
 */
export function priceWine(
  wine: PricedWine,
  rules: PriceRules,
  scope: PriceScope,
  vat: number,
  duties?: BasisDuties,
): WinePricing {
  const basis = basisPriceOf(wine, rules.basis, duties);
  if (basis === null || !inPriceScope(wine, scope)) return { outcome: 'outside' };
  if ('missing' in basis) return { outcome: 'dutiesMissing', missing: basis.missing };
  const basisPrice = basis.price;
  const rangeIndex = rangeIndexOf(rules.ranges, basisPrice);
  const range = rules.ranges[rangeIndex];
  if (!range) return { outcome: 'outside' };
  if (wine.sellingPriceLocked) return { outcome: 'locked', rangeIndex, basisPrice };
  const adjusted = adjustedPrice(basisPrice, range.sellingPrice, rules.direction);
  const withVat = sellingPriceFrom(adjusted, rules.basis, vat, basis.duties);
  const computed = roundPrice(withVat, rules.rounding, rules.direction);
  const sellingPrice = rules.raiseOnly ? notLower(computed, wine.sellingPrice) : computed;
  let glassPrice = wine.pricePerGlass ?? null;
  if (range.glassPrice && soldByGlass(wine)) {
    const glass =
      range.glassPrice.kind === 'fixed'
        ? range.glassPrice.value
        : (sellingPrice * range.glassPrice.value) / 100;
    const rounded = roundPrice(glass, rules.rounding, rules.direction);
    glassPrice = rules.raiseOnly ? notLower(rounded, wine.pricePerGlass) : rounded;
  }
  if (sellingPrice > MONEY_MAX_MINOR || (glassPrice ?? 0) > MONEY_MAX_MINOR)
    return { outcome: 'tooHigh', rangeIndex, basisPrice };
  return {
    outcome: 'priced',
    rangeIndex,
    basisPrice,
    sellingPrice,
    glassPrice,
    ...(basis.duties === undefined ? {} : { duties: basis.duties }),
  };
}

/** A computed price, or the current one when the computed one is lower (raise only). */
function notLower(computed: number, current: number | null | undefined): number {
  return current != null && computed < current ? current : computed;
}

/**
 * Whether a wine is sold by the glass: it has a glass price or a glass size of its own. Only these
 * get a glass price from a rule; a bottle of gin (or any wine) with neither never gets one.
 */
export function soldByGlass(wine: Pick<PricedWine, 'pricePerGlass' | 'glassSize'>): boolean {
  return wine.pricePerGlass != null || wine.glassSize != null;
}

/** Margin in percent with one decimal: (selling ex VAT − purchase ex VAT) / selling ex VAT. */
export function marginOf(
  sellingPrice: number | null | undefined,
  purchasePriceWovat: number | null | undefined,
  vat: number,
): number | null {
  if (sellingPrice == null || purchasePriceWovat == null) return null;
  const sellEx = withoutVat(sellingPrice, vat);
  if (sellEx <= 0) return null;
  return Math.round(((sellEx - purchasePriceWovat) / sellEx) * 1000) / 10;
}

/** Mark-up of a selling price over the purchase price inc VAT (null when there is none). */
export function markupOf(
  sellingPrice: number | null | undefined,
  purchasePriceWvat: number | null | undefined,
) {
  return surcharge(sellingPrice, purchasePriceWvat) ?? null;
}

/** A preview row of a priced wine. */
export function previewRowOf(
  wine: PricedWine,
  priced: Extract<WinePricing, { outcome: 'priced' }>,
  vat: number,
): PricePreviewRow {
  return {
    ownWineId: wine.id,
    wineDisplayName: wine.wineDisplayName,
    mainCategoryId: wine.mainCategoryId,
    quantity: wine.quantity,
    basisPrice: priced.basisPrice,
    costWithDuties: wine.purchasePriceWovat ?? null,
    ...(priced.duties === undefined ? {} : { duties: priced.duties }),
    oldSellingPrice: wine.sellingPrice ?? null,
    newSellingPrice: priced.sellingPrice,
    oldGlassPrice: wine.pricePerGlass ?? null,
    newGlassPrice: priced.glassPrice,
    oldMargin: marginOf(wine.sellingPrice, wine.purchasePriceWovat, vat),
    newMargin: marginOf(priced.sellingPrice, wine.purchasePriceWovat, vat),
    oldMarkup: markupOf(wine.sellingPrice, wine.purchasePriceWvat),
    newMarkup: markupOf(priced.sellingPrice, wine.purchasePriceWvat),
    rangeIndex: priced.rangeIndex,
  };
}

/** Whether a priced wine's prices differ from what it has. */
export function pricesChange(wine: PricedWine, priced: Extract<WinePricing, { outcome: 'priced' }>): boolean {
  return (
    priced.sellingPrice !== (wine.sellingPrice ?? null) || priced.glassPrice !== (wine.pricePerGlass ?? null)
  );
}

function average(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  return Math.round((present.reduce((sum, v) => sum + v, 0) / present.length) * 10) / 10;
}

/**
 * What a rule set does to a cellar: a row per wine whose price changes (wines whose new prices equal
 * the old ones are left out), the locked wines it would have priced, those it would price above the
 * largest sum of money and (net basis) those whose duties are not known, and totals over the rows: stock
 * value (selling price × bottles) before and after, and the plain average of the rows' margins.
 * `vatOf` gives a wine style's VAT in percent, `dutiesOf` a wine's duties (needed by the net basis only).
 */
export function previewPrices(
  wines: readonly PricedWine[],
  rules: PriceRules,
  scope: PriceScope,
  vatOf: (mainCategoryId: string) => number,
  currency: CurrencyCode,
  dutiesOf: (ownWineId: string) => BasisDuties | undefined = () => undefined,
): PricePreview {
  const rows: PricePreviewRow[] = [];
  const skipped: PricePreviewSkipped[] = [];
  const decided: ImpactDecision[] = [];
  for (const wine of wines) {
    const vat = vatOf(wine.mainCategoryId);
    const priced = priceWine(wine, rules, scope, vat, dutiesOf(wine.id));
    decided.push({ wine, newSellingPrice: priced.outcome === 'priced' ? priced.sellingPrice : undefined });
    if (priced.outcome === 'outside') continue;
    if (priced.outcome !== 'priced') {
      skipped.push({
        ownWineId: wine.id,
        wineDisplayName: wine.wineDisplayName,
        reason: priced.outcome,
        sellingPrice: wine.sellingPrice ?? null,
        ...(priced.outcome === 'dutiesMissing' ? { missing: priced.missing } : {}),
      });
      continue;
    }
    if (!pricesChange(wine, priced)) continue;
    rows.push(previewRowOf(wine, priced, vat));
  }
  return {
    rows,
    count: rows.length,
    skipped,
    totals: previewTotals(rows),
    impact: priceImpact(decided),
    currency,
  };
}

/** One wine of a cellar and the selling price a rule set gives it (undefined: the set leaves it). */
export interface ImpactDecision {
  wine: Pick<PricedWine, 'id' | 'wineDisplayName' | 'quantity' | 'sellingPrice'>;
  newSellingPrice?: number;
}

/**
 * The impact of a rule set on a cellar's selling prices: over the wines it prices, how many rise (a
 * wine without a selling price that gets one included), fall and stay, and the largest changes each
 * way (by amount, at most PRICE_RULE_LIMITS.impactLargestMax, ties by name); the stock value at selling
 * price (Σ selling price × bottles) over every wine given, before and after.
 */
export function priceImpact(decisions: readonly ImpactDecision[]): PriceImpact {
  let up = 0;
  let down = 0;
  let same = 0;
  let stockValueBefore = 0;
  let stockValueAfter = 0;
  const rises: (PriceImpactChange & { by: number })[] = [];
  const falls: (PriceImpactChange & { by: number })[] = [];
  for (const { wine, newSellingPrice } of decisions) {
    const old = wine.sellingPrice ?? null;
    const bottles = Math.max(0, wine.quantity);
    stockValueBefore += (old ?? 0) * bottles;
    stockValueAfter += (newSellingPrice ?? old ?? 0) * bottles;
    if (newSellingPrice === undefined) continue;
    const change = {
      ownWineId: wine.id,
      wineDisplayName: wine.wineDisplayName,
      oldSellingPrice: old,
      newSellingPrice,
      by: newSellingPrice - (old ?? 0),
    };
    if (old === null || newSellingPrice > old) {
      up++;
      rises.push(change);
    } else if (newSellingPrice < old) {
      down++;
      falls.push(change);
    } else same++;
  }
  const largest = (changes: (PriceImpactChange & { by: number })[]) =>
    changes
      .sort((a, b) => Math.abs(b.by) - Math.abs(a.by) || a.wineDisplayName.localeCompare(b.wineDisplayName))
      .slice(0, PRICE_RULE_LIMITS.impactLargestMax)
      .map(({ by: _by, ...rest }) => rest);
  return {
    up,
    down,
    same,
    stockValueBefore: Math.round(stockValueBefore),
    stockValueAfter: Math.round(stockValueAfter),
    largestRises: largest(rises),
    largestFalls: largest(falls),
  };
}

/** Totals of preview rows: stock value before and after, and the plain average of their margins. */
export function previewTotals(rows: readonly PricePreviewRow[]): PricePreview['totals'] {
  let oldStockValue = 0;
  let newStockValue = 0;
  for (const row of rows) {
    oldStockValue += (row.oldSellingPrice ?? 0) * row.quantity;
    newStockValue += row.newSellingPrice * row.quantity;
  }
  return {
    oldStockValue,
    newStockValue,
    oldAverageMargin: average(rows.map((r) => r.oldMargin)),
    newAverageMargin: average(rows.map((r) => r.newMargin)),
  };
}
