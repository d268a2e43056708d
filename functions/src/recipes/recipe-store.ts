/** How recipes are kept: the record as stored and reading it. The cost is never stored (docs/recipes.md). */
import type { RecipeIngredientInput } from '@kork/shared';
import { type EntityRecord, tables } from '../data/tables';

export type RecipeRecord = EntityRecord<'recipe'>;

/**
 * An ingredient as stored: what the owner set, and for a wine the name it had when the recipe was last
 * written, shown when the wine has since left the cellar.
 */
export type StoredIngredient = RecipeIngredientInput & { wineDisplayName?: string };

export const ingredientsOf = (record: Pick<RecipeRecord, 'ingredients'>) =>
  record.ingredients as StoredIngredient[];

/** The recipe as stored (strongly consistent), or undefined for an id this cellar has no recipe by. */
export async function storedRecipe(ownerId: string, id: string): Promise<RecipeRecord | undefined> {
  const { data } = await tables('recipes').recipe.get({ ownerId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** Every recipe of the cellar (at most RECIPE_LIMITS.recipesMax: one query, all pages). */
export async function storedRecipes(ownerId: string): Promise<RecipeRecord[]> {
  const { data } = await tables('recipes').recipe.query.byOwnerKey({ ownerId }).go({ pages: 'all' });
  return data;
}
