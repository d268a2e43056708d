import { Entity } from 'electrodb';
import { ownerIndexes } from '../../data/owner-indexes';

/**
 * One conversation with the cellar assistant, per user (the last `ASSISTANT_LIMITS.conversationsKept`
 * are kept): its title is the first question, cut; `messageCount` counts questions and answers and is
 * moved in the same transaction as each message (the bound on a conversation's length).
 */
export const assistantConversationSchema = {
  model: { entity: 'assistantConversation', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    /** ULID: the conversations sort by it in the order they were started. */
    id: { type: 'string', required: true },
    /** Empty until the first question. */
    title: { type: 'string', required: true, default: '' },
    messageCount: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: ownerIndexes,
} as const;

export const createAssistantConversationEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(assistantConversationSchema, config);
