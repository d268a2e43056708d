import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { RouteDef } from '@kork/functions/routes';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpHandler } from './lambda-http';
import { compileRoutes, matchRoute, startLocalServer } from './server';
import type { LocalStack } from './stack';

const def = { handler: 'x', auth: 'public', needs: [], group: 'platform' } as const;
const compiled = compileRoutes({
  'GET /api/users/{id}': def,
  'GET /api/users/{id}/statistic': def,
  'GET /api/users/me': def,
  'DELETE /api/users/{id}': def,
});

describe('local route matching', () => {
  it('matches path parameters and prefers literal segments', () => {
    expect(matchRoute(compiled, 'GET', '/api/users/42').route?.key).toBe('GET /api/users/{id}');
    expect(matchRoute(compiled, 'GET', '/api/users/42').params).toEqual({ id: '42' });
    expect(matchRoute(compiled, 'GET', '/api/users/me').route?.key).toBe('GET /api/users/me');
    expect(matchRoute(compiled, 'GET', '/api/users/42/statistic').params).toEqual({ id: '42' });
  });

  it('tells an unknown path from a wrong method', () => {
    expect(matchRoute(compiled, 'GET', '/api/nothing')).toEqual({ route: undefined, pathMatched: false });
    expect(matchRoute(compiled, 'PATCH', '/api/users/42')).toEqual({ route: undefined, pathMatched: true });
  });

  it('tells a path whose escapes decode to no text', () => {
    expect(matchRoute(compiled, 'GET', '/api/users/%E0%A4%A')).toMatchObject({ malformed: true });
    expect(matchRoute(compiled, 'GET', '/api/users/%C3%A6').params).toEqual({ id: 'æ' });
  });
});

/** A tiny origin with handlers that fail the ways a Lambda can, and one that answers. */
describe('each invocation isolated, as Lambda runs it', () => {
  const def = (handler: string, timeoutSeconds?: number): RouteDef => ({
    handler,
    auth: 'public',
    needs: [],
    group: 'platform',
    ...(timeoutSeconds ? { timeoutSeconds } : {}),
  });
  const seen = new Map<string, string>();
  const remember = (name: string, event: APIGatewayProxyEventV2) =>
    seen.set(name, event.requestContext.requestId);
  const never = new Promise<APIGatewayProxyStructuredResultV2>(() => undefined);
  const handlers: Record<string, HttpHandler> = {
    ok: async () => ({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"ok":true}',
    }),
    timer: (event) => {
      remember('timer', event);
      setTimeout(() => {
        throw new Error('thrown in a timer');
      }, 5);
      return never;
    },
    stream: (event) => {
      remember('stream', event);
      const stream = new PassThrough();
      stream.on('data', () => {
        throw new Error('thrown in a stream callback');
      });
      setImmediate(() => stream.end('part of a body'));
      return never;
    },
    rejection: (event) => {
      remember('rejection', event);
      void Promise.reject(new Error('a promise nobody awaits'));
      return never;
    },
    never: () => never,
  };
  const lines: string[] = [];
  type ProcessListener = (...args: unknown[]) => void;
  const runnerListeners = new Map<'uncaughtException' | 'unhandledRejection', ProcessListener[]>();
  let server: Server;
  let base: string;

  beforeAll(async () => {
    // The test runner reports any uncaught error as a failure; these tests provoke them on purpose, so
    // its listeners step aside while the origin's own guard is the one that must catch them.
    for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
      runnerListeners.set(event, process.listeners(event as 'uncaughtException') as ProcessListener[]);
      process.removeAllListeners(event);
    }
    const webRoot = mkdtempSync(join(tmpdir(), 'kork-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Kork</title>');
    server = await startLocalServer({
      stack: {} as LocalStack,
      port: 0,
      webRoot,
      log: (line) => lines.push(line),
      routes: {
        'GET /api/ok': def('ok'),
        'GET /api/timer': def('timer'),
        'GET /api/stream': def('stream'),
        'GET /api/rejection': def('rejection'),
        'GET /api/never': def('never', 1),
        'GET /api/items/{id}': def('ok'),
      },
      loadHandler: async (path) => handlers[path] as HttpHandler,
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    if (server.listening) await new Promise((resolve) => server.close(resolve));
    for (const [event, listeners] of runnerListeners) for (const l of listeners) process.on(event, l);
  });

  async function get(path: string) {
    const res = await fetch(`${base}${path}`);
    const body = (await res.json()) as { error?: { code: string; message: string } };
    return { status: res.status, requestId: res.headers.get('x-request-id'), body };
  }

  it.each([
    ['timer', 'thrown in a timer'],
    ['stream', 'thrown in a stream callback'],
    ['rejection', 'a promise nobody awaits'],
  ])('answers 500 when a handler fails in a %s, and keeps serving', async (name, thrown) => {
    const failed = await get(`/api/${name}`);
    expect(failed).toEqual({
      status: 500,
      requestId: seen.get(name),
      body: { error: { code: 'INTERNAL', message: 'Internal server error' } },
    });
    expect(lines.some((l) => l.includes(seen.get(name) as string) && l.includes(thrown))).toBe(true);
    expect((await get('/api/ok')).body).toEqual({ ok: true });
  });

  it("answers 504 when a handler does not answer within its route's timeout", async () => {
    const timedOut = await get('/api/never');
    expect(timedOut.status).toBe(504);
    expect(timedOut.body.error?.code).toBe('TIMEOUT');
    expect((await get('/api/ok')).status).toBe(200);
  });

  it('logs an error outside any request and keeps serving', async () => {
    await new Promise<void>((resolve) => {
      setImmediate(() => {
        setImmediate(resolve);
        throw new Error('thrown outside any request');
      });
    });
    expect(lines.some((l) => l.includes('outside any request') && l.includes('thrown outside'))).toBe(true);
    expect((await get('/api/ok')).status).toBe(200);
  });

  it('answers 400 for a path whose escapes decode to no text', async () => {
    const answer = await get('/api/items/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: { code: 'VALIDATION', message: 'The address is not valid' } });
  });

  it('takes its guard away when it closes', async () => {
    expect(process.listenerCount('uncaughtException')).toBe(1);
    await new Promise((resolve) => server.close(resolve));
    expect(process.listenerCount('uncaughtException')).toBe(0);
    expect(process.listenerCount('unhandledRejection')).toBe(0);
  });
});
