import type { MainCategory } from './catalog';
import { withoutVat } from './cellar';
import type { DutyMissing } from './duties';
import type { RecipeIngredientInput } from './recipes';

/**
 * The arithmetic of beverage recipes (docs/recipes.md). Money is integer minor units without VAT unless
 * named otherwise. A wine ingredient costs its share of the bottle by the centilitre; an other ingredient
 * its cost per unit times the amount. Ingredient costs are summed unrounded and the recipe's cost is
 * rounded to the minor unit once, at the end, so many small pours do not gather rounding errors.
 *
 * A wine's purchase price without VAT is kept *with* duties (docs/duties.md), so a wine ingredient's cost
 * already holds its share of the bottle's excise, packaging taxes and deposit; that share is shown on
 * its own ("of which duties"), never added again.
 */

/** What a wine ingredient's cost is read from: the cellar wine as it is now. */
export interface RecipeWineSource {
  /** Purchase price of one bottle without VAT, minor units; absent when the owner has not set one. */
  purchasePriceWovat?: number | null;
  /** Litres (0.75). */
  bottleSize: number;
  /**
   * The bottle's duties (excise + packaging taxes + deposit), minor units, or what they lack; absent:
   * not looked up. Part of the purchase price, not added to it.
   */
  duties?: { total: number } | { missing: DutyMissing };
}

/** A wine ingredient's share of its bottle's duties, unrounded: duties × cl ÷ the bottle's cl. */
export function exactIngredientDuties(
  amountCl: number,
  wine: RecipeWineSource,
): { share: number } | { missing: DutyMissing } | undefined {
  if (!wine.duties) return undefined;
  if ('missing' in wine.duties) return wine.duties;
  if (!(wine.bottleSize > 0)) return undefined;
  return { share: (wine.duties.total * amountCl) / (wine.bottleSize * 100) };
}

/** A bottle's cost per centilitre without VAT, unrounded; null without a purchase price or a bottle size. */
export function costPerCl(wine: RecipeWineSource): number | null {
  const price = wine.purchasePriceWovat;
  if (price === undefined || price === null || !(wine.bottleSize > 0)) return null;
  return price / (wine.bottleSize * 100);
}

/**
 * An ingredient's cost in the recipe, unrounded. A wine ingredient whose wine is gone (`wine`
 * undefined) or has no purchase price costs null: unknown.
 */
export function exactIngredientCost(
  ingredient: RecipeIngredientInput,
  wine: RecipeWineSource | undefined,
): number | null {
  if (ingredient.kind === 'other') return ingredient.costPerUnit * ingredient.amount;
  if (!wine) return null;
  const perCl = costPerCl(wine);
  return perCl === null ? null : perCl * ingredient.amountCl;
}

/** The recipe's cost: the unrounded ingredient costs summed and rounded once; null when any is unknown. */
export function recipeCost(exactCosts: readonly (number | null)[]): number | null {
  let sum = 0;
  for (const cost of exactCosts) {
    if (cost === null) return null;
    sum += cost;
  }
  return Math.round(sum);
}

/** A cost rounded to the minor unit for display; null stays null. */
export const roundedCost = (exact: number | null): number | null =>
  exact === null ? null : Math.round(exact);

/** The selling price without VAT; null when there is no selling price. */
export function sellingPriceExVat(
  sellingPrice: number | null | undefined,
  vatPercentage: number,
): number | null {
  if (sellingPrice === undefined || sellingPrice === null) return null;
  return withoutVat(sellingPrice, vatPercentage);
}

/** A recipe's VAT: the one the owner set, else the cellar's VAT for spirits. */
export function recipeVatPercentage(
  given: number | null | undefined,
  cellarVats: Readonly<Record<MainCategory, number>>,
): number {
  return given ?? cellarVats.spirits;
}

const usable = (value: number | null): value is number => value !== null && value > 0;

/** Selling price without VAT ÷ cost, two decimals; null when either is missing or zero. */
export function sellBuyRatio(sellExVat: number | null, cost: number | null): number | null {
  if (!usable(sellExVat) || !usable(cost)) return null;
  return Math.round((sellExVat / cost) * 100) / 100;
}

/** Cost ÷ selling price without VAT as a percentage, one decimal; null when either is missing or zero. */
export function costPercentage(cost: number | null, sellExVat: number | null): number | null {
  if (!usable(sellExVat) || !usable(cost)) return null;
  return Math.round((cost / sellExVat) * 1000) / 10;
}

export interface RecipeFigures {
  /** Per ingredient, in the recipe's order, rounded for display; null where unknown. */
  ingredientCosts: (number | null)[];
  /**
   * Per ingredient: a wine's share of its bottle's duties, rounded; `missing` with what they lack;
   * undefined for an other ingredient (no duties) or a wine whose duties were not looked up.
   */
  ingredientDuties: ({ share: number } | { missing: DutyMissing } | undefined)[];
  /**
   * Of the cost, the duties: the wine ingredients' shares summed and rounded once; null when a wine's
   * duties are not known (or were not looked up).
   */
  duties: number | null;
  /** Per ingredient: a wine ingredient whose wine is no longer in the cellar. */
  missing: boolean[];
  cost: number | null;
  sellingPriceExVat: number | null;
  sellBuyRatio: number | null;
  costPercentage: number | null;
}

/**
 * Every figure of a recipe from its ingredients and the cellar's wines as they are now (`wineOf` answers
 * undefined for a wine no longer in the cellar).
 */
export function recipeFigures(
  ingredients: readonly RecipeIngredientInput[],
  wineOf: (ownWineId: string) => RecipeWineSource | undefined,
  sellingPrice: number | null | undefined,
  vatPercentage: number,
): RecipeFigures {
  const missing: boolean[] = [];
  const shares: RecipeFigures['ingredientDuties'] = [];
  let dutiesSum: number | null = 0;
  const exact = ingredients.map((ingredient) => {
    const wine = ingredient.kind === 'wine' ? wineOf(ingredient.ownWineId) : undefined;
    missing.push(ingredient.kind === 'wine' && !wine);
    const share =
      ingredient.kind === 'wine' && wine ? exactIngredientDuties(ingredient.amountCl, wine) : undefined;
    shares.push(share && ('share' in share ? { share: Math.round(share.share) } : share));
    if (ingredient.kind === 'wine')
      dutiesSum = share && 'share' in share && dutiesSum !== null ? dutiesSum + share.share : null;
    return exactIngredientCost(ingredient, wine);
  });
  const cost = recipeCost(exact);
  const sellEx = sellingPriceExVat(sellingPrice, vatPercentage);
  return {
    ingredientCosts: exact.map(roundedCost),
    ingredientDuties: shares,
    duties: dutiesSum === null ? null : Math.round(dutiesSum),
    missing,
    cost,
    sellingPriceExVat: sellEx,
    sellBuyRatio: sellBuyRatio(sellEx, cost),
    costPercentage: costPercentage(cost, sellEx),
  };
}
