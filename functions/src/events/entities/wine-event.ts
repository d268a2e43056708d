import { Entity } from 'electrodb';

/**
 * A wine event (SPEC §3 Event; shared/src/events.ts) with its wine lists in the same item: an event has
 * at most EVENT_LIMITS.listsMax lists of EVENT_LIMITS.winesPerListMax catalogue wine ids, a few kilobytes,
 * so every change of the event or a list (replace all included) is one conditional write on `version`.
 *
 * - `byId`: the event by its id (its link).
 * - `byListing` (gsi1): public events by start instant, `listing` = `public`; a private event has
 *   `listing` = `private` and is never read by the listing.
 * - `byName` (gsi2): every event by its folded name, for the exact-name search that finds a private one.
 * - `byOwner` (gsi3, the `owned` collection): the organiser's events, removed with the account.
 */
export const wineEventSchema = {
  model: { entity: 'wineEvent', version: '1', service: 'kork' },
  attributes: {
    id: { type: 'string', required: true },
    /** The organiser's user id. */
    ownerId: { type: 'string', required: true },
    /** public | private (SPEC §3 type). */
    type: { type: 'string', required: true },
    /** The listing's partition: `public` or `private`, the same as `type`. */
    listing: { type: 'string', required: true },
    horecaPrices: { type: 'boolean', required: true },
    name: { type: 'string', required: true },
    /** `foldText(name)`: the exact-name search's key. */
    nameKey: { type: 'string', required: true },
    category: { type: 'string', required: true },
    description: { type: 'string', required: true },
    startDate: { type: 'string', required: true },
    endDate: { type: 'string', required: true },
    startTime: { type: 'string', required: true },
    endTime: { type: 'string', required: true },
    /** ISO instants of the start and end in Oslo time (`eventInstants`). */
    startsAt: { type: 'string', required: true },
    endsAt: { type: 'string', required: true },
    location: { type: 'string', required: true },
    city: { type: 'string', required: true },
    website: { type: 'string', required: true },
    ticketLink: { type: 'string', required: true },
    /** The stored path of the cover (users/<ownerId>/…), when there is one. */
    coverPhoto: { type: 'string' },
    /** `[{id, name, wineIds: string[]}]`, in the organiser's order. */
    wineLists: { type: 'any', required: true },
    version: { type: 'number', required: true },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'] },
      sk: { field: 'sk', composite: [] },
    },
    byListing: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['listing'] },
      sk: { field: 'gsi1sk', composite: ['startsAt', 'id'] },
    },
    byName: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['nameKey'] },
      sk: { field: 'gsi2sk', composite: ['id'] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['id'] },
    },
  },
} as const;

export const createWineEventEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(wineEventSchema, config);
