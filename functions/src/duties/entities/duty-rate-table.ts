import { Entity } from 'electrodb';

/**
 * The duty rates in use (docs/duties.md): the whole validated rates file as one item, replaced as a
 * whole by the `duty-rates` job. One item, not one per row: a load is a single put, so a reader never
 * sees half of an old table and half of a new one, and a reload of the same file is found unchanged by
 * its digest and not written at all. The rows are stored as the file has them (without validTo, which
 * is derived from them again when read); at most 500 rows stay far under an item's 400 KB.
 */
export const dutyRateTableSchema = {
  model: { entity: 'dutyRateTable', version: '1', service: 'kork' },
  attributes: {
    /** The file's rows (`DutyRatesFile['rows']`), checked again with `DutyRatesFile` when read. */
    rows: { type: 'any', required: true },
    /** sha256 of the rows as stored: the same file loaded again is recognised and left alone. */
    digest: { type: 'string', required: true },
    /** Where the rows were read from ("the rates the app ships", the bucket's key, a local path). */
    origin: { type: 'string', required: true },
    loadedAt: { type: 'string', required: true },
  },
  indexes: {
    // The one table: a get by a fixed key.
    byTable: {
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

export const createDutyRateTableEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(dutyRateTableSchema, config);
