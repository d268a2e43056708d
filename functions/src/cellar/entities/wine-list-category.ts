import { Entity } from 'electrodb';
import { ownerIndexes } from '../../data/owner-indexes';

/** A wine list category or subcategory (SPEC §3): name, parent, visibility, order. */
export const wineListCategorySchema = {
  model: { entity: 'wineListCategory', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    /** '' for a top-level category. */
    parentId: { type: 'string', required: true, default: '' },
    isVisible: { type: 'boolean', required: true, default: true },
    order: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true },
    /**
     * When its deletion began: a category being deleted takes nothing new (no wines, no children, no
     * new parent), so nothing is left in it when it goes.
     */
    deleting: { type: 'string' },
  },
  indexes: ownerIndexes,
} as const;

export const createWineListCategoryEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(wineListCategorySchema, config);
