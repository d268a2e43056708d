/** Starts the local stack and origin for an integration test file, and a tiny client for its API. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compileRoutes,
  type LocalServerOptions,
  matchRoute,
  startLocalServer,
} from '../../infra/local/server';
import {
  LOCAL_AI_API_KEYS,
  LOCAL_API_KEYS,
  type LocalStack,
  type LocalStackOptions,
  startLocalStack,
} from '../../infra/local/stack';
import { type RouteDef, routes } from '../src/routes';

const compiled = compileRoutes(routes as Record<string, RouteDef>);

/** The client key a route takes: the AI client's on the routes marked for it, the web client's elsewhere. */
function clientKeyFor(method: string, path: string): string {
  const { route } = matchRoute(compiled, method, new URL(path, 'http://localhost').pathname);
  return (route?.def.clientKey === 'ai' ? LOCAL_AI_API_KEYS[0] : LOCAL_API_KEYS[0]) as string;
}

export interface TestOrigin {
  stack: LocalStack;
  base: string;
  api<T = unknown>(method: string, path: string, options?: ApiOptions): Promise<ApiAnswer<T>>;
  stop(): Promise<void>;
}

export interface ApiOptions {
  json?: unknown;
  form?: FormData;
  token?: string;
  language?: string;
  headers?: Record<string, string>;
}

export interface ApiAnswer<T> {
  status: number;
  payload: T;
  error?: { code: string; message: string; fields?: Record<string, string> };
}

export async function startTestOrigin(
  options: LocalStackOptions = {},
  server: Pick<LocalServerOptions, 'signInEmulator'> = {},
): Promise<TestOrigin> {
  const stack = await startLocalStack(options);
  const webRoot = mkdtempSync(join(tmpdir(), 'kork-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Kork</title><div id="root"></div>');
  const origin: Server = await startLocalServer({ stack, port: 0, webRoot, ...server });
  const base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  return {
    stack,
    base,
    async api(method, path, { json, form, token, language, headers: extra } = {}) {
      const headers: Record<string, string> = {
        'x-api-key': clientKeyFor(method, path),
        'x-device-type': 'web',
      };
      if (token) headers.authorization = `Bearer ${token}`;
      if (language) headers['accept-language'] = language;
      if (json !== undefined) headers['content-type'] = 'application/json';
      Object.assign(headers, extra);
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: form ?? (json !== undefined ? JSON.stringify(json) : undefined),
      });
      const text = await res.text();
      // A streamed answer (NDJSON): its events, one per line, are the payload.
      if ((res.headers.get('content-type') ?? '').startsWith('application/x-ndjson')) {
        const events = text.split('\n').filter((line) => line.trim() !== '');
        return { status: res.status, payload: events.map((line) => JSON.parse(line)) as never };
      }
      const body = text ? JSON.parse(text) : {};
      return { status: res.status, payload: body.payload, error: body.error };
    },
    async stop() {
      await new Promise((r) => origin.close(r));
      await stack.stop();
    },
  };
}
