import { Entity } from 'electrodb';
import { ownerIndexes } from '../../data/owner-indexes';

/**
 * Which wines one write changed, written in the same transaction as the wines (wine-transaction.ts), so
 * an instance that holds the cellar at an earlier version reads only the wines changed since instead of
 * the whole cellar (docs/cellar-reads.md, "After a change"). Keyed by a ULID taken as the transaction is
 * built; kept a day (`expiresAt`), far longer than any held copy may be used.
 */
export const cellarChangeSchema = {
  model: { entity: 'cellarChange', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    /** The cellar wines the write created, changed or deleted. */
    wineIds: { type: 'list', items: { type: 'string' } },
    /** Wines were written around the cellar's transactions (a seed): a holder reads the whole cellar again. */
    whole: { type: 'boolean' },
    /** When the table's time to live removes the item (seconds since the epoch). */
    expiresAt: { type: 'number' },
  },
  indexes: ownerIndexes,
} as const;

export const createCellarChangeEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(cellarChangeSchema, config);
