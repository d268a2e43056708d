import { Entity } from 'electrodb';

/**
 * One wine line of an import (shared/src/imports.ts `ImportLine`), in the job's partition in file order
 * (`lineKey` is the index zero-padded, so a query reads them in order). Removed by TTL with its job.
 */
export const importLineSchema = {
  model: { entity: 'importLine', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    importId: { type: 'string', required: true },
    /** `String(index).padStart(5, '0')`. */
    lineKey: { type: 'string', required: true },
    index: { type: 'number', required: true },
    at: { type: 'any', required: true },
    raw: { type: 'string', required: true },
    parsed: { type: 'any', required: true },
    issues: { type: 'any' },
    match: { type: 'any', required: true },
    duplicate: { type: 'any' },
    choice: { type: 'any', required: true },
    onDuplicate: { type: 'string', required: true },
    confirmed: { type: 'boolean', required: true },
    ownWineId: { type: 'string' },
    /** Why the line could not be written (`ImportLine['error']`). */
    error: { type: 'any' },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byImport: {
      pk: { field: 'pk', composite: ['ownerId', 'importId'] },
      sk: { field: 'sk', composite: ['lineKey'] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['importId', 'lineKey'] },
    },
  },
} as const;

export function lineKeyOf(index: number): string {
  return String(index).padStart(5, '0');
}

export const createImportLineEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(importLineSchema, config);
