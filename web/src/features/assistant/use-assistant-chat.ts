import type {
  AssistantMessage,
  AssistantProposal,
  AssistantStreamEvent,
  AssistantToolName,
} from '@kork/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { askAssistant } from '../../lib/assistant-stream';
import { assistantKeys, conversationQuery, useCreateConversation } from './api/assistant-queries';

/** A message as the chat shows it: stored ones as they came, the one being answered as it streams. */
export interface ChatMessage {
  key: string;
  role: AssistantMessage['role'];
  text: string;
  proposals: AssistantProposal[];
  /** Stopped before it was complete: never shown as whole. */
  cutOff: boolean;
}

/** Why the last question got no (whole) answer. `message` is the server's when it refused the question. */
export interface ChatFailure {
  question: string;
  message?: string;
}

let counter = 0;
const localKey = (role: string) => `local-${role}-${++counter}`;

function fromStored(message: AssistantMessage): ChatMessage {
  return {
    key: message.id,
    role: message.role,
    text: message.text,
    proposals: message.proposals ?? [],
    cutOff: message.cutOff === true,
  };
}

/** A refusal with its own message (too many questions, the month's allowance spent); else §8's. */
function failureMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : undefined;
}

/**
 * One conversation with the assistant: its messages, the answer being streamed, the tool it is running,
 * a failure to retry, and the proposals confirmed here (a reload forgets them; the idempotency key
 * derived from the proposal still keeps a second confirmation from changing anything twice).
 */
export function useAssistantChat() {
  const client = useQueryClient();
  const create = useCreateConversation();
  const [conversationId, setConversationId] = useState<string>();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [answering, setAnswering] = useState(false);
  const [tool, setTool] = useState<AssistantToolName>();
  const [failure, setFailure] = useState<ChatFailure>();
  const [opening, setOpening] = useState(false);
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(() => new Set());
  const running = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => running.current?.abort(), []);

  const stop = useCallback(() => {
    running.current?.abort();
    running.current = undefined;
    setAnswering(false);
    setTool(undefined);
  }, []);

  const ask = useCallback(
    async (question: string) => {
      const text = question.trim();
      if (!text || running.current) return;
      const controller = new AbortController();
      running.current = controller;
      setFailure(undefined);
      setAnswering(true);
      const answerKey = localKey('assistant');
      setMessages((current) => [
        ...current,
        { key: localKey('user'), role: 'user', text, proposals: [], cutOff: false },
        { key: answerKey, role: 'assistant', text: '', proposals: [], cutOff: false },
      ]);
      const change = (update: (message: ChatMessage) => ChatMessage) =>
        setMessages((current) =>
          current.map((message) => (message.key === answerKey ? update(message) : message)),
        );
      // The answer without its text yet (a failure before the first word) leaves no empty bubble behind.
      const endAnswer = (cutOff: boolean) =>
        setMessages((current) =>
          current.flatMap((message) => {
            if (message.key !== answerKey) return [message];
            if (!message.text && message.proposals.length === 0) return [];
            return [{ ...message, cutOff: message.cutOff || cutOff }];
          }),
        );

      let id = conversationId;
      let failed: ChatFailure | undefined;
      try {
        if (!id) {
          id = (await create.mutateAsync()).id;
          if (controller.signal.aborted) return;
          setConversationId(id);
        }
        let ended = false;
        const onEvent = (event: AssistantStreamEvent) => {
          if (controller.signal.aborted) return;
          switch (event.type) {
            case 'text':
              // The status keeps naming the part of the cellar the answer comes from until it ends.
              change((message) => ({ ...message, text: message.text + event.text }));
              break;
            case 'tool':
              setTool(event.name);
              break;
            case 'proposal':
              change((message) => ({ ...message, proposals: [...message.proposals, event.proposal] }));
              break;
            case 'done':
              ended = true;
              break;
            case 'error':
              ended = true;
              failed = { question: text };
              break;
            default:
              break;
          }
        };
        await askAssistant(id, text, onEvent, { signal: controller.signal });
        // A stream that stops without saying it is done is an answer cut off.
        if (!ended) failed = { question: text };
      } catch (error) {
        if (controller.signal.aborted) return;
        failed = { question: text, message: failureMessage(error) };
      } finally {
        if (running.current === controller) {
          running.current = undefined;
          setAnswering(false);
          setTool(undefined);
          if (!controller.signal.aborted) {
            endAnswer(failed !== undefined);
            setFailure(failed);
          }
        }
        if (id) {
          void client.invalidateQueries({ queryKey: assistantKeys.conversation(id) });
          void client.invalidateQueries({ queryKey: assistantKeys.conversations() });
        }
      }
    },
    [client, conversationId, create],
  );

  const retry = useCallback(() => {
    if (failure) void ask(failure.question);
  }, [ask, failure]);

  /** Starts afresh; the conversation itself is created with its first question. */
  const startNew = useCallback(() => {
    stop();
    setConversationId(undefined);
    setMessages([]);
    setFailure(undefined);
    setConfirmed(new Set());
  }, [stop]);

  const open = useCallback(
    async (id: string) => {
      stop();
      setFailure(undefined);
      setOpening(true);
      try {
        const conversation = await client.fetchQuery(conversationQuery(id));
        setConversationId(conversation.id);
        setMessages(conversation.messages.map(fromStored));
        setConfirmed(new Set());
      } finally {
        setOpening(false);
      }
    },
    [client, stop],
  );

  const markConfirmed = useCallback(
    (proposalId: string) => setConfirmed((current) => new Set(current).add(proposalId)),
    [],
  );

  return {
    conversationId,
    messages,
    answering,
    tool,
    failure,
    opening,
    confirmed,
    ask,
    retry,
    startNew,
    open,
    markConfirmed,
  };
}
