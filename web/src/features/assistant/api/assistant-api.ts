import type { AssistantConversation, AssistantConversationSummary } from '@kork/shared';
import { api, type Page } from '../../../lib/api-client';

/**
 * The assistant's conversation routes (`/api/assistant/conversations…`), through the one API client,
 * which sends the AI client's key on them. The answer itself streams: lib/assistant-stream.ts.
 */

const CONVERSATIONS = '/assistant/conversations';
const one = (id: string) => `${CONVERSATIONS}/${encodeURIComponent(id)}`;

export function listConversations(signal?: AbortSignal): Promise<Page<AssistantConversationSummary>> {
  return api.get<Page<AssistantConversationSummary>>(CONVERSATIONS, { signal });
}

export function getConversation(id: string, signal?: AbortSignal): Promise<AssistantConversation> {
  return api.get<AssistantConversation>(one(id), { signal });
}

export function createConversation(): Promise<{ id: string }> {
  return api.post<{ id: string }>(CONVERSATIONS, { body: {} });
}

export function deleteConversation(id: string): Promise<void> {
  return api.delete<void>(one(id));
}
