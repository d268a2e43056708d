import { Entity } from 'electrodb';
import { ownerIndexes } from '../../data/owner-indexes';

/**
 * A beverage recipe (SPEC §3 Recipe; shared/src/recipes.ts). Only what the owner sets is stored: the
 * cost is worked out from the ingredients' current purchase prices whenever the recipe is read.
 */
export const recipeSchema = {
  model: { entity: 'recipe', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    /** RecipeIngredientInput[] */
    ingredients: { type: 'any', required: true },
    sellingPrice: { type: 'number' },
    vatPercentage: { type: 'number', required: true },
    includeInPos: { type: 'boolean', required: true },
    posName: { type: 'string' },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: ownerIndexes,
} as const;

export const createRecipeEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(recipeSchema, config);
