import { PassThrough, type Writable } from 'node:stream';
import { type AssistantStreamEvent, streamEventDecoder } from '@kork/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type { RouteKey } from '../routes';
import { resetSigningKey, TOKEN_AUDIENCE, TOKEN_ISSUER } from './auth';
import { resetEnvCache } from './env';
import { ValidationError } from './errors';
import { httpRoute } from './http';
import { isStreamingHandler, type StreamSink, streamingRoute } from './http-stream';

// Two routes of the shape the assistant's take: one streamed for the AI client only, one for it without a body.
vi.mock('../routes', async (importOriginal) => {
  const original = await importOriginal<typeof import('../routes')>();
  return {
    ...original,
    routes: {
      ...original.routes,
      'POST /api/test/conversations/{conversationId}/messages': {
        handler: 'test/ask',
        auth: 'user',
        needs: [],
        group: 'assistant',
        stream: true,
        clientKey: 'ai',
      },
      'GET /api/test/open': {
        handler: 'test/open',
        auth: 'public',
        needs: [],
        group: 'assistant',
        stream: true,
        clientKey: 'ai',
      },
    },
  };
});

const ASK = 'POST /api/test/conversations/{conversationId}/messages' as RouteKey;
const OPEN = 'GET /api/test/open' as RouteKey;
const KEY = Buffer.alloc(32, 9).toString('base64');

const sessions = async () => ({
  role: 'user' as const,
  tokenVersion: 1,
  status: 'active' as const,
  isExpert: false,
});

