import { Entity } from 'electrodb';

/**
 * A single-use, expiring link token (email verification, password reset). Only its SHA-256 is stored;
 * using it deletes it, and DynamoDB's TTL removes the ones never used.
 */
export const accountTokenSchema = {
  model: { entity: 'accountToken', version: '1', service: 'kork' },
  attributes: {
    tokenHash: { type: 'string', required: true },
    kind: { type: ['verify', 'reset'] as const, required: true },
    ownerId: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
    /**
     * A reset token: the account's `tokenVersion` when it was issued. A password change, a reset or a
     * deactivation raises the version, so a link issued before any of them no longer works.
     */
    sessionVersion: { type: 'number' },
  },
  indexes: {
    // Redeem a token from its link.
    byHash: {
      pk: { field: 'pk', composite: ['tokenHash'] },
      sk: { field: 'sk', composite: [] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['kind', 'tokenHash'] },
    },
  },
} as const;

export const createAccountTokenEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(accountTokenSchema, config);
