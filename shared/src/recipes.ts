import * as z from 'zod/mini';
import { POS_NAME_MAX } from './cellar-wines';
import type { CurrencyCode } from './currencies';
import type { DutyMissing } from './duties';
import { idField, listField, moneyField, numberField, percentageField, textField } from './schema-primitives';

/**
 * Beverage recipes (SPEC §3 Recipe; docs/recipes.md): a drink made of cellar wines and spirits by the
 * centilitre and of other ingredients (juice, syrup, garnish) with their own cost per unit. Its cost is
 * worked out when it is read, from the ingredients' current purchase prices without VAT, so a changed
 * purchase price changes every recipe that pours the wine. Money is integer minor units.
 *
 * The math lives in recipe-math.ts; this file is the contract.
 */

export const RECIPE_LIMITS = {
  recipesMax: 500,
  ingredientsMax: 20,
  nameMax: 80,
  /** Centilitres of one wine ingredient. */
  amountClMax: 100,
  /** Units of an other ingredient (pieces, cl, grams: the owner's unit). */
  otherAmountMax: 10_000,
  unitMax: 20,
} as const;

export interface RecipeWineIngredient {
  kind: 'wine';
  ownWineId: string;
  amountCl: number;
}

export interface RecipeOtherIngredient {
  kind: 'other';
  name: string;
  amount: number;
  /** The owner's unit ("cl", "stk", "g"). */
  unit: string;
  /** Cost of one unit without VAT, minor units. */
  costPerUnit: number;
}

export type RecipeIngredientInput = RecipeWineIngredient | RecipeOtherIngredient;

/** An ingredient as read: its name and cost now. */
export type RecipeIngredient = RecipeIngredientInput & {
  /** The wine's display name, or the other ingredient's name. */
  displayName: string;
  /** This ingredient's cost in the recipe, without VAT; null when a wine has no purchase price (or is gone). */
  cost: number | null;
  /** A wine ingredient whose wine is no longer in the cellar. */
  missing?: boolean;
  /**
   * A wine ingredient's share of its bottle's duties (excise + packaging taxes + deposit for its
   * centilitres), part of `cost`; null when they are not known, with `dutiesMissing` saying why.
   */
  duties?: number | null;
  dutiesMissing?: DutyMissing;
  /** A wine ingredient's bottle's duties, when known: what its share is worked out from. */
  bottleDuties?: number;
};

/** The rates a recipe's duties were taken from: the day, the newest rate used, and whether that year's rates are not loaded yet. */
export interface RecipeDutiesDate {
  date: string;
  ratesAsOf: string | null;
  stale: boolean;
}

export interface Recipe {
  id: string;
  name: string;
  ingredients: RecipeIngredient[];
  /** Σ ingredient costs, without VAT (a wine's with its duties); null while any ingredient's cost is unknown. */
  cost: number | null;
  /**
   * Of the cost, the duties of the wines poured (their shares summed); null when a wine's duties are not
   * known (its ingredient says why). Absent on recipes read without duties.
   */
  duties?: number | null;
  dutiesAsOf?: RecipeDutiesDate;
  /** VAT included. */
  sellingPrice: number | null;
  vatPercentage: number;
  /** Selling price without VAT ÷ cost, two decimals. */
  sellBuyRatio: number | null;
  /** Cost ÷ selling price without VAT, percent with one decimal. */
  costPercentage: number | null;
  includeInPos: boolean;
  posName?: string;
  currency: CurrencyCode;
  createdAt: string;
  updatedAt: string;
}

const wineIngredient = z.object({
  kind: z.literal('wine'),
  ownWineId: idField,
  amountCl: numberField(0.1, RECIPE_LIMITS.amountClMax),
});

const otherIngredient = z.object({
  kind: z.literal('other'),
  name: textField(RECIPE_LIMITS.nameMax, { min: 1 }),
  amount: numberField(0.01, RECIPE_LIMITS.otherAmountMax),
  unit: textField(RECIPE_LIMITS.unitMax, { min: 1 }),
  costPerUnit: moneyField,
});

const ingredient = z.discriminatedUnion('kind', [wineIngredient, otherIngredient], { error: 'invalidValue' });

const recipeFields = {
  name: textField(RECIPE_LIMITS.nameMax, { min: 1 }),
  ingredients: listField(ingredient, RECIPE_LIMITS.ingredientsMax, { min: 1 }),
  sellingPrice: z.optional(z.nullable(moneyField)),
  /** The cellar's VAT for spirits when absent. */
  vatPercentage: z.optional(percentageField),
  includeInPos: z.optional(z.boolean({ error: 'mustBeTrueOrFalse' })),
  posName: z.optional(z.nullable(textField(POS_NAME_MAX))),
};

/** `POST …/recipes`. */
export const RecipeInput = z.object(recipeFields);
export type RecipeInput = z.infer<typeof RecipeInput>;

/** `PATCH …/recipes/{recipeId}`. */
export const RecipeUpdate = z.object({
  name: z.optional(recipeFields.name),
  ingredients: z.optional(recipeFields.ingredients),
  sellingPrice: recipeFields.sellingPrice,
  vatPercentage: recipeFields.vatPercentage,
  includeInPos: recipeFields.includeInPos,
  posName: recipeFields.posName,
});
export type RecipeUpdate = z.infer<typeof RecipeUpdate>;

export interface RecipeList {
  rows: Recipe[];
  count: number;
  currency: CurrencyCode;
}
