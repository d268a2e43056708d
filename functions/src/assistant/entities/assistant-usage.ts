import { Entity } from 'electrodb';

/**
 * The tokens an account's questions used in one calendar month (UTC), as the model reported them: both
 * counters only ever grow by an atomic ADD after each answer, and the month's sum is checked against the
 * budget before the next question goes to the model.
 */
export const assistantUsageSchema = {
  model: { entity: 'assistantUsage', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    /** `YYYY-MM` (UTC). */
    month: { type: 'string', required: true },
    inputTokens: { type: 'number', required: true, default: 0 },
    outputTokens: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    // One month's use.
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['month'] },
    },
    // What account deletion removes.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['month'] },
    },
  },
} as const;

export const createAssistantUsageEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(assistantUsageSchema, config);
