import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createConversation, deleteConversation, getConversation, listConversations } from './assistant-api';

/**
 * The assistant's server state as TanStack Query options, one per endpoint. Every key starts with
 * `['assistant']`: a new or deleted conversation refreshes the list.
 */
export const assistantKeys = {
  all: ['assistant'] as const,
  conversations: () => ['assistant', 'conversations'] as const,
  conversation: (id: string) => ['assistant', 'conversation', id] as const,
};

/** `GET /api/assistant/conversations`: the last conversations, newest first. */
export const conversationsQuery = () =>
  queryOptions({
    queryKey: assistantKeys.conversations(),
    queryFn: ({ signal }) => listConversations(signal),
  });

/** `GET /api/assistant/conversations/{id}`: one conversation with its messages. */
export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: assistantKeys.conversation(id),
    queryFn: ({ signal }) => getConversation(id, signal),
    // An open conversation is written by this screen: it is read when opened, not behind its back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** `POST /api/assistant/conversations`. */
export function useCreateConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    // The list refreshes behind the question: the answer starts streaming without waiting for it.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: assistantKeys.conversations() });
    },
  });
}

/** `DELETE /api/assistant/conversations/{id}`. */
export function useDeleteConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: assistantKeys.conversation(id) });
      return client.invalidateQueries({ queryKey: assistantKeys.conversations() });
    },
  });
}
