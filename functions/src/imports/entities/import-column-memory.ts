import { Entity } from 'electrodb';
import { ownerItemIndexes } from '../../data/owner-indexes';

/**
 * The columns an owner assigned last, by header (folded: lower case, no accents or punctuation), so the
 * next import of a file from the same system is assigned the same way. One item per owner.
 */
export const importColumnMemorySchema = {
  model: { entity: 'importColumnMemory', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    /** Folded header → field (`ImportField`) or `null` for a column left out. */
    fields: { type: 'any', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: ownerItemIndexes,
} as const;

export const createImportColumnMemoryEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(importColumnMemorySchema, config);
