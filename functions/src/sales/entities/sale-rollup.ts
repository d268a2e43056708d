import { Entity } from 'electrodb';

/**
 * A day's sales of one wine, pre-summed for the sales analytics (docs/sales-analytics.md "Rollups"):
 * one item per cellar, day and `group` (the wine with the category and country its lines were sold
 * under). Every sale adds its lines to these items with ADD updates in the transaction that writes the
 * sale, and deleting it subtracts them in the transaction that deletes it, so they hold exactly the
 * sales there are. Money is integer minor units.
 *
 * The distinct-sale counts: `sales` counts the sales of this wine on the day; `daySales`,
 * `categorySales` and `countrySales` count each sale once on one item of its day, category and country
 * (its first group of that day, category or country), so summing them over any days and groups gives
 * the distinct sales of a period, a category or a country without reading a sale.
 *
 * The item `day: 'marker'` (group `''`) is the backfill's marker: when the cellar's rollups were last
 * rebuilt from its sales.
 */
export const saleRollupSchema = {
  model: { entity: 'saleRollup', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    /** YYYY-MM-DD (or 'marker'). */
    day: { type: 'string', required: true },
    /** `<ownWineId>|<mainCategoryId>|<country>`. */
    group: { type: 'string', required: true },
    ownWineId: { type: 'string' },
    /** The name of the wine's latest sale, for a wine no longer in the cellar. */
    wineDisplayName: { type: 'string' },
    mainCategoryId: { type: 'string' },
    country: { type: 'string' },
    units: { type: 'number' },
    glassUnits: { type: 'number' },
    unitsWithoutCost: { type: 'number' },
    /** Without VAT: each line's total less its VAT, rounded per line, summed. */
    revenue: { type: 'number' },
    revenueWithVat: { type: 'number' },
    cost: { type: 'number' },
    sales: { type: 'number' },
    daySales: { type: 'number' },
    categorySales: { type: 'number' },
    countrySales: { type: 'number' },
    /** The marker's: when the rollups were rebuilt, and from how many sales. */
    rebuiltAt: { type: 'string' },
    rebuiltFrom: { type: 'number' },
  },
  indexes: {
    byDay: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['day', 'group'] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['day', 'group'] },
    },
  },
} as const;

export const createSaleRollupEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(saleRollupSchema, config);
