/**
 * `Idempotency-Key` on a streamed POST, with the real idempotency records: a completed answer is given
 * again (its events, marked replayed) without running the handler twice; an answer that ended in an error
 * is not kept, so a retry asks again; the key with another body is refused.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { type AssistantStreamEvent, streamEventDecoder } from '@kork/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { useSeededStack } from '../../test/seeded-stack';
import { streamingRoute } from './http-stream';

const { accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant'] });

const ROUTE = 'POST /api/assistant/conversations/{conversationId}/messages';
const context = { awsRequestId: 'aws-1', getRemainingTimeInMillis: () => 60_000 } as Context;

let runs = 0;
const route = streamingRoute(ROUTE, { body: z.object({ text: z.string() }) }, async (req, emit) => {
  runs++;
  emit({ type: 'start', messageId: `m${runs}` });
  if (req.body.text === 'fail') {
    emit({ type: 'error', message: 'Sorry, I had trouble connecting. Please try again.' });
    return;
  }
  emit({ type: 'text', text: `Answer ${runs}` });
  emit({ type: 'done', messageId: `m${runs}` });
});

function event(text: string, key: string): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: ROUTE,
    rawPath: '/api/assistant/conversations/01HZX3K9Q7M2V8T4B6N1C5D0EF/messages',
    rawQueryString: '',
    headers: {
      'x-api-key': 'kork-local-ai',
      'content-type': 'application/json',
      authorization: `Bearer ${accounts.tokens.restaurant}`,
      'idempotency-key': key,
    },
    pathParameters: { conversationId: '01HZX3K9Q7M2V8T4B6N1C5D0EF' },
    requestContext: {
      requestId: `req-${Math.random()}`,
      http: { method: 'POST' },
    } as APIGatewayProxyEventV2['requestContext'],
    body: JSON.stringify({ text }),
    isBase64Encoded: false,
  };
}

async function send(text: string, key: string) {
  const result = (await route(event(text, key), context)) as APIGatewayProxyStructuredResultV2;
  const decoder = streamEventDecoder();
  const events: AssistantStreamEvent[] = [...decoder.push(result.body ?? ''), ...decoder.end()];
  return { status: result.statusCode, headers: result.headers ?? {}, events, body: result.body ?? '' };
}

describe('Idempotency-Key on a streamed answer', () => {
  it('gives a completed answer again, marked replayed, without asking twice', async () => {
    const before = runs;
    const first = await send('what is low?', 'stream-answer-1');
    const again = await send('what is low?', 'stream-answer-1');
    expect(first.status).toBe(200);
    expect(first.events.map((e) => e.type)).toEqual(['start', 'text', 'done']);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(again.events).toEqual(first.events);
    expect(runs).toBe(before + 1);
  });

  it('keeps no answer that ended in an error: a retry with the same key asks again', async () => {
    const before = runs;
    const first = await send('fail', 'stream-answer-2');
    const again = await send('fail', 'stream-answer-2');
    expect(first.events.at(-1)?.type).toBe('error');
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(before + 2);
  });

  it('refuses the key with another question (422), as on every write', async () => {
    await send('first question', 'stream-answer-3');
    const other = await send('another question', 'stream-answer-3');
    expect(other.status).toBe(422);
    expect(JSON.parse(other.body).error.code).toBe('UNPROCESSABLE');
  });
});
