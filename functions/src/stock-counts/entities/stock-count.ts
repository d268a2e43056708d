import { Entity } from 'electrodb';

/**
 * A stock count (SPEC §3 Stock count; shared/src/stock-counts.ts). Its entries are items of their own
 * (stock-count-entry.ts), so two counters never write the same item unless they count the same wine in
 * the same location. `version` rises with every change of the count itself; `status` moves open →
 * finishing → finished, each step conditional on the one before, so entries cannot land in a count that
 * is being finished and a count is never finished twice. `finishingAt` lets a finish that died part way
 * be taken up again.
 */
export const stockCountSchema = {
  model: { entity: 'stockCount', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string' },
    /** YYYY-MM-DD. */
    date: { type: 'string', required: true },
    /** The moment the expected bottles are taken at (ISO). */
    asOf: { type: 'string', required: true },
    /** null: the whole cellar. */
    locationIds: { type: 'any' },
    note: { type: 'string' },
    /** A blind count keeps "Expected" from its counters until it is finished. */
    blind: { type: 'boolean' },
    /** open | finishing | finished */
    status: { type: 'string', required: true },
    /** applied | reportOnly (set when finished). */
    outcome: { type: 'string' },
    createdBy: { type: 'string', required: true },
    createdByName: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    finishingAt: { type: 'string' },
    finishedAt: { type: 'string' },
    finishedBy: { type: 'string' },
    finishedByName: { type: 'string' },
    /** StockCountSummary, kept current when entries land and frozen when finished. */
    summary: { type: 'any' },
    /** [{userId, name}] of everyone who entered a figure. */
    counters: { type: 'any' },
    /**
     * When the cached summary was worked out (ms): a summary is written only over an older one, so the
     * last written saw every entry written before it.
     */
    summaryAt: { type: 'number' },
    /**
     * The open count's summary as a running tally (shared/src/stock-count-tally.ts), bottles in tenths:
     * set once from the sheet, then every entry batch ADDs what it changes in the same transaction as its
     * entries. Absent until the first batch (and on counts from before the tally).
     */
    tallyLines: { type: 'number' },
    tallyCounted: { type: 'number' },
    tallyUncounted: { type: 'number' },
    tallyExtra: { type: 'number' },
    tallyExpectedTenths: { type: 'number' },
    tallyCountedTenths: { type: 'number' },
    tallyDifferenceTenths: { type: 'number' },
    tallyDifferenceValue: { type: 'number' },
    /** JSON `[userId, name]` of everyone whose figure was written (ADDed with the entries). */
    counterIds: { type: 'set', items: 'string' },
    version: { type: 'number', required: true, default: 0 },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['id'] },
    },
  },
} as const;

export const createStockCountEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(stockCountSchema, config);
