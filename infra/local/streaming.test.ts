/**
 * A streamed route over real HTTP on the local origin: each line reaches the client while the handler is
 * still running, the client going away aborts the handler, and a refusal before the stream is JSON.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamingRoute } from '@kork/functions/platform/http-stream';
import type { RouteDef, RouteKey } from '@kork/functions/routes';
import { type AssistantStreamEvent, streamEventDecoder } from '@kork/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpHandler } from './lambda-http';
import { startLocalServer } from './server';
import type { LocalStack } from './stack';

const ROUTES = vi.hoisted(() => ({
  'POST /api/test/answers': {
    handler: 'answers',
    auth: 'public',
    needs: [],
    group: 'assistant',
    stream: true,
    clientKey: 'ai',
  },
  'POST /api/test/slow': {
    handler: 'slow',
    auth: 'public',
    needs: [],
    group: 'assistant',
    stream: true,
    clientKey: 'ai',
    timeoutSeconds: 1,
  },
  'POST /api/test/abandoned': {
    handler: 'abandoned',
    auth: 'public',
    needs: [],
    group: 'assistant',
    stream: true,
    clientKey: 'ai',
  },
})) satisfies Record<string, RouteDef>;

// The middleware reads a route's client key and auth level from the manifest; these test routes join it.
vi.mock('@kork/functions/routes', async (importOriginal) => {
  const original = await importOriginal<typeof import('@kork/functions/routes')>();
  return { ...original, routes: { ...original.routes, ...ROUTES } };
});

/** A promise the test settles from outside. */
function gate<T = void>() {
  let open: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('a streamed route on the local origin', () => {
  const secondMayGo = gate();
  const handlerEnded = gate<number>();
  const abandonedAborted = gate<string>();
  let server: Server;
  let base: string;

  const answers = streamingRoute('POST /api/test/answers' as RouteKey, {}, async (_req, emit) => {
    emit({ type: 'start', messageId: 'm1' });
    emit({ type: 'text', text: 'You have 3 bottles' });
    await secondMayGo.promise;
    emit({ type: 'text', text: ' of Barolo left.' });
    emit({ type: 'done', messageId: 'm1' });
    handlerEnded.open(Date.now());
  });
  const abandoned = streamingRoute('POST /api/test/abandoned' as RouteKey, {}, async (_req, emit, signal) => {
    emit({ type: 'text', text: 'Looking' });
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    abandonedAborted.open(String(signal.reason));
  });

  const slowAborted = gate<number>();
  const slow = streamingRoute('POST /api/test/slow' as RouteKey, {}, async (_req, emit, signal) => {
    const started = Date.now();
    signal.addEventListener('abort', () => slowAborted.open(Date.now() - started), { once: true });
    emit({ type: 'text', text: 'Counting' });
    // Ignores the signal and never ends: the function's timeout ends the answer.
    await new Promise(() => undefined);
  });

  beforeAll(async () => {
    process.env.API_KEYS = 'web-key';
    process.env.AI_API_KEYS = 'ai-key';
    const webRoot = mkdtempSync(join(tmpdir(), 'kork-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Kork</title>');
    const handlers: Record<string, unknown> = { answers, abandoned, slow };
    server = await startLocalServer({
      stack: {} as LocalStack,
      port: 0,
      webRoot,
      routes: ROUTES,
      loadHandler: async (path) => handlers[path] as HttpHandler,
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    delete process.env.API_KEYS;
    delete process.env.AI_API_KEYS;
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  });

  const post = (path: string, key: string, signal?: AbortSignal) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'x-api-key': key }, signal });

  it('delivers the first lines while the handler still runs, then the rest', async () => {
    const res = await post('/api/test/answers', 'ai-key');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = streamEventDecoder();
    const text = new TextDecoder();
    const events: AssistantStreamEvent[] = [];
    // The handler is held after its second event: both must arrive before it is let go.
    while (events.length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      events.push(...decoder.push(text.decode(value, { stream: true })));
    }
    const firstTwoAt = Date.now();
    expect(events).toEqual([
      { type: 'start', messageId: 'm1' },
      { type: 'text', text: 'You have 3 bottles' },
    ]);
    secondMayGo.open();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      events.push(...decoder.push(text.decode(value, { stream: true })));
    }
    events.push(...decoder.end());
    expect(firstTwoAt).toBeLessThanOrEqual(await handlerEnded.promise);
    expect(events.slice(2)).toEqual([
      { type: 'text', text: ' of Barolo left.' },
      { type: 'done', messageId: 'm1' },
    ]);
  });

  it("aborts the handler's signal when the client goes away", async () => {
    const client = new AbortController();
    const res = await post('/api/test/abandoned', 'ai-key', client.signal);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toBe('{"type":"text","text":"Looking"}\n');
    client.abort();
    expect(await abandonedAborted.promise).toContain('client went away');
  });

  it("warns the handler before the function's timeout, then ends the stream with a timeout line", async () => {
    const res = await post('/api/test/slow', 'ai-key');
    expect(res.status).toBe(200);
    const decoder = streamEventDecoder();
    const events = [...decoder.push(await res.text()), ...decoder.end()];
    expect(events[0]).toEqual({ type: 'text', text: 'Counting' });
    expect(events[1]).toMatchObject({ type: 'error', code: 'TIMEOUT' });
    expect(events).toHaveLength(2);
    expect(await slowAborted.promise).toBeLessThan(1000);
  });

  it('refuses another client key before streaming, as a JSON 403', async () => {
    const res = await post('/api/test/answers', 'web-key');
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ error: { code: 'API_KEY', message: 'Missing or unknown API key' } });
  });
});
