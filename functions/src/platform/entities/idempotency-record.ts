import { Entity } from 'electrodb';

/**
 * One request made with an `Idempotency-Key`: claimed before the handler runs, then holding the answer
 * that a retry with the same key gets again. TTL removes it after a day.
 */
export const idempotencyRecordSchema = {
  model: { entity: 'idempotencyRecord', version: '1', service: 'kork' },
  attributes: {
    /** Who asked, on which route: `<user id or "public">#<route key>`. */
    scope: { type: 'string', required: true },
    key: { type: 'string', required: true },
    /** A hash of the method, path, query and body: the same key with another request is refused. */
    fingerprint: { type: 'string', required: true },
    state: { type: ['pending', 'done'] as const, required: true },
    /** While pending: until when the claim holds (ms since epoch); a claim left by a crash lapses. */
    lockedUntil: { type: 'number', required: true },
    status: { type: 'number' },
    /** The answer's payload as JSON text. */
    body: { type: 'string' },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    // The record of one key in one scope.
    byKey: {
      pk: { field: 'pk', composite: ['scope', 'key'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

export const createIdempotencyRecordEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(idempotencyRecordSchema, config);