const token = () =>
  new SignJWT({ role: 'user', ver: 1 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('user-1')
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setExpirationTime('5m')
    .sign(Buffer.from(KEY, 'base64'));

function event(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: ASK,
    rawPath: '/api/test/conversations/c1/messages',
    rawQueryString: '',
    headers: { 'x-api-key': 'ai-key', 'content-type': 'application/json' },
    pathParameters: { conversationId: 'c1' },
    requestContext: {
      requestId: 'req-1',
      http: { method: 'POST' },
    } as APIGatewayProxyEventV2['requestContext'],
    body: JSON.stringify({ text: 'what is low on stock?' }),
    isBase64Encoded: false,
    ...overrides,
  };
}

const context = { awsRequestId: 'aws-1', getRemainingTimeInMillis: () => 60_000 } as Context;

async function call(handler: (e: APIGatewayProxyEventV2, c: Context) => unknown, e: APIGatewayProxyEventV2) {
  const result = (await handler(e, context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, headers: result.headers ?? {}, body: result.body ?? '' };
}

const lines = (body: string): AssistantStreamEvent[] => {
  const decoder = streamEventDecoder();
  return [...decoder.push(body), ...decoder.end()];
};

/** A sink that records when each write came, relative to what the handler was doing. */
function recordingSink() {
  const writes: string[] = [];
  let status: number | undefined;
  let headers: Record<string, string> = {};
  let ended = false;
  const sink: StreamSink = {
    start(s, h) {
      status = s;
      headers = h;
    },
    write(chunk) {
      writes.push(String(chunk));
    },
    end() {
      ended = true;
    },
  };
  return {
    sink,
    writes,
    get status() {
      return status;
    },
    get headers() {
      return headers;
    },
    get ended() {
      return ended;
    },
  };
}

const Question = z.object({ text: z.string().check(z.minLength(1)) });

describe('streamed routes', () => {
  beforeEach(() => {
    process.env.API_KEYS = 'web-key';
    process.env.AI_API_KEYS = 'ai-key';
    process.env.AUTH_SIGNING_KEY = KEY;
    resetEnvCache();
    resetSigningKey();
  });
  afterEach(() => {
    delete process.env.API_KEYS;
    delete process.env.AI_API_KEYS;
    delete process.env.AUTH_SIGNING_KEY;
  });

  const ask = streamingRoute(ASK, { body: Question, sessions }, async (req, emit) => {
    emit({ type: 'start', messageId: 'm1' });
    emit({ type: 'text', text: `You asked: ${(req.body as { text: string }).text}` });
    emit({ type: 'done', messageId: 'm1' });
  });

  it('passes the AI key on a route that takes it and refuses the web key there with 403', async () => {
    const auth = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' };
    const ai = await call(ask, event({ headers: { ...auth, 'x-api-key': 'ai-key' } }));
    const web = await call(ask, event({ headers: { ...auth, 'x-api-key': 'web-key' } }));
    expect(ai.status).toBe(200);
    expect(lines(ai.body).map((e) => e.type)).toEqual(['start', 'text', 'done']);
    expect(web.status).toBe(403);
    expect(JSON.parse(web.body)).toEqual({
      error: { code: 'API_KEY', message: 'Missing or unknown API key' },
    });
  });

  it('refuses the AI key with 403 on every route that does not take it', async () => {
    const config = httpRoute('GET /api/config', {}, async () => ({ payload: { ok: true } }));
    const get = (key: string) =>
      event({
        routeKey: 'GET /api/config',
        headers: { 'x-api-key': key },
        body: undefined,
        pathParameters: undefined,
      });
    const withAi = await call(config, get('ai-key'));
    const withWeb = await call(config, get('web-key'));
    expect(withAi.status).toBe(403);
    expect(withWeb.body).toBe('{"payload":{"ok":true}}');
  });

  it('writes each event as its own line the moment it is emitted, before the handler ends', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let seenWhileRunning: string[] = [];
    const slow = streamingRoute(OPEN, {}, async (_req, emit) => {
      emit({ type: 'text', text: 'Three wines ' });
      emit({ type: 'tool', name: 'cellarSearch' as never });
      await held;
      emit({ type: 'done', messageId: 'm2' });
    });
    expect(isStreamingHandler(slow)).toBe(true);
    const recorder = recordingSink();
    const running = slow.invoke(
      event({
        routeKey: OPEN,
        rawPath: '/api/test/open',
        pathParameters: undefined,
        body: undefined,
      }) as never,
      context,
      recorder.sink,
    );
    await vi.waitFor(() => expect(recorder.writes).toHaveLength(2));
    seenWhileRunning = [...recorder.writes];
    expect(recorder.ended).toBe(false);
    release();
    await running;
    expect(seenWhileRunning).toEqual([
      '{"type":"text","text":"Three wines "}\n',
      '{"type":"tool","name":"cellarSearch"}\n',
    ]);
    expect(recorder.writes[2]).toBe('{"type":"done","messageId":"m2"}\n');
    expect(recorder.status).toBe(200);
    expect(recorder.headers).toMatchObject({
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': 'req-1',
    });
    expect(recorder.ended).toBe(true);
  });

  it('answers an error before the first event as the usual JSON status', async () => {
    const auth = `Bearer ${await token()}`;
    const empty = await call(
      ask,
      event({
        headers: { 'x-api-key': 'ai-key', authorization: auth, 'content-type': 'application/json' },
        body: '{"text":""}',
      }),
    );
    const anonymous = await call(
      ask,
      event({ headers: { 'x-api-key': 'ai-key', 'content-type': 'application/json' } }),
    );
    const refusing = streamingRoute(OPEN, {}, async () => {
      throw new ValidationError({ text: 'tooLong' });
    });
    const refused = await call(refusing, event({ routeKey: OPEN, body: undefined }));
    expect(empty.status).toBe(400);
    expect(empty.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(empty.body).error.code).toBe('VALIDATION');
    expect(anonymous.status).toBe(401);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.fields).toEqual({ text: 'Too long' });
  });

  it('ends a stream that fails midway with an error line, never a second status', async () => {
    const failing = streamingRoute(OPEN, {}, async (_req, emit) => {
      emit({ type: 'text', text: 'Your cellar holds ' });
      throw new Error('model connection reset');
    });
    const result = await call(failing, event({ routeKey: OPEN, body: undefined }));
    expect(result.status).toBe(200);
    const events = lines(result.body);
    expect(events[0]).toEqual({ type: 'text', text: 'Your cellar holds ' });
    expect(events[1]).toMatchObject({ type: 'error', code: 'INTERNAL', requestId: 'req-1' });
  });

  it("sends a handler's returned result (the ?stream=false answer) as the JSON envelope", async () => {
    const whole = streamingRoute(OPEN, {}, async () => ({ payload: { text: 'Three wines', toolCalls: [] } }));
    const result = await call(whole, event({ routeKey: OPEN, body: undefined }));
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(result.body)).toEqual({ payload: { text: 'Three wines', toolCalls: [] } });
  });

  it("behind CloudFront's function URL reads the path ids from the path and the caller's token from its own header", async () => {
    const seen: unknown[] = [];
    const echo = streamingRoute(ASK, { body: Question, sessions }, async (req, emit) => {
      seen.push(req.params, req.principal?.userId);
      emit({ type: 'done', messageId: 'm3' });
    });
    const bearer = `Bearer ${await token()}`;
    const viaUrl = (rawPath: string) =>
      event({
        routeKey: '$default',
        pathParameters: undefined,
        rawPath,
        headers: {
          'x-api-key': 'ai-key',
          'content-type': 'application/json',
          authorization: 'AWS4-HMAC-SHA256 Credential=cloudfront',
          'x-kork-authorization': bearer,
        },
      });
    const result = await call(echo, viaUrl('/api/test/conversations/01HZX3K9Q7M2V8T4B6N1C5D0EF/messages'));
    expect(result.status).toBe(200);
    expect(seen).toEqual([{ conversationId: '01HZX3K9Q7M2V8T4B6N1C5D0EF' }, 'user-1']);
    const wrongPath = await call(echo, viaUrl('/api/test/conversations/a/b/messages'));
    expect(wrongPath.status).toBe(404);
  });

  it("in Lambda's streaming runtime writes the prelude, then each line, to the response stream", async () => {
    const preludes: unknown[] = [];
    const streamified: unknown[] = [];
    const runtime = {
      streamifyResponse: (fn: unknown) => {
        streamified.push(fn);
        return fn;
      },
      HttpResponseStream: {
        from: (stream: Writable, prelude: unknown) => {
          preludes.push(prelude);
          return stream;
        },
      },
    };
    const previous = (globalThis as { awslambda?: unknown }).awslambda;
    (globalThis as { awslambda?: unknown }).awslambda = runtime;
    try {
      vi.resetModules();
      const fresh = await import('./http-stream');
      const route = fresh.streamingRoute(OPEN, {}, async (_req, emit) => {
        emit({ type: 'text', text: 'Two bottles' });
        emit({ type: 'done', messageId: 'm4' });
      });
      expect(streamified).toEqual([route]);
      const responseStream = new PassThrough();
      const chunks: string[] = [];
      responseStream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
      await (route as unknown as (e: unknown, r: Writable, c: Context) => Promise<void>)(
        event({ routeKey: OPEN, body: undefined }),
        responseStream,
        context,
      );
      expect(preludes).toEqual([
        {
          statusCode: 200,
          headers: expect.objectContaining({ 'content-type': 'application/x-ndjson; charset=utf-8' }),
        },
      ]);
      expect(chunks).toEqual([
        '{"type":"text","text":"Two bottles"}\n',
        '{"type":"done","messageId":"m4"}\n',
      ]);
      expect(responseStream.writableEnded).toBe(true);
    } finally {
      (globalThis as { awslambda?: unknown }).awslambda = previous;
      vi.resetModules();
    }
  });
});
