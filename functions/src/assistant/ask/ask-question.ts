import { AssistantMessageQuery, AssistantQuestion, pathIds } from '@kork/shared';
import type { Principal } from '../../platform/auth';
import type { HttpRequest } from '../../platform/http';
import { streamingRoute } from '../../platform/http-stream';
import { conversationOf } from '../conversations/conversation-service';
import { type AskInput, askStreaming, askWhole } from './ask-service';

function askOf(
  req: HttpRequest<{ text: string }, unknown, { conversationId: string }>,
  signal: AbortSignal,
): AskInput {
  return {
    userId: (req.principal as Principal).userId,
    conversationId: req.params.conversationId,
    text: req.body.text,
    locale: req.locale,
    currency: req.currency,
    requestId: req.requestId,
    log: req.log,
    signal,
  };
}

/** A stream of NDJSON events (`start`, `text`, `tool`, `proposal`, then `done` or `error`); `?stream=false` the whole answer. */
export const handler = streamingRoute(
  'POST /api/assistant/conversations/{conversationId}/messages',
  {
    params: pathIds('conversationId'),
    query: AssistantMessageQuery,
    body: AssistantQuestion,
    // Another person's conversation is not found, before the question is read.
    access: (req) => conversationOf((req.principal as Principal).userId, req.params.conversationId),
  },
  async (req, emit, signal) => {
    if (req.query.stream === 'false') return { payload: await askWhole(askOf(req, signal)) };
    await askStreaming(askOf(req, signal), emit);
    return undefined;
  },
);
