/**
 * The assistant's conversations, per user: started empty, titled by their first question, the last
 * `ASSISTANT_LIMITS.conversationsKept` kept (starting one more removes the oldest with its messages).
 * Another user's conversation is answered as not found, never as forbidden: its id reveals nothing.
 */
import {
  ASSISTANT_LIMITS,
  type AssistantConversation,
  type AssistantConversationSummary,
  type AssistantMessage,
  type AssistantNewConversation,
  type AssistantProposal,
  type AssistantToolCall,
} from '@kork/shared';
import { monotonicFactory } from 'ulid';
import { BATCH_WRITE_MAX } from '../../data/owned-purge';
import { type EntityRecord, tables, transaction } from '../../data/tables';
import {
  commitTransaction,
  isConditionFailure,
  retryOnConflict,
  TransactionCanceled,
} from '../../data/transactions';
import { DomainError, NotFoundError } from '../../platform/errors';

/** A conversation with no room for another question and its answer (409; not retried as a conflict). */
export class ConversationFullError extends DomainError {
  override name = 'ConversationFullError';
  readonly code = 'CONFLICT';
  readonly status = 409;
  constructor() {
    super({ key: 'assistantConversationFull' });
  }
}

export type ConversationRecord = EntityRecord<'assistantConversation'>;
export type MessageRecord = EntityRecord<'assistantMessage'>;

/** ULIDs that keep their order within one millisecond (a question and its answer). */
export const nextId = monotonicFactory();

/** The first question, cut to the title's length on a word where it can be. */
export function titleOf(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  const max = ASSISTANT_LIMITS.titleMaxLength;
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function summaryOf(record: ConversationRecord): AssistantConversationSummary {
  return {
    id: record.id,
    title: record.title,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    messageCount: record.messageCount,
  };
}

export function messageOf(record: MessageRecord): AssistantMessage {
  const out: AssistantMessage = {
    id: record.id,
    role: record.role,
    text: record.text,
    createdAt: record.createdAt,
  };
  const toolCalls = record.toolCalls as AssistantToolCall[] | undefined;
  const proposals = record.proposals as AssistantProposal[] | undefined;
  if (toolCalls?.length) out.toolCalls = toolCalls;
  if (proposals?.length) out.proposals = proposals;
  if (record.cutOff) out.cutOff = true;
  return out;
}

async function conversationsOf(ownerId: string): Promise<ConversationRecord[]> {
  const { data } = await tables('assistant')
    .assistantConversation.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true });
  return data;
}

/** The user's conversation, or 404 (also when it is someone else's). */
export async function conversationOf(ownerId: string, conversationId: string): Promise<ConversationRecord> {
  const { data } = await tables('assistant')
    .assistantConversation.get({ ownerId, id: conversationId })
    .go({ consistent: true });
  if (!data) throw new NotFoundError();
  return data;
}

/** Removes a conversation's messages, 25 to a batch (they are only reachable through the conversation). */
async function deleteMessages(ownerId: string, conversationId: string): Promise<void> {
  const { assistantMessage } = tables('assistant');
  let cursor: string | null = null;
  do {
    const page: { data: Pick<MessageRecord, 'ownerId' | 'conversationId' | 'id'>[]; cursor: string | null } =
      await assistantMessage.query
        .byConversation({ ownerId, conversationId })
        .go({ limit: 100, cursor, attributes: ['ownerId', 'conversationId', 'id'] });
    for (let i = 0; i < page.data.length; i += BATCH_WRITE_MAX) {
      const keys = page.data.slice(i, i + BATCH_WRITE_MAX).map(({ ownerId: o, conversationId: c, id }) => ({
        ownerId: o,
        conversationId: c,
        id,
      }));
      await assistantMessage.delete(keys).go();
    }
    cursor = page.cursor;
  } while (cursor);
}

/**
 * Starts a conversation, titled as asked or else by its first question. When the user already keeps the
 * most, the oldest goes in the same transaction (conditional on it still being there, so two starts at
 * once remove two different ones), then its messages; a start that raced past the bound trims what is
 * left over.
 */
export async function createConversation(
  ownerId: string,
  now = new Date(),
  input: AssistantNewConversation = {},
): Promise<{ id: string }> {
  const at = now.toISOString();
  const record = {
    ownerId,
    id: nextId(now.getTime()),
    title: input.title ?? '',
    messageCount: 0,
    createdAt: at,
    updatedAt: at,
  };
  const removed = await retryOnConflict(async () => {
    const existing = await conversationsOf(ownerId);
    const oldest = existing.length >= ASSISTANT_LIMITS.conversationsKept ? existing[0] : undefined;
    await commitTransaction(() =>
      transaction('assistant').write(({ assistantConversation }) => [
        assistantConversation.create(record).commit(),
        ...(oldest
          ? [
              assistantConversation
                .delete({ ownerId, id: oldest.id })
                .where((a, { exists }) => exists(a.id))
                .commit(),
            ]
          : []),
      ]),
    );
    return oldest ? [oldest.id] : [];
  });
  const after = await conversationsOf(ownerId);
  const excess = after.slice(0, Math.max(0, after.length - ASSISTANT_LIMITS.conversationsKept));
  for (const conversation of excess) {
    if (conversation.id === record.id) continue;
    await deleteConversationRecord(ownerId, conversation.id);
    removed.push(conversation.id);
  }
  for (const id of removed) await deleteMessages(ownerId, id);
  return { id: record.id };
}

