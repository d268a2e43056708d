/**
 * Beverage recipes (docs/recipes.md): kept as the owner sets them, their cost worked out on every read
 * from the ingredients' purchase prices as they are now. Other domains read them through `recipesOf`,
 * `recipeOf` (computed) and `recipeRecordOf` (the stored ingredients: the till's feed and its sales).
 */
import {
  type CellarWine,
  type CurrencyCode,
  type MessageKey,
  RECIPE_LIMITS,
  type Recipe,
  type RecipeIngredient,
  type RecipeInput,
  type RecipeList,
  type RecipeUpdate,
  recipeFigures,
  recipeVatPercentage,
  withBounds,
} from '@kork/shared';
import { ulid } from 'ulid';
import { cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { tables, transaction } from '../data/tables';
import {
  commitTransaction,
  isConditionFailure,
  laterThan,
  retryOnConflict,
  TransactionCanceled,
} from '../data/transactions';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { type PouredDuties, pouredDuties } from './recipe-duties';
import {
  ingredientsOf,
  type RecipeRecord,
  type StoredIngredient,
  storedRecipe,
  storedRecipes,
} from './recipe-store';

type Wines = ReadonlyMap<string, CellarWine>;

async function cellarNow(
  ownerId: string,
): Promise<{ wines: Wines; currency: CurrencyCode; spiritsVat: number }> {
  const snapshot = await cellarSnapshot(ownerId);
  return {
    wines: snapshot.derived('recipes:winesById', (s) => new Map(s.wines.map((wine) => [wine.id, wine]))),
    currency: snapshot.cellar.baseCurrency,
    spiritsVat: recipeVatPercentage(undefined, snapshot.cellar.vats),
  };
}

/** The duties of every wine the recipes pour that is still in the cellar, in one look-up. */
function dutiesOfRecipes(records: readonly RecipeRecord[], wines: Wines, currency: CurrencyCode) {
  const poured = new Map<string, CellarWine>();
  for (const record of records)
    for (const item of ingredientsOf(record)) {
      const wine = item.kind === 'wine' ? wines.get(item.ownWineId) : undefined;
      if (wine) poured.set(wine.id, wine);
    }
  return pouredDuties([...poured.values()], currency);
}

/**
 * The recipe as the API answers it: every ingredient's cost now (a wine's with its share of the
 * bottle's duties, shown on its own), the recipe's cost, of which duties, and its ratios.
 */
function toRecipe(record: RecipeRecord, wines: Wines, currency: CurrencyCode, duties: PouredDuties): Recipe {
  const stored = ingredientsOf(record);
  const figures = recipeFigures(
    stored,
    (id) => {
      const wine = wines.get(id);
      return wine && { ...wine, duties: duties.of(id) };
    },
    record.sellingPrice,
    record.vatPercentage,
  );
  const pours = stored.some((ingredient) => ingredient.kind === 'wine');
  const ingredients = stored.map((ingredient, index): RecipeIngredient => {
    const cost = figures.ingredientCosts[index] ?? null;
    const share = figures.ingredientDuties[index];
    if (ingredient.kind === 'other') {
      const { kind, name, amount, unit, costPerUnit } = ingredient;
      return { kind, name, amount, unit, costPerUnit, displayName: name, cost };
    }
    const { kind, ownWineId, amountCl } = ingredient;
    const wine = wines.get(ownWineId);
    return {
      kind,
      ownWineId,
      amountCl,
      displayName: wine?.wineDisplayName ?? ingredient.wineDisplayName ?? '',
      cost,
      ...(figures.missing[index] ? { missing: true } : {}),
      ...(share === undefined
        ? {}
        : 'share' in share
          ? { duties: share.share, ...bottleDutiesOf(duties.of(ownWineId)) }
          : { duties: null, dutiesMissing: share.missing }),
    };
  });
  return {
    id: record.id,
    name: record.name,
    ingredients,
    cost: figures.cost,
    ...(pours ? { duties: figures.duties, dutiesAsOf: duties.datesOf(pouredIds(stored)) } : {}),
    sellingPrice: record.sellingPrice ?? null,
    vatPercentage: record.vatPercentage,
    sellBuyRatio: figures.sellBuyRatio,
    costPercentage: figures.costPercentage,
    includeInPos: record.includeInPos,
    ...(record.posName ? { posName: record.posName } : {}),
    currency,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** The wines a recipe pours. */
const pouredIds = (ingredients: readonly StoredIngredient[]) =>
  ingredients.flatMap((item) => (item.kind === 'wine' ? [item.ownWineId] : []));

/** A bottle's duties as an ingredient answers them (only when known). */
function bottleDutiesOf(duties: ReturnType<PouredDuties['of']>): { bottleDuties?: number } {
  return duties && 'total' in duties ? { bottleDuties: duties.total } : {};
}

const byName = (a: Recipe, b: Recipe) => a.name.localeCompare(b.name, 'nb') || a.id.localeCompare(b.id);

/** Every recipe of the cellar with its cost now, by name. */
export async function recipesOf(ownerId: string): Promise<Recipe[]> {
  return (await listRecipes(ownerId)).rows;
}

/** One recipe with its cost now; undefined for an id this cellar has no recipe by. */
export async function recipeOf(ownerId: string, recipeId: string): Promise<Recipe | undefined> {
  const [cellar, record] = await Promise.all([cellarNow(ownerId), storedRecipe(ownerId, recipeId)]);
  return record && answer(record, cellar);
}

/** One recipe as answered, with the duties of the wines it pours. */
async function answer(
  record: RecipeRecord,
  cellar: { wines: Wines; currency: CurrencyCode },
): Promise<Recipe> {
  const duties = await dutiesOfRecipes([record], cellar.wines, cellar.currency);
  return toRecipe(record, cellar.wines, cellar.currency, duties);
}

/**
 * The recipe as stored: its ingredients as the owner set them (a wine's `ownWineId` and `amountCl` per
 * serving), `includeInPos`, `posName`, price and VAT. Undefined for an id this cellar has no recipe by.
 */
export async function recipeRecordOf(
  ownerId: string,
  recipeId: string,
): Promise<(RecipeRecord & { ingredients: StoredIngredient[] }) | undefined> {
  const record = await storedRecipe(ownerId, recipeId);
  return record && { ...record, ingredients: ingredientsOf(record) };
}

/** Every recipe as stored, without its cost (the POS feed reads them with the cellar it already has). */
export async function recipeRecordsOf(ownerId: string): Promise<RecipeRecord[]> {
  return storedRecipes(ownerId);
}

// — Routes —

export async function listRecipes(ownerId: string): Promise<RecipeList> {
  const [cellar, records] = await Promise.all([cellarNow(ownerId), storedRecipes(ownerId)]);
  const duties = await dutiesOfRecipes(records, cellar.wines, cellar.currency);
  const rows = records.map((record) => toRecipe(record, cellar.wines, cellar.currency, duties)).sort(byName);
  return { rows, count: rows.length, currency: cellar.currency };
}

export async function getRecipe(ownerId: string, recipeId: string): Promise<Recipe> {
  const recipe = await recipeOf(ownerId, recipeId);
  if (!recipe) throw new NotFoundError();
  return recipe;
}

/**
 * The ingredients to store: every wine one of this cellar (else 400 `ingredientNotInCellar` on
 * `ingredients.N.ownWineId`), or one the recipe already pours whose wine has since left the cellar (so
 * a recipe sent back as it was read can still be saved). Each wine keeps its name as it is now.
 */
function checkedIngredients(
  ingredients: RecipeInput['ingredients'],
  wines: Wines,
  before: readonly StoredIngredient[] = [],
): StoredIngredient[] {
  const kept = new Map(
    before.flatMap((item) => (item.kind === 'wine' ? [[item.ownWineId, item.wineDisplayName] as const] : [])),
  );
  const fields: Record<string, MessageKey> = {};
  const checked = ingredients.map((ingredient, index): StoredIngredient => {
    if (ingredient.kind === 'other') return ingredient;
    const wine = wines.get(ingredient.ownWineId);
    if (!wine && !kept.has(ingredient.ownWineId))
      fields[`ingredients.${index}.ownWineId`] = 'ingredientNotInCellar';
    const name = wine?.wineDisplayName ?? kept.get(ingredient.ownWineId);
    return { ...ingredient, ...(name ? { wineDisplayName: name } : {}) };
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return checked;
}

/** Names of wines the recipe pours, refreshed from the cellar where the wine is still there. */
function refreshedNames(ingredients: readonly StoredIngredient[], wines: Wines): StoredIngredient[] {
  return ingredients.map((item) => {
    const name = item.kind === 'wine' ? wines.get(item.ownWineId)?.wineDisplayName : undefined;
    return name ? { ...item, wineDisplayName: name } : item;
  });
}

const full = () => withBounds('recipesFull', { max: RECIPE_LIMITS.recipesMax }) as MessageKey;

/** `POST …/recipes`: within RECIPE_LIMITS.recipesMax per cellar (400 `recipesFull`). */
export async function createRecipe(ownerId: string, input: RecipeInput): Promise<Recipe> {
  const cellar = await cellarNow(ownerId);
  const now = new Date().toISOString();
  const record: RecipeRecord = {
    ownerId,
    id: ulid(),
    name: input.name,
    ingredients: checkedIngredients(input.ingredients, cellar.wines),
    vatPercentage: input.vatPercentage ?? cellar.spiritsVat,
    includeInPos: input.includeInPos ?? false,
    ...(input.sellingPrice !== undefined && input.sellingPrice !== null
      ? { sellingPrice: input.sellingPrice }
      : {}),
    ...(input.posName ? { posName: input.posName } : {}),
    createdAt: now,
    updatedAt: now,
  };
  try {
    await commitTransaction(() =>
      transaction('recipes').write(({ recipe, recipeCounter }) => [
        // An upsert (not an update) so the first recipe's counter carries its `owned` index keys too.
        recipeCounter
          .upsert({ ownerId })
          .add({ count: 1 })
          .where(
            (attr, op) =>
              `${op.notExists(attr.count)} OR ${op.lt(attr.count, RECIPE_LIMITS.recipesMax as number)}`,
          )
          .commit(),
        recipe.create(record).commit(),
      ]),
    );
  } catch (error) {
    if (error instanceof TransactionCanceled && error.failedConditions.includes(0))
      throw new ValidationError({ name: full() }, { key: full() });
    throw error;
  }
  return answer(record, cellar);
}

/** A field the patch sets, clears (null or empty text) or leaves alone (absent). */
function setOrClear(after: Record<string, unknown>, field: string, value: unknown): void {
  if (value === undefined) return;
  if (value === null || value === '') delete after[field];
  else after[field] = value;
}

/**
 * `PATCH …/recipes/{recipeId}`: decided on a fresh read and written conditional on the recipe's
 * `updatedAt`; decided again when another change came first.
 */
export async function updateRecipe(ownerId: string, recipeId: string, patch: RecipeUpdate): Promise<Recipe> {
  const cellar = await cellarNow(ownerId);
  const record = await retryOnConflict(async () => {
    const before = await storedRecipe(ownerId, recipeId);
    if (!before) throw new NotFoundError();
    const after: Record<string, unknown> = { ...before };
    if (patch.name !== undefined) after.name = patch.name;
    if (patch.vatPercentage !== undefined) after.vatPercentage = patch.vatPercentage;
    if (patch.includeInPos !== undefined) after.includeInPos = patch.includeInPos;
    setOrClear(after, 'sellingPrice', patch.sellingPrice);
    setOrClear(after, 'posName', patch.posName);
    after.ingredients =
      patch.ingredients !== undefined
        ? checkedIngredients(patch.ingredients, cellar.wines, ingredientsOf(before))
        : refreshedNames(ingredientsOf(before), cellar.wines);
    after.updatedAt = laterThan(before.updatedAt);
    try {
      await tables('recipes')
        .recipe.put(after as RecipeRecord)
        .where((attr, op) => op.eq(attr.updatedAt, before.updatedAt))
        .go();
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError();
      throw error;
    }
    return after as RecipeRecord;
  });
  return answer(record, cellar);
}

/** `DELETE …/recipes/{recipeId}`: the recipe, once (404 when it is not there, or went meanwhile). */
export async function deleteRecipe(ownerId: string, recipeId: string): Promise<void> {
  try {
    await commitTransaction(() =>
      transaction('recipes').write(({ recipe, recipeCounter }) => [
        recipe
          .delete({ ownerId, id: recipeId })
          .where((attr, op) => op.exists(attr.id))
          .commit(),
        recipeCounter.update({ ownerId }).subtract({ count: 1 }).commit(),
      ]),
    );
  } catch (error) {
    if (error instanceof TransactionCanceled && error.failedConditions.includes(0)) throw new NotFoundError();
    throw error;
  }
}
