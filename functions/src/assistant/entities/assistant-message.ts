import { Entity } from 'electrodb';

/**
 * One message of a conversation: the person's question or the assistant's answer, with the tools the
 * answer ran, the proposals it made and whether it was cut off. Keyed by the owner and the conversation,
 * so a message is only ever read through its owner's conversation.
 */
export const assistantMessageSchema = {
  model: { entity: 'assistantMessage', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    conversationId: { type: 'string', required: true },
    /** ULID: the conversation's messages in the order they were written. */
    id: { type: 'string', required: true },
    role: { type: ['user', 'assistant'] as const, required: true },
    text: { type: 'string', required: true },
    /** `AssistantToolCall[]` (name, validated input, ok). */
    toolCalls: { type: 'any' },
    /** `AssistantProposal[]`: what the answer offered to change (nothing changed until confirmed). */
    proposals: { type: 'any' },
    /** The answer stopped before it was complete (an error, a timeout, the round limit). */
    cutOff: { type: 'boolean' },
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    // A conversation's messages in order; deleting a conversation removes them.
    byConversation: {
      pk: { field: 'pk', composite: ['ownerId', 'conversationId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    // What account deletion removes.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['conversationId', 'id'] },
    },
  },
} as const;

export const createAssistantMessageEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(assistantMessageSchema, config);
