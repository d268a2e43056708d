import { Entity } from 'electrodb';
import { ownerIndexes } from '../../data/owner-indexes';

/**
 * One batch import (shared/src/imports.ts `ImportJob`): its state, counts, progress and, for a table,
 * the columns and their assignment. Every change is conditional on `version` (raised by one each time),
 * so a step, a decision and a cancel that meet never overwrite one another; `writtenThrough` is the last
 * line index written to the cellar, moved in the same transaction as the wines it wrote. Removed by TTL
 * (`expiresAt`) `IMPORT_LIMITS.keepDays` after it was made.
 */
export const importJobSchema = {
  model: { entity: 'importJob', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    kind: { type: 'string', required: true },
    status: { type: 'string', required: true },
    version: { type: 'number', required: true },
    fileName: { type: 'string' },
    fileSize: { type: 'number' },
    contentType: { type: 'string' },
    /** The language of the request that made the job (what a magic import reads the text in). */
    locale: { type: 'string' },
    /** The object key in the imports bucket. */
    uploadKey: { type: 'string' },
    columns: { type: 'any' },
    assignment: { type: 'any' },
    assignmentSource: { type: 'string' },
    /** 'withoutDuties': the purchase price ex VAT column is without duties (added as lines are written). */
    purchasePrices: { type: 'string' },
    format: { type: 'string' },
    counts: { type: 'any', required: true },
    progress: { type: 'any' },
    error: { type: 'any' },
    truncated: { type: 'boolean' },
    unreadLines: { type: 'any' },
    /** Index of the last line written to the cellar; -1 before the first. */
    writtenThrough: { type: 'number', required: true },
    /**
     * Set while a decisions PATCH of several transactions is being written (ISO time it lapses at):
     * the job's other changes wait for it, a cancel does not.
     */
    decidingUntil: { type: 'string' },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    finishedAt: { type: 'string' },
    /** Epoch seconds: DynamoDB's TTL removes the job. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: ownerIndexes,
} as const;

export const createImportJobEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(importJobSchema, config);
