import { Entity } from 'electrodb';
import { ownerItemIndexes } from '../../data/owner-indexes';

/**
 * The cellar's unfinished imports, by id: one item per owner. A job's id is added in the transaction
 * that creates it, conditional on the set holding fewer than IMPORT_LIMITS.openJobsMax, and removed when
 * the job finishes (imported, cancelled, failed or empty), so imports started at the same moment cannot
 * pass the limit together. A set rather than a count: removing an id twice changes nothing.
 */
export const importSlotsSchema = {
  model: { entity: 'importSlots', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    openIds: { type: 'set', items: 'string' },
  },
  indexes: ownerItemIndexes,
} as const;

export const createImportSlotsEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(importSlotsSchema, config);
