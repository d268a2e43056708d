import type {
  CellarWine,
  CurrencyCode,
  Locale,
  Recipe,
  RecipeIngredientInput,
  RecipeInput,
} from '@kork/shared';
import { type RecipeFigures, type RecipeWineSource, recipeFigures } from '@kork/shared/recipe-math';
import { minorText, numberText, schemaMoney, schemaNumber } from '../../lib/number-text';

/**
 * The recipe editor's values as typed (numbers stay text until the form is checked or sent), the body they
 * make, and the live figures worked out with the same arithmetic the server uses (shared recipe-math).
 */

export interface WineLine {
  key: string;
  kind: 'wine';
  ownWineId: string;
  /** The wine's name when it was added or read, shown even before the wine itself is loaded. */
  displayName: string;
  amountCl: string;
}

export interface OtherLine {
  key: string;
  kind: 'other';
  name: string;
  amount: string;
  unit: string;
  /** Money text in the cellar's currency, without VAT. */
  costPerUnit: string;
}

export type IngredientLine = WineLine | OtherLine;

export interface RecipeFormValues {
  name: string;
  ingredients: IngredientLine[];
  /** VAT included; empty for none. */
  sellingPrice: string;
  vatPercentage: string;
  includeInPos: boolean;
  posName: string;
}

/** What the editor knows of a cellar wine an ingredient pours; `missing` when it is no longer in the cellar. */
export interface IngredientWine extends RecipeWineSource {
  id: string;
  wineDisplayName: string;
  missing?: boolean;
}

/** `duties`: the bottle's duties as the saved recipe answered them (absent for a wine not read with it). */
export function toIngredientWine(wine: CellarWine, duties?: RecipeWineSource['duties']): IngredientWine {
  return {
    id: wine.id,
    wineDisplayName: wine.wineDisplayName,
    purchasePriceWovat: wine.purchasePriceWovat ?? null,
    bottleSize: wine.bottleSize,
    ...(duties ? { duties } : {}),
  };
}

let keys = 0;
export function lineKey(): string {
  keys += 1;
  return `ingredient-${keys}`;
}

/** A glass of a spirit starts at 4 cl. */
export const DEFAULT_WINE_AMOUNT_CL = 4;

export function wineLine(wine: { id: string; wineDisplayName: string }, locale: Locale): WineLine {
  return {
    key: lineKey(),
    kind: 'wine',
    ownWineId: wine.id,
    displayName: wine.wineDisplayName,
    amountCl: numberText(DEFAULT_WINE_AMOUNT_CL, locale),
  };
}

export function otherLine(): OtherLine {
  return { key: lineKey(), kind: 'other', name: '', amount: '', unit: '', costPerUnit: '' };
}

export function emptyRecipe(vatPercentage: number | undefined, locale: Locale): RecipeFormValues {
  return {
    name: '',
    ingredients: [],
    sellingPrice: '',
    vatPercentage: numberText(vatPercentage, locale),
    includeInPos: false,
    posName: '',
  };
}

export function recipeValues(recipe: Recipe, locale: Locale): RecipeFormValues {
  const code = recipe.currency;
  return {
    name: recipe.name,
    ingredients: recipe.ingredients.map((ingredient) =>
      ingredient.kind === 'wine'
        ? {
            key: lineKey(),
            kind: 'wine',
            ownWineId: ingredient.ownWineId,
            displayName: ingredient.displayName,
            amountCl: numberText(ingredient.amountCl, locale),
          }
        : {
            key: lineKey(),
            kind: 'other',
            name: ingredient.name,
            amount: numberText(ingredient.amount, locale),
            unit: ingredient.unit,
            costPerUnit: minorText(ingredient.costPerUnit, code, locale),
          },
    ),
    sellingPrice: minorText(recipe.sellingPrice, code, locale),
    vatPercentage: numberText(recipe.vatPercentage, locale),
    includeInPos: recipe.includeInPos,
    posName: recipe.posName ?? '',
  };
}

/** One typed ingredient as the schema judges it: numbers parsed (NaN for text that is none). */
function ingredientInput(line: IngredientLine, code: CurrencyCode, locale: Locale): RecipeIngredientInput {
  if (line.kind === 'wine')
    return {
      kind: 'wine',
      ownWineId: line.ownWineId,
      amountCl: schemaNumber(line.amountCl, locale) as number,
    };
  return {
    kind: 'other',
    name: line.name,
    amount: schemaNumber(line.amount, locale) as number,
    unit: line.unit,
    costPerUnit: schemaMoney(line.costPerUnit, code, locale) as number,
  };
}

/**
 * The body to send (and for the shared schema to judge). Empty numbers stay null, for "Required" beside
 * the field; an empty selling price is none; an empty POS name is none.
 */
export function toRecipeInput(values: RecipeFormValues, code: CurrencyCode, locale: Locale): RecipeInput {
  const vat = schemaNumber(values.vatPercentage, locale);
  const posName = values.posName.trim();
  return {
    name: values.name,
    ingredients: values.ingredients.map((line) => ingredientInput(line, code, locale)),
    sellingPrice: schemaMoney(values.sellingPrice, code, locale),
    ...(vat === null ? {} : { vatPercentage: vat }),
    includeInPos: values.includeInPos,
    posName: posName === '' ? null : values.posName,
  } as RecipeInput;
}

const usable = (value: number | null): value is number => value !== null && Number.isFinite(value);

/**
 * The figures of what is typed so far. An ingredient whose amount or cost is not (yet) a number costs
 * "unknown", as does one whose wine is still being read.
 */
export function liveFigures(
  values: RecipeFormValues,
  wineOf: (ownWineId: string) => IngredientWine | undefined,
  fallbackVat: number,
  code: CurrencyCode,
  locale: Locale,
): RecipeFigures & { margin: number | null } {
  const known: boolean[] = [];
  const inputs = values.ingredients.map((line) => {
    const input = ingredientInput(line, code, locale);
    known.push(
      input.kind === 'wine' ? usable(input.amountCl) : usable(input.amount) && usable(input.costPerUnit),
    );
    return input;
  });
  const selling = schemaMoney(values.sellingPrice, code, locale);
  const vat = schemaNumber(values.vatPercentage, locale);
  const figures = recipeFigures(
    inputs.map((input, index) =>
      known[index] ? input : { kind: 'other', name: '', amount: 0, unit: '', costPerUnit: 0 },
    ),
    (id) => {
      const wine = wineOf(id);
      return wine?.missing ? undefined : wine;
    },
    usable(selling) ? selling : null,
    usable(vat) ? vat : fallbackVat,
  );
  // An ingredient not yet typed or read: its cost, and so the recipe's, is unknown.
  const unknown = inputs.some(
    (input, index) => !known[index] || (input.kind === 'wine' && wineOf(input.ownWineId) === undefined),
  );
  const ingredientCosts = figures.ingredientCosts.map((cost, index) => (known[index] ? cost : null));
  const missing = inputs.map((input) => input.kind === 'wine' && wineOf(input.ownWineId)?.missing === true);
  if (unknown)
    return {
      ...figures,
      ingredientCosts,
      missing,
      cost: null,
      sellBuyRatio: null,
      costPercentage: null,
      margin: null,
    };
  const margin =
    figures.cost !== null && figures.sellingPriceExVat !== null
      ? figures.sellingPriceExVat - figures.cost
      : null;
  return { ...figures, ingredientCosts, missing, margin };
}
