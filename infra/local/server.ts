/**
 * The one local origin, like CloudFront in the cloud: `/api/*` to the manifest's handlers, `/img` to
 * the image handler, `/l/{listId}` the guest's list page, `/_dev/*` local tools, everything else the SPA with a fallback to index.html.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { type FunctionDef, imageFunction, queues, type RouteDef, routes } from '@kork/functions/routes';
import { seedSteps } from '@kork/functions/seeds';
import { LIMITS, localeFromAcceptLanguage, message } from '@kork/shared';
import sirv from 'sirv';
import { securityHeadersFor } from '../lib/security-headers';
import { devTile, tileOf } from './dev-tiles';
import { runJob } from './jobs';
import {
  BodyTooLargeError,
  guardProcess,
  type HttpHandler,
  invokeIsolated,
  invokeStreaming,
  isStreamingHandler,
  readBody,
  toEvent,
} from './lambda-http';
import { OIDC_PATH, OidcEmulator } from './oidc-emulator';
import type { LocalStack } from './stack';
import { BUCKETS, loadFunction, REPO_ROOT } from './stack';
import { isUploadPath, proxyUpload } from './upload-proxy';

interface CompiledRoute {
  key: string;
  method: string;
  pattern: RegExp;
  params: string[];
  literalSegments: number;
  def: RouteDef;
}

export function compileRoutes(manifest: Record<string, RouteDef>): CompiledRoute[] {
  return Object.entries(manifest)
    .map(([key, def]) => {
      const [method = 'GET', path = '/'] = key.split(' ');
      const params: string[] = [];
      const segments = path.split('/').filter(Boolean);
      const pattern = segments
        .map((segment) => {
          const param = segment.match(/^\{(\w+)\+?\}$/);
          if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          params.push(param[1] as string);
          return segment.endsWith('+}') ? '(.+)' : '([^/]+)';
        })
        .join('/');
      return {
        key,
        method,
        pattern: new RegExp(`^/${pattern}/?$`),
        params,
        literalSegments: segments.filter((s) => !s.startsWith('{')).length,
        def,
      };
    })
    .sort((a, b) => b.literalSegments - a.literalSegments);
}

/** `/l/{listId}`: the guest's page of a wine list (functions/src/wine-lists/get-wine-list-page.ts). */
const LIST_PAGE_PATH = /^\/l\/([\w-]+)\/?$/;

export function matchRoute(compiled: CompiledRoute[], method: string, path: string) {
  let pathMatched = false;
  for (const route of compiled) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    pathMatched = true;
    if (route.method !== method && route.method !== 'ANY') continue;
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(route.params.map((p, i) => [p, decodeURIComponent(match[i + 1] ?? '')]));
    } catch {
      // A `%` escape that decodes to no text: the address itself is invalid.
      return { route, params: undefined, malformed: true };
    }
    return { route, params: route.params.length > 0 ? params : undefined };
  }
  return { route: undefined, pathMatched };
}

/** Lambda's timeout when the manifest sets none. */
const DEFAULT_TIMEOUT_SECONDS = 10;

const TOO_LARGE = { error: { code: 'PAYLOAD_TOO_LARGE', message: message('payloadTooLarge', 'en') } };

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

export interface LocalServerOptions {
  stack: LocalStack;
  port: number;
  /** Serve the SPA through Vite's dev middleware (hot reload) instead of the built web/dist. */
  dev?: boolean;
  /** The built SPA to serve; defaults to web/dist. */
  webRoot?: string;
  log?: (line: string) => void;
  /** The API routes to serve; the app's manifest by default. */
  routes?: Record<string, RouteDef>;
  /** Loads a handler module by its manifest path; the app's own modules by default. */
  loadHandler?: (handlerPath: string) => Promise<HttpHandler>;
  /**
   * Mount the sign-in emulator at `/_dev/oidc` and point Google and Apple sign-in at it (the API's
   * client ids, key sets and issuers), so both work without the real providers (oidc-emulator.ts).
   */
  signInEmulator?: boolean | OidcEmulator;
}

