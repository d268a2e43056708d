import { Entity } from 'electrodb';
import { ownerItemIndexes } from '../../data/owner-indexes';

/**
 * How many recipes a cellar has: raised in the transaction that creates a recipe (conditional on staying
 * within RECIPE_LIMITS.recipesMax) and lowered in the one that deletes it, so recipes created at the same
 * moment cannot pass the bound together.
 */
export const recipeCounterSchema = {
  model: { entity: 'recipeCounter', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    count: { type: 'number' },
  },
  indexes: ownerItemIndexes,
} as const;

export const createRecipeCounterEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(recipeCounterSchema, config);
