import { Entity } from 'electrodb';

/** A tasting note (SPEC §3): points, date, text, photo, drinking window, private or published. */
export const tastingNoteSchema = {
  model: { entity: 'tastingNote', version: '1', service: 'kork' },
  attributes: {
    id: { type: 'string', required: true },
    wineId: { type: 'string', required: true },
    /** The author. */
    ownerId: { type: 'string', required: true },
    /** Whether the author was a verified expert when the note was written; decides which average it joins. */
    authorIsExpert: { type: 'boolean', required: true, default: false },
    points: { type: 'number', required: true },
    date: { type: 'string', required: true },
    text: { type: 'string' },
    photo: { type: 'string' },
    drinkingWindowFrom: { type: 'number' },
    drinkingWindowTo: { type: 'number' },
    isPublished: { type: 'boolean', required: true },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'] },
      sk: { field: 'sk', composite: [] },
    },
    // A wine's notes, newest first.
    byWine: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['wineId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
    // A person's notes (My tastings, the public profile) and what account deletion removes.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['createdAt', 'id'] },
    },
  },
} as const;

export const createTastingNoteEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(tastingNoteSchema, config);