export async function startLocalServer(options: LocalServerOptions): Promise<Server> {
  const log = options.log ?? (() => undefined);
  const compiled = compileRoutes(options.routes ?? (routes as Record<string, RouteDef>));
  const loadHandler = options.loadHandler ?? ((path: string) => loadFunction<HttpHandler>(path));
  const handlers = new Map<string, Promise<HttpHandler>>();
  const load = (path: string) => {
    let handler = handlers.get(path);
    if (!handler) {
      handler = loadHandler(path);
      handlers.set(path, handler);
    }
    return handler;
  };

  const emulator =
    options.signInEmulator instanceof OidcEmulator
      ? options.signInEmulator
      : options.signInEmulator
        ? await OidcEmulator.create()
        : undefined;

  let spa: (req: IncomingMessage, res: ServerResponse, next: () => void) => void = () => undefined;
  let closeVite: (() => Promise<void>) | undefined;
  // CloudFront's response headers policies, on every answer of this origin (security-headers.ts).
  const setSecurityHeaders = (res: ServerResponse, pathname: string) => {
    for (const [name, value] of Object.entries(securityHeadersFor(pathname, { dev: options.dev }))) {
      res.setHeader(name, value);
    }
  };

  async function invoke(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    routeKey: string,
    { handler: handlerPath, timeoutSeconds, stream }: FunctionDef & { stream?: true },
    params?: Record<string, string>,
  ) {
    let body: Buffer;
    try {
      body = await readBody(req, LIMITS.uploadMaxBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        req.resume();
        return sendJson(res, 413, TOO_LARGE, { connection: 'close' });
      }
      throw error;
    }
    const event = toEvent(req, url, body, routeKey, params);
    const handler = await load(handlerPath);
    const invocation = { routeKey, timeoutMs: (timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000, log };
    // A streamed route (the manifest's `stream`) writes each line to the socket as its handler emits it.
    if (stream && isStreamingHandler(handler)) await invokeStreaming(handler, event, res, invocation);
    else await invokeIsolated(handler, event, res, invocation);
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const method = req.method ?? 'GET';
    setSecurityHeaders(res, url.pathname);
    res.on('finish', () => {
      if (url.pathname.startsWith('/api/') || url.pathname === '/img') {
        log(`${method} ${url.pathname} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`);
      }
    });
    const handle = async () => {
      if (url.pathname.startsWith('/api/')) {
        // API Gateway refuses an oversized body before routing; so does this origin.
        if (Number(req.headers['content-length'] ?? 0) > LIMITS.uploadMaxBytes) {
          req.resume();
          return sendJson(res, 413, TOO_LARGE, { connection: 'close' });
        }
        const { route, params, pathMatched, malformed } = matchRoute(compiled, method, url.pathname);
        if (malformed) {
          return sendJson(
            res,
            400,
            {
              error: {
                code: 'VALIDATION',
                message: message('invalidPath', localeFromAcceptLanguage(req.headers['accept-language'])),
              },
            },
            { 'x-request-id': randomUUID() },
          );
        }
        if (!route) {
          const requestId = randomUUID();
          return sendJson(
            res,
            pathMatched ? 405 : 404,
            { error: { code: 'NOT_FOUND', message: pathMatched ? 'Method not allowed' : 'Not found' } },
            { 'x-request-id': requestId },
          );
        }
        return invoke(req, res, url, route.key, route.def, params);
      }
      // The guest's list page (the QR code's address), as CloudFront's `/l/*` behavior passes it on.
      const listPage = url.pathname.match(LIST_PAGE_PATH);
      if (listPage && (method === 'GET' || method === 'HEAD')) {
        const key = 'GET /api/wine-lists/{listId}/page';
        const def = (options.routes ?? (routes as Record<string, RouteDef>))[key];
        if (def) return invoke(req, res, url, key, def, { listId: listPage[1] as string });
      }
      if (url.pathname === '/img' || url.pathname.startsWith('/img/')) {
        return invoke(req, res, url, 'GET /img', imageFunction);
      }
      // Presigned uploads of import files (IMPORTS_UPLOAD_ENDPOINT is this origin): on to the S3 emulator.
      if (isUploadPath(url.pathname, BUCKETS.imports)) {
        return proxyUpload(req, res, url, {
          bucket: BUCKETS.imports,
          emulator: options.stack.s3.endpoint,
          accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
          secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
          maxBytes: LIMITS.uploadMaxBytes,
        });
      }
      // The map's stand-in tiles (dev-tiles.ts), cached like a tile service's.
      if (url.pathname.startsWith('/_dev/tiles/') && method === 'GET') {
        const tile = tileOf(url.pathname);
        if (!tile) return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
        res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' });
        res.end(devTile(tile));
        return;
      }
      if (emulator && (url.pathname === OIDC_PATH || url.pathname.startsWith(`${OIDC_PATH}/`))) {
        if (await emulator.handle(req, res, url)) return;
        return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      // The local payment emulator's checkout and billing portal (payment-emulator.ts).
      if (url.pathname.startsWith('/_dev/payments') && (await options.stack.payments.handle(req, res, url)))
        return;
      if (url.pathname === '/_dev/mail' && method === 'GET') {
        return sendJson(res, 200, options.stack.outbox.list());
      }
      if (url.pathname === '/_dev/seed' && method === 'POST') {
        return sendJson(res, 200, await applySeeds(seedSteps, { force: url.searchParams.has('force') }));
      }
      if (url.pathname === '/_dev/catalog/import' && method === 'POST') {
        const { file } = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}') as {
          file?: string;
        };
        if (!file) return sendJson(res, 400, { error: { code: 'VALIDATION', message: 'file is required' } });
        const { loadCatalogFile } = await import('@kork/functions/catalog/load-service');
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        const send = (message: unknown) => res.write(`${JSON.stringify(message)}\n`);
        try {
          send({ report: await loadCatalogFile(file, (progress) => send({ progress })) });
        } catch (error) {
          send({ error: error instanceof Error ? error.message : String(error) });
        }
        res.end();
        return;
      }
      const job = url.pathname.match(/^\/_dev\/jobs\/([\w-]+)$/);
      if (job && method === 'POST') {
        const file = url.searchParams.get('file');
        try {
          const summary = await runJob(job[1] as string, 'manual', file ? { file } : {});
          return sendJson(res, 200, { summary });
        } catch (error) {
          // The job's own words (a rates file's problems), for the command that asked.
          const message = error instanceof Error ? error.message : String(error);
          return sendJson(res, 500, { error: { code: 'JOB_FAILED', message } });
        }
      }
      if (url.pathname === '/_dev/dead-letters' && method === 'GET') {
        const letters = Object.fromEntries(
          Object.keys(queues).map((q) => [q, options.stack.broker.deadLetters(q)]),
        );
        return sendJson(res, 200, letters);
      }
      spa(req, res, () => sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
    };
    handle().catch((error) => {
      log(`request failed: ${error instanceof Error ? error.stack : error}`);
      if (!res.headersSent)
        sendJson(res, 500, { error: { code: 'INTERNAL', message: 'Internal server error' } });
      else res.end();
    });
  });
  const webDist = options.webRoot ?? join(REPO_ROOT, 'web', 'dist');
  if (options.dev) {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      configFile: join(REPO_ROOT, 'web', 'vite.config.ts'),
      // Hot reload shares the app's own port, like every other request.
      server: { middlewareMode: true, ws: { server } },
      appType: 'spa',
    });
    spa = vite.middlewares;
    closeVite = () => vite.close();
  } else {
    if (!existsSync(join(webDist, 'index.html'))) {
      throw new Error('web/dist is missing: run `npm run build:web` (npm start does this for you)');
    }
    // As CloudFront serves the bucket: the encoding the browser accepts best (the build writes .br and .gz
    // beside each compressible file), hashed assets cached for a year, the shell and root files revalidated
    // (the Cache-Control the deployment gives them in web-stack.ts).
    const cacheControl = (value: string) => (res: ServerResponse) => res.setHeader('cache-control', value);
    const served = { etag: true, brotli: true, gzip: true };
    const assets = sirv(webDist, {
      ...served,
      setHeaders: cacheControl('public, max-age=31536000, immutable'),
    });
    const index = sirv(webDist, { ...served, single: true, setHeaders: cacheControl('no-cache') });
    spa = (req, res, next) =>
      (req.url ?? '').startsWith('/assets/') ? assets(req, res, next) : index(req, res, next);
  }

  // Idle keep-alive connections stay open a minute, as CloudFront keeps them, not Node's 5 s: a client that
  // reuses a connection the origin is just closing sees it reset, and a short limit makes that common.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  server.on('close', () => void closeVite?.());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, resolve);
  });
  // Like Lambda, one invocation's uncaught error answers that request 500; the origin keeps serving.
  server.on('close', guardProcess(log));
  // Upload URLs point at this origin: APP_URL when this is the port it names, else loopback (tests, port 0).
  const { port } = server.address() as AddressInfo;
  const appUrl = new URL(process.env.APP_URL ?? 'http://localhost:3000');
  process.env.IMPORTS_UPLOAD_ENDPOINT =
    Number(appUrl.port || 80) === port ? appUrl.origin : `http://127.0.0.1:${port}`;
  if (emulator) {
    // The API fetches the emulator's keys over loopback, as a function fetches Google's over the internet.
    emulator.setBase(`http://127.0.0.1:${port}`);
    Object.assign(process.env, emulator.env());
  }
  return server;
}
