import { USER_TYPES, WINE_LEVELS } from '@kork/shared';
import { Entity } from 'electrodb';

const text = { type: 'string' } as const;

/** A person's account and profile. `tokenVersion` rises to end every session at once. */
export const userSchema = {
  model: { entity: 'user', version: '1', service: 'kork' },
  attributes: {
    id: { type: 'string', required: true },
    /** Every item a user owns carries `ownerId`; the user's own row too. */
    ownerId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    passwordHash: text,
    firstName: { type: 'string', required: true },
    lastName: { type: 'string', required: true },
    userType: { type: USER_TYPES, required: true },
    role: { type: ['user', 'business', 'admin'] as const, required: true },
    isExpert: { type: 'boolean', required: true, default: false },
    /** `deleting`: deletion was asked for; the account is locked and hidden while its data is purged. */
    status: { type: ['active', 'deactivated', 'deleting'] as const, required: true, default: 'active' },
    emailVerified: { type: 'boolean', required: true, default: false },
    tokenVersion: { type: 'number', required: true, default: 1 },
    birthDate: text,
    country: text,
    viewCurrency: { type: 'string', required: true, default: 'EUR' },
    wineLevel: { type: WINE_LEVELS },
    bio: text,
    jobTitle: text,
    location: text,
    webUrl: text,
    instagramUrl: text,
    profileImage: text,
    favoriteStores: { type: 'list', items: { type: 'string' } },
    newsletter: { type: 'boolean', required: true, default: false },
    organizationNumber: text,
    tastingLocationName: text,
    tastingLocationAddress: text,
    tastingLocationLat: { type: 'number' },
    tastingLocationLong: { type: 'number' },
    tastingLocationImage: text,
    tastingLocationLogo: text,
    tastingLocationBio: text,
    tastingLocationWebUrl: text,
    tastingLocationMenuUrl: text,
    tastingLocationBookingUrl: text,
    tastingLocationInstagramUsername: text,
    tastingLocationIsWineListPublic: { type: 'boolean', required: true, default: true },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    deactivatedAt: text,
    /** When deletion was asked for (the purge's messages carry it). */
    deletionRequestedAt: text,
    /** The closing mail of a deletion was claimed: it goes once, however often the last step runs. */
    deletionMailAt: text,
    /** Which public directory lists the account (global search): experts, tasting locations, or none. */
    directory: { type: ['expert', 'tastingLocation', 'member'] as const, required: true, default: 'member' },
  },
  indexes: {
    // Load an account by id (every authenticated request checks its session state here).
    byId: {
      pk: { field: 'pk', composite: ['id'] },
      sk: { field: 'sk', composite: [] },
    },
    // Experts and tasting locations, for the global search.
    byDirectory: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['directory'] },
      sk: { field: 'gsi1sk', composite: ['id'] },
    },
    // Everything a user owns, across entities: what account deletion removes.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
} as const;

export const createUserEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(userSchema, config);
