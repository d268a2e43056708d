import { Entity } from 'electrodb';

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
  indexes: {
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: [] },
    },
    // What account deletion removes.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
} as const;

export const createRecipeCounterEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(recipeCounterSchema, config);
