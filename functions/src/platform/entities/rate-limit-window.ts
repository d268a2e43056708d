import { Entity } from 'electrodb';

/**
 * A fixed-window counter (log-in attempts, sign-up, resend and recovery requests), or with windowStart 0
 * a marker remembered until `expiresAt` (a client that logged in to an address). TTL removes both.
 */
export const rateLimitWindowSchema = {
  model: { entity: 'rateLimitWindow', version: '1', service: 'kork' },
  attributes: {
    key: { type: 'string', required: true },
    windowStart: { type: 'number', required: true },
    count: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    // The counter of one key in one window.
    byKey: {
      pk: { field: 'pk', composite: ['key'] },
      sk: { field: 'sk', composite: ['windowStart'] },
    },
  },
} as const;

export const createRateLimitWindowEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(rateLimitWindowSchema, config);
