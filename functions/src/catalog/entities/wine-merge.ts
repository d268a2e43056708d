import { Entity } from 'electrodb';

/** The record an admin merge of duplicate wines leaves behind. */
export const wineMergeSchema = {
  model: { entity: 'wineMerge', version: '1', service: 'kork' },
  attributes: {
    id: { type: 'string', required: true },
    survivorId: { type: 'string', required: true },
    duplicateIds: { type: 'list', required: true, items: { type: 'string' } },
    movedTastings: { type: 'number', required: true },
    movedExternalIds: { type: 'number', required: true },
    mergedBy: { type: 'string', required: true },
    mergedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'] },
      sk: { field: 'sk', composite: [] },
    },
    // The merge history, newest first.
    byTime: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [] },
      sk: { field: 'gsi2sk', composite: ['mergedAt', 'id'] },
    },
  },
} as const;

export const createWineMergeEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(wineMergeSchema, config);
