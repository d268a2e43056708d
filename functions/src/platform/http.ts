/**
 * The one middleware stack every API route uses (the HTTP contract in docs/architecture.md), in middy's documented order:
 * context → API key → size limit → path ids → authentication and ownership → path and query validation →
 * access → body parsing → body validation → handler → errors. Who may call a route (its role, the owner
 * of its path ids, its audience) is settled before its body is read: a caller without access gets 403 or
 * 404, never a 400 that names the body's fields.
 * Handlers receive a typed request and return a payload; the stack shapes every response.
 */
import {
  type CurrencyCode,
  LIMITS,
  type Locale,
  localeFromAcceptLanguage,
  type MessageKey,
  resolveCurrency,
} from '@kork/shared';
import middy, { type MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod/mini';
import { authenticators, type RouteDef, type RouteKey, routes } from '../routes';
import { assertOwner, authorize, type Principal, type SessionLookup } from './auth';
import { env } from './env';
import {
  ApiKeyError,
  MalformedJsonError,
  PayloadTooLargeError,
  toHttpError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors';
import { idempotencyKeyOf, once } from './idempotency';
import { createLogger, type Logger } from './logger';
import type { MultipartParser } from './multipart';
import { parseWith } from './validation';

export type DeviceType = 'web' | 'ios' | 'android' | 'unknown';

export interface HttpRequest<B = unknown, Q = unknown, P = unknown> {
  route: RouteKey;
  requestId: string;
  locale: Locale;
  currency: CurrencyCode;
  deviceType: DeviceType;
  principal: Principal | undefined;
  body: B;
  query: Q;
  params: P;
  headers: Record<string, string | undefined>;
  log: Logger;
  event: APIGatewayProxyEventV2;
  /** What the route's `access` check answered (the event, the supplier), for the handler to use. */
  access?: unknown;
}

export interface HttpResult {
  status?: number;
  payload?: unknown;
  headers?: Record<string, string>;
  /**
   * A file instead of the JSON envelope (a PDF): sent as it is, base64-encoded for API Gateway, with
   * its own content type (and whatever `headers` add, such as content-disposition).
   */
  file?: { bytes: Uint8Array; contentType: string };
}

export interface RouteSpec<B, Q, P> {
  body?: z.ZodMiniType<B>;
  query?: z.ZodMiniType<Q>;
  params?: z.ZodMiniType<P>;
  /** A multipart route's text fields, as its handler parses them (declared so the route says what it takes). */
  fields?: z.ZodMiniType<unknown>;
  /** Accept multipart/form-data bodies with this parser (see multipart.ts). */
  multipart?: MultipartParser;
  /**
   * The path parameter naming the account that owns the resource: only that account (or an admin)
   * passes, checked before the body is read.
   */
  owner?: string;
  /**
   * Who may call the route beyond its auth level and `owner`, checked with the path and query already
   * valid and before the body is read: the organiser of `{eventId}`, the author of a note, the account
   * a supplier answers through. It throws 403 or 404; what it answers is the handler's `req.access`.
   */
  access?: (request: HttpRequest<unknown, Q, P>) => Promise<unknown>;
  /** Where session state is read; the table by default, a fake in unit tests. */
  sessions?: SessionLookup;
  /**
   * The body as the exact bytes sent (a Buffer, whatever its Content-Type), not parsed: for a webhook
   * whose signature covers the raw body. The body-size limit still applies.
   */
  rawBody?: true;
}

/** The event as the stack passes it along: the typed request rides on it as `kork`. */
export type RouteEvent = APIGatewayProxyEventV2 & { kork?: HttpRequest };
type Event = RouteEvent;

interface State {
  event: Event;
  context: Context;
  response: APIGatewayProxyStructuredResultV2 | null | undefined;
  error: unknown;
}

const MAX_BODY_BYTES = LIMITS.uploadMaxBytes;

function requestContext(route: RouteKey): MiddlewareObj<Event, APIGatewayProxyStructuredResultV2> {
  return {
    before: (request) => {
      const { event, context } = request;
      const headers = event.headers ?? {};
      const requestId =
        event.requestContext?.requestId ||
        context.awsRequestId ||
        headers['x-request-id'] ||
        crypto.randomUUID();
      const device = headers['x-device-type'];
      event.kork = {
        route,
        requestId,
        locale: localeFromAcceptLanguage(headers['accept-language']),
        currency: resolveCurrency(headers['x-currency']),
        deviceType: device === 'web' || device === 'ios' || device === 'android' ? device : 'unknown',
        principal: undefined,
        body: undefined,
        query: event.queryStringParameters ?? {},
        params: event.pathParameters ?? {},
        headers,
        log: createLogger({ requestId, route }),
        event,
      };
    },
  };
}

/**
 * The client key. On a till's routes (`pos`) `x-api-key` holds the till's POS key id instead, checked
 * with the request's signature by the authentication step; a POS key id is never a client key, so it
 * passes no other route. A route marked `clientKey: 'ai'` takes only the AI client's keys (`AI_API_KEYS`),
 * and every other route refuses them: each key opens exactly the routes of its client.
 */
function apiKey(route: RouteKey): MiddlewareObj<Event> {
  const def = routes[route] as RouteDef;
  const till = def.auth === 'pos';
  const ai = def.clientKey === 'ai';
  const none = def.clientKey === 'none';
  return {
    before: ({ event }) => {
      if (till || none) return;
      const key = event.headers?.['x-api-key'];
      if (!key) throw new ApiKeyError();
      const accepted = ai
        ? env.aiApiKeys().includes(key)
        : env.apiKeys().includes(key) && !env.aiApiKeys().includes(key);
      if (!accepted) throw new ApiKeyError();
    },
  };
}

function bodyBytes(event: Event): number {
  if (!event.body) return 0;
  return event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body);
}

const sizeLimit: MiddlewareObj<Event> = {
  before: ({ event }) => {
    const declared = Number(event.headers?.['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES || bodyBytes(event) > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  },
};

/** Every path id is a ULID, a demo account id (`demo-expert`) or a share token (base64url). */
const PATH_ID = /^[A-Za-z0-9_-]+$/;

/** Path parameters are checked before anything reads a session or the table with them. */
const pathParameters: MiddlewareObj<Event> = {
  before: ({ event }) => {
    const fields: Record<string, MessageKey | string> = {};
    for (const [name, value = ''] of Object.entries(event.pathParameters ?? {})) {
      if (value.length > LIMITS.pathIdMaxLength) fields[name] = `maxCharacters|max=${LIMITS.pathIdMaxLength}`;
      else if (!PATH_ID.test(value)) fields[name] = 'invalidId';
    }
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  },
};

function bodyParser(multipart: MultipartParser | undefined, raw?: true): MiddlewareObj<Event> {
  return {
    before: async (request) => {
      const { event } = request;
      const kork = event.kork as HttpRequest;
      if (raw) {
        kork.body = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
        return;
      }
      if (event.body === undefined || event.body === '') return;
      const type = (event.headers?.['content-type'] ?? '').toLowerCase();
      if (type.startsWith('multipart/form-data')) {
        if (!multipart)
          throw new UnsupportedMediaTypeError({ text: 'multipart/form-data is not accepted here' });
        kork.body = await multipart(event);
        return;
      }
      if (!type.startsWith('application/json')) {
        throw new UnsupportedMediaTypeError({ text: 'Content-Type must be application/json' });
      }
      const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      try {
        kork.body = JSON.parse(text);
      } catch {
        throw new MalformedJsonError();
      }
    },
  };
}

/**
 * The accounts' session check (the route manifest's `authenticators`), loaded on first use: a public
 * route called without a token never evaluates ElectroDB and the DynamoDB client, which keeps its cold
 * start short.
 */
const tableSessions: SessionLookup = async (userId) => (await authenticators.sessions())(userId);

function authentication(
  route: RouteKey,
  sessions: SessionLookup,
  owner: string | undefined,
): MiddlewareObj<Event> {
  const level = routes[route].auth;
  return {
    before: async ({ event }) => {
      const kork = event.kork as HttpRequest;
      if (level === 'pos') {
        // Loaded on first use, so no other route's cold start carries it.
        kork.principal = await (await authenticators.till())(event);
        return;
      }
      kork.principal = await authorize(level, event.headers?.authorization, sessions);
      if (owner) assertOwner(kork.principal, event.pathParameters?.[owner]);
    },
  };
}

/** The path's ids and the query, checked before access is decided with them. */
function pathAndQuery<B, Q, P>(spec: RouteSpec<B, Q, P>): MiddlewareObj<Event> {
  return {
    before: ({ event }) => {
      const kork = event.kork as HttpRequest;
      if (spec.params) kork.params = parseWith(spec.params, kork.params);
      if (spec.query) kork.query = parseWith(spec.query, kork.query);
    },
  };
}

/** The route's own access check (`RouteSpec.access`), before anything reads the body. */
function access<B, Q, P>(spec: RouteSpec<B, Q, P>): MiddlewareObj<Event> {
  return {
    before: async ({ event }) => {
      if (!spec.access) return;
      const kork = event.kork as HttpRequest<unknown, Q, P>;
      kork.access = await spec.access(kork);
    },
  };
}

function bodyValidation<B, Q, P>(spec: RouteSpec<B, Q, P>): MiddlewareObj<Event> {
  return {
    before: ({ event }) => {
      const kork = event.kork as HttpRequest;
      if (spec.body) kork.body = parseWith(spec.body, kork.body ?? {});
    },
  };
}

export function json(status: number, body: unknown, requestId: string, headers: Record<string, string> = {}) {
  return {
    statusCode: status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': requestId,
      'cache-control': 'no-store',
      ...headers,
    },
    body: status === 204 ? '' : JSON.stringify(body),
  } satisfies APIGatewayProxyStructuredResultV2;
}

function fileResponse(
  status: number,
  file: NonNullable<HttpResult['file']>,
  requestId: string,
  headers: Record<string, string> = {},
) {
  return {
    statusCode: status,
    headers: {
      'content-type': file.contentType,
      'x-request-id': requestId,
      'cache-control': 'no-store',
      ...headers,
    },
    body: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString('base64'),
    isBase64Encoded: true,
  } satisfies APIGatewayProxyStructuredResultV2;
}

function errorResponder(): MiddlewareObj<Event, APIGatewayProxyStructuredResultV2> {
  return {
    onError: (request) => {
      const state = request as unknown as State;
      const kork = state.event.kork;
      const requestId = kork?.requestId ?? state.context.awsRequestId ?? 'unknown';
      const locale = kork?.locale ?? 'en';
      const { status, body } = toHttpError(state.error, locale);
      const log = kork?.log ?? createLogger({ requestId });
      if (status >= 500) log.error('request failed', { error: state.error });
      else log.info('request rejected', { status, code: body.error.code });
      const headers: Record<string, string> = {};
      const retry = (state.error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (status === 429 && retry) headers['retry-after'] = String(retry);
      state.response = json(status, body, requestId, headers);
    },
  };
}

/**
 * The stack every route shares, up to its handler: `httpRoute` and `streamingRoute` (http-stream.ts) add
 * their own handler to it, so both check a request the same way in the same order.
 */
export function routeStack<B, Q, P>(route: RouteKey, spec: RouteSpec<B, Q, P>) {
  return middy<Event, APIGatewayProxyStructuredResultV2>()
    .use(httpHeaderNormalizer())
    .use(requestContext(route))
    .use(errorResponder())
    .use(apiKey(route))
    .use(sizeLimit)
    .use(pathParameters)
    .use(authentication(route, spec.sessions ?? tableSessions, spec.owner))
    .use(pathAndQuery(spec))
    .use(access(spec))
    .use(bodyParser(spec.multipart, spec.rawBody))
    .use(bodyValidation(spec));
}

/** The scope an `Idempotency-Key` is kept under: the caller and the route. */
export function idempotencyScope(route: RouteKey, request: HttpRequest<unknown, unknown, unknown>): string {
  return `${request.principal?.userId ?? 'public'}#${route}`;
}

/**
 * Builds a route's Lambda handler. `route` is the manifest key; its auth level comes from the manifest
 * so the cloud and local stacks cannot disagree.
 */
export function httpRoute<
  B = undefined,
  Q = Record<string, string | undefined>,
  P = Record<string, string | undefined>,
>(route: RouteKey, spec: RouteSpec<B, Q, P>, handle: (request: HttpRequest<B, Q, P>) => Promise<HttpResult>) {
  const handler = routeStack(route, spec).handler(async (event) => {
    const kork = event.kork as HttpRequest<B, Q, P>;
    const key = idempotencyKeyOf(event);
    if (key) {
      // A write sent again with the same key gets its first answer; nothing is changed twice.
      const answer = await once(
        idempotencyScope(route, kork),
        key,
        event,
        async () => {
          const result = await handle(kork);
          return { status: result.status ?? 200, payload: result.payload ?? null };
        },
        kork.log,
      );
      kork.log.debug('request served', { status: answer.status, replayed: answer.replayed });
      return json(answer.status, { payload: answer.payload }, kork.requestId, {
        ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
    }
    const result = await handle(kork);
    return resultResponse(kork, result);
  });
  const described: RouteDescription = { route, spec: spec as RouteSpec<unknown, unknown, unknown> };
  return Object.assign(handler, { route: described });
}

/** A handler's result as the response: the JSON envelope, or the file it answers. */
export function resultResponse(
  request: HttpRequest<unknown, unknown, unknown>,
  result: HttpResult,
): APIGatewayProxyStructuredResultV2 {
  const status = result.status ?? 200;
  request.log.debug('request served', { status });
  if (result.file) return fileResponse(status, result.file, request.requestId, result.headers);
  return json(status, { payload: result.payload ?? null }, request.requestId, result.headers);
}

/**
 * What a route's handler declares about its input, readable from the handler module
 * (`(await import(handlerModule)).handler.route`): the generated tests walk the manifest and use these
 * schemas to build bad inputs for every route.
 */
export interface RouteDescription {
  route: RouteKey;
  spec: RouteSpec<unknown, unknown, unknown>;
}
