import { Entity } from 'electrodb';

/** One row per seed step applied, so seeding is idempotent across restarts. */
export const seedRunSchema = {
  model: { entity: 'seedRun', version: '1', service: 'kork' },
  attributes: {
    step: { type: 'string', required: true },
    version: { type: 'number', required: true },
    appliedAt: { type: 'string', required: true },
    durationMs: { type: 'number', required: true },
    summary: { type: 'string' },
  },
  indexes: {
    // Has this step (at this version) been applied?
    byStep: {
      pk: { field: 'pk', composite: ['step'] },
      sk: { field: 'sk', composite: [] },
    },
    // The seed history in the order it was applied (shown by `npm run seed -- --list`).
    byAppliedAt: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['appliedAt'] },
    },
  },
} as const;

export const createSeedRunEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(seedRunSchema, config);