async function deleteConversationRecord(ownerId: string, id: string): Promise<boolean> {
  try {
    await tables('assistant')
      .assistantConversation.delete({ ownerId, id })
      .where((a, { exists }) => exists(a.id))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The user's conversations, the most recently used first. */
export async function listConversations(
  ownerId: string,
): Promise<{ rows: AssistantConversationSummary[]; count: number }> {
  const rows = (await conversationsOf(ownerId))
    .map(summaryOf)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id));
  return { rows, count: rows.length };
}

/** The conversation's messages, oldest first (at most `messagesPerConversation`). */
export async function messagesOf(ownerId: string, conversationId: string): Promise<MessageRecord[]> {
  const { data } = await tables('assistant')
    .assistantMessage.query.byConversation({ ownerId, conversationId })
    .go({ pages: 'all', consistent: true });
  return data;
}

export async function getConversation(
  ownerId: string,
  conversationId: string,
): Promise<AssistantConversation> {
  const conversation = await conversationOf(ownerId, conversationId);
  const messages = await messagesOf(ownerId, conversationId);
  return {
    id: conversation.id,
    title: conversation.title,
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
    messages: messages.map(messageOf),
  };
}

/** Deletes the conversation and its messages; 404 when the user has no such conversation. */
export async function deleteConversation(ownerId: string, conversationId: string): Promise<void> {
  if (!(await deleteConversationRecord(ownerId, conversationId))) throw new NotFoundError();
  await deleteMessages(ownerId, conversationId);
}

/**
 * Stores the person's question, with the conversation's count moved in the same transaction and
 * conditional on the count that was read (the first question also titles it). Room for the answer is
 * kept: a conversation with fewer than two places left is full (409).
 */
export async function addQuestion(
  ownerId: string,
  conversationId: string,
  text: string,
  now = new Date(),
): Promise<{ conversation: ConversationRecord; message: MessageRecord }> {
  return retryOnConflict(async () => {
    const conversation = await conversationOf(ownerId, conversationId);
    if (conversation.messageCount + 2 > ASSISTANT_LIMITS.messagesPerConversation) {
      throw new ConversationFullError();
    }
    const at = now.toISOString();
    const message = {
      ownerId,
      conversationId,
      id: nextId(now.getTime()),
      role: 'user' as const,
      text,
      createdAt: at,
    };
    const title = conversation.messageCount === 0 && !conversation.title ? titleOf(text) : conversation.title;
    // A failed condition (another question, or the conversation deleted) reads again: 404 when it is gone.
    await commitTransaction(() =>
      transaction('assistant').write(({ assistantConversation, assistantMessage }) => [
        assistantConversation
          .patch({ ownerId, id: conversationId })
          .set({ messageCount: conversation.messageCount + 1, updatedAt: at, title })
          .where((a, { eq }) => eq(a.messageCount, conversation.messageCount))
          .commit(),
        assistantMessage.create(message).commit(),
      ]),
    );
    return { conversation: { ...conversation, title, messageCount: conversation.messageCount + 1 }, message };
  });
}

export interface AnswerToStore {
  text: string;
  toolCalls: AssistantToolCall[];
  proposals: AssistantProposal[];
  cutOff: boolean;
}

/**
 * Stores the assistant's answer under the id its stream announced. A conversation deleted while the
 * answer was written keeps nothing (404).
 */
export async function addAnswer(
  ownerId: string,
  conversationId: string,
  id: string,
  answer: AnswerToStore,
  now = new Date(),
): Promise<MessageRecord> {
  const at = now.toISOString();
  const message: MessageRecord = {
    ownerId,
    conversationId,
    id,
    role: 'assistant',
    text: answer.text,
    createdAt: at,
    ...(answer.toolCalls.length ? { toolCalls: answer.toolCalls } : {}),
    ...(answer.proposals.length ? { proposals: answer.proposals } : {}),
    ...(answer.cutOff ? { cutOff: true } : {}),
  };
  try {
    await commitTransaction(() =>
      transaction('assistant').write(({ assistantConversation, assistantMessage }) => [
        assistantConversation
          .patch({ ownerId, id: conversationId })
          .add({ messageCount: 1 })
          .set({ updatedAt: at })
          .commit(),
        assistantMessage.create(message).commit(),
      ]),
    );
  } catch (error) {
    if (error instanceof TransactionCanceled && error.failedConditions.includes(0)) throw new NotFoundError();
    throw error;
  }
  return message;
}
