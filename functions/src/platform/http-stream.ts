/**
 * Routes that answer as they go (the cellar assistant's answers): the same middleware stack as every
 * other route (http.ts `routeStack`: API key, size, path ids, authentication, validation, access, body),
 * then a handler that `emit`s events, each written at once as one line of `application/x-ndjson`.
 *
 * - Anything that fails before the first event answers the usual JSON error with its status.
 * - The first event commits the answer: 200, `application/x-ndjson; charset=utf-8`, `cache-control:
 *   no-store`, `x-request-id`. An error after that is written as a last `{type:"error"}` line.
 * - A handler may instead return an `HttpResult` (the `?stream=false` answer): the usual JSON envelope.
 * - `signal` aborts when the client goes away, and shortly before the function's time is up.
 * - `Idempotency-Key`: the same key while the first request runs answers 409, with another request 422
 *   (as every write route). A streamed answer that completed is kept (its events, when they fit the
 *   record) and a retry gets them again at once, marked `idempotent-replayed`; an answer that ended in an
 *   `error` event is not kept, so a retry with the same key asks again.
 *
 * Where it runs: in the cloud Lambda response streaming (`awslambda.streamifyResponse`, a function URL
 * in RESPONSE_STREAM mode behind CloudFront); locally the runner calls `handler.invoke(event, context,
 * sink)` and writes each line to the socket as it comes (infra/local/lambda-http.ts); anywhere else
 * (unit tests) the exported handler buffers the answer and returns it like any route's.
 */
import type { Writable } from 'node:stream';
import { type AssistantStreamEvent, encodeStreamEvent } from '@kork/shared';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { type RouteKey, STREAM_AUTHORIZATION_HEADER } from '../routes';
import {
  type HttpRequest,
  type HttpResult,
  idempotencyScope,
  json,
  type RouteDescription,
  type RouteEvent,
  type RouteSpec,
  resultResponse,
  routeStack,
} from './http';
import { idempotencyKeyOf, once } from './idempotency';

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

/** Where a streamed answer goes: the Lambda response stream, the local runner's socket, a buffer. */
export interface StreamSink {
  /** Status and headers; called once, before the first write. */
  start(status: number, headers: Record<string, string>): void;
  write(chunk: string | Uint8Array): void;
  /** Ends the answer; resolves when it is sent. */
  end(): void | Promise<void>;
  /** Aborts when the client goes away. */
  signal?: AbortSignal;
}

export type StreamEmit = (event: AssistantStreamEvent) => void;

export type StreamHandle<B, Q, P> = (
  request: HttpRequest<B, Q, P>,
  emit: StreamEmit,
  signal: AbortSignal,
) => Promise<HttpResult | undefined>;

/** The stored form of a streamed answer, for a retry with the same `Idempotency-Key`. */
const STREAMED_EVENTS = 'ndjsonEvents';
/** How long a streamed request holds its `Idempotency-Key` (its function may run up to a minute). */
const STREAM_CLAIM_MS = 90_000;
/** The signal aborts this long (at most a tenth of the time) before the function's time is up, for the handler to end its answer. */
const DEADLINE_MARGIN_MS = 2_000;

/** One invocation's answer: opened by the first event. */
class Channel {
  started = false;
  private broken = false;
  readonly events: AssistantStreamEvent[] = [];

  constructor(
    readonly sink: StreamSink,
    readonly signal: AbortSignal,
  ) {}

  begin(requestId: string, headers: Record<string, string> = {}): void {
    if (this.started) return;
    this.started = true;
    this.sink.start(200, {
      'content-type': NDJSON_CONTENT_TYPE,
      'cache-control': 'no-store',
      'x-request-id': requestId,
      ...headers,
    });
  }

  emit(requestId: string, event: AssistantStreamEvent): void {
    this.begin(requestId);
    this.events.push(event);
    if (this.broken) return;
    try {
      this.sink.write(encodeStreamEvent(event));
    } catch {
      // The client went away mid-answer: the signal says so; the rest is dropped.
      this.broken = true;
    }
  }
}

const channels = new WeakMap<RouteEvent, Channel>();

/** What the inner handler answers once it has streamed: the outer wrapper only ends the stream. */
const STREAMED: APIGatewayProxyStructuredResultV2 = { statusCode: 200 };

/** Thrown inside the idempotency claim so an answer that ended in an error is not kept. */
class StreamEndedInError extends Error {}

interface LambdaRuntime {
  streamifyResponse(
    handler: (event: RouteEvent, responseStream: Writable, context: Context) => Promise<void>,
  ): (...args: unknown[]) => unknown;
  HttpResponseStream: {
    from(stream: Writable, prelude: { statusCode: number; headers?: Record<string, string> }): Writable;
  };
}

/** Lambda's streaming runtime, when this runs in it (the SDK also puts an `awslambda` object of its own on globalThis). */
function lambdaRuntime(): LambdaRuntime | undefined {
  const runtime = (globalThis as { awslambda?: Partial<LambdaRuntime> }).awslambda;
  return typeof runtime?.streamifyResponse === 'function' &&
    typeof runtime.HttpResponseStream?.from === 'function'
    ? (runtime as LambdaRuntime)
    : undefined;
}

/**
 * Builds a streamed route's handler. Its signature is the contract the assistant's message route uses:
 * `handle(req, emit, signal)` emits events and returns nothing, or returns an `HttpResult` instead.
 */
export function streamingRoute<
  B = undefined,
  Q = Record<string, string | undefined>,
  P = Record<string, string | undefined>,
>(route: RouteKey, spec: RouteSpec<B, Q, P>, handle: StreamHandle<B, Q, P>) {
  const [method = 'POST', template = '/'] = route.split(' ');

  const stacked = routeStack(route, spec).handler(async (event) => {
    const kork = event.kork as HttpRequest<B, Q, P>;
    const channel = channels.get(event) as Channel;
    const emit: StreamEmit = (e) => channel.emit(kork.requestId, e);
    const key = idempotencyKeyOf(event);
    if (!key) {
      const result = await handle(kork, emit, channel.signal);
      return settle(kork, channel, result);
    }
    let streamedError = false;
    try {
      const answer = await once(
        idempotencyScope(route, kork),
        key,
        event,
        async () => {
          const result = await handle(kork, emit, channel.signal);
          if (!channel.started && result)
            return { status: result.status ?? 200, payload: result.payload ?? null };
          if (channel.events.some((e) => e.type === 'error')) {
            streamedError = true;
            throw new StreamEndedInError();
          }
          return { status: 200, payload: { [STREAMED_EVENTS]: channel.events } };
        },
        kork.log,
        { claimMs: STREAM_CLAIM_MS },
      );
      const stored = (answer.payload as Record<string, unknown> | null)?.[STREAMED_EVENTS];
      if (!answer.replayed) {
        if (channel.started || Array.isArray(stored)) return STREAMED;
        return json(answer.status, { payload: answer.payload }, kork.requestId);
      }
      kork.log.debug('request served', { status: answer.status, replayed: true });
      if (Array.isArray(stored)) {
        channel.begin(kork.requestId, { 'idempotent-replayed': 'true' });
        for (const e of stored as AssistantStreamEvent[]) channel.emit(kork.requestId, e);
        return STREAMED;
      }
      return json(answer.status, { payload: answer.payload }, kork.requestId, {
        'idempotent-replayed': 'true',
      });
    } catch (error) {
      if (streamedError && error instanceof StreamEndedInError) return STREAMED;
      throw error;
    }
  });

  /** Runs one request into `sink`: the stack, then the handler's events or its JSON answer. */
  async function invoke(event: RouteEvent, context: Context, sink: StreamSink): Promise<void> {
    const controller = new AbortController();
    const onGone = () => controller.abort(sink.signal?.reason ?? new Error('client went away'));
    if (sink.signal?.aborted) onGone();
    else sink.signal?.addEventListener('abort', onGone, { once: true });
    const remaining = context.getRemainingTimeInMillis?.();
    let late = false;
    const deadline =
      remaining === undefined
        ? undefined
        : setTimeout(
            () => {
              late = true;
              controller.abort(new Error('function time is up'));
            },
            Math.max(0, remaining - Math.min(DEADLINE_MARGIN_MS, remaining / 10)),
          );
    const channel = new Channel(sink, controller.signal);
    try {
      const misrouted = routeOf(event, method, template);
      if (misrouted) return await whole(sink, misrouted);
      takeForwardedAuthorization(event);
      channels.set(event, channel);
      const result = (await stacked(event, context)) as APIGatewayProxyStructuredResultV2;
      if (!channel.started) {
        if (result === STREAMED) channel.begin(event.kork?.requestId ?? context.awsRequestId ?? 'unknown');
        else return await whole(sink, result);
      } else if (result !== STREAMED) {
        // The handler failed after its first event: the status is sent, so the error is the last line.
        const requestId = event.kork?.requestId ?? context.awsRequestId ?? 'unknown';
        const { error } = JSON.parse(result.body || '{}') as { error?: { code?: string; message?: string } };
        channel.emit(requestId, {
          type: 'error',
          message: error?.message ?? 'Internal server error',
          // Past the deadline the failure is the function's time running out (middy's own timeout).
          code: late ? 'TIMEOUT' : error?.code,
          requestId,
        });
      }
      await sink.end();
    } finally {
      if (deadline) clearTimeout(deadline);
      sink.signal?.removeEventListener('abort', onGone);
    }
  }

  /** Without Lambda's streaming runtime (unit tests, an ordinary invoke): the whole answer, buffered. */
  const buffered = async (
    event: RouteEvent,
    context: Context,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    const buffer = bufferedSink();
    await invoke(event, context, buffer.sink);
    return buffer.result();
  };

  const runtime = lambdaRuntime();
  const handler = runtime
    ? runtime.streamifyResponse((event, responseStream, context) =>
        invoke(event, context, lambdaSink(runtime, responseStream)),
      )
    : buffered;
  const described: RouteDescription = { route, spec: spec as RouteSpec<unknown, unknown, unknown> };
  return Object.assign(handler, { route: described, streaming: true as const, invoke, buffered });
}

/** The handler's own answer: its JSON result, or the stream it opened. */
function settle<B, Q, P>(
  kork: HttpRequest<B, Q, P>,
  channel: Channel,
  result: HttpResult | undefined,
): APIGatewayProxyStructuredResultV2 {
  if (channel.started) {
    if (result) kork.log.warn('a streamed handler also returned a result; it was dropped');
    kork.log.debug('request served', { status: 200, events: channel.events.length });
    return STREAMED;
  }
  if (!result) return STREAMED;
  return resultResponse(kork as HttpRequest<unknown, unknown, unknown>, result);
}

/** A whole (JSON) answer into the sink. */
async function whole(sink: StreamSink, result: APIGatewayProxyStructuredResultV2): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  sink.start(result.statusCode ?? 200, headers);
  if (result.body) sink.write(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
  await sink.end();
}

/**
 * A function URL calls the function with any method and any path its CloudFront behavior lets through
 * (`*` spans slashes) and without path parameters: they are read from the route's template here, and a
 * request the route does not answer gets the API's own 404 or 405.
 */
function routeOf(
  event: RouteEvent,
  method: string,
  template: string,
): APIGatewayProxyStructuredResultV2 | undefined {
  if (event.pathParameters || event.routeKey !== '$default') return undefined;
  const requestId = event.requestContext?.requestId ?? 'unknown';
  const names: string[] = [];
  const pattern = template
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1] as string);
      return '([^/]+)';
    })
    .join('/');
  const match = new RegExp(`^${pattern}/?$`).exec(event.rawPath ?? '');
  if (!match) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }, requestId);
  if ((event.requestContext?.http?.method ?? '') !== method)
    return json(405, { error: { code: 'NOT_FOUND', message: 'Method not allowed' } }, requestId);
  try {
    event.pathParameters = Object.fromEntries(
      names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? '')]),
    );
  } catch {
    return json(400, { error: { code: 'VALIDATION', message: 'The address is not valid' } }, requestId);
  }
  return undefined;
}

/**
 * Behind CloudFront's origin access control `Authorization` holds CloudFront's own signature (already
 * checked by the function URL); the caller's header travels in `STREAM_AUTHORIZATION_HEADER`.
 */
function takeForwardedAuthorization(event: RouteEvent): void {
  const headers = { ...(event.headers ?? {}) };
  const forwarded = headers[STREAM_AUTHORIZATION_HEADER];
  if (forwarded === undefined) return;
  delete headers[STREAM_AUTHORIZATION_HEADER];
  const own = headers.authorization;
  if (own === undefined || own.startsWith('AWS4-HMAC-SHA256')) headers.authorization = forwarded;
  event.headers = headers;
}

/** The Lambda response stream: the prelude (status, headers) once, then each line as it is written. */
function lambdaSink(runtime: LambdaRuntime, responseStream: Writable): StreamSink {
  const controller = new AbortController();
  let out: Writable | undefined;
  let ended = false;
  const gone = () => {
    if (!ended && !controller.signal.aborted) controller.abort(new Error('client went away'));
  };
  responseStream.on('close', gone);
  responseStream.on('error', gone);
  return {
    signal: controller.signal,
    start(status, headers) {
      out = runtime.HttpResponseStream.from(responseStream, { statusCode: status, headers });
    },
    write(chunk) {
      (out ?? responseStream).write(chunk);
    },
    end() {
      ended = true;
      const stream = out ?? responseStream;
      return new Promise<void>((resolve) => {
        if (stream.writableEnded) return resolve();
        stream.end(() => resolve());
      });
    },
  };
}

const TEXTUAL = /^(application\/(json|x-ndjson)|text\/)/i;

/** Collects an answer for a caller that takes it whole. */
export function bufferedSink(): { sink: StreamSink; result(): APIGatewayProxyStructuredResultV2 } {
  let statusCode = 200;
  let headers: Record<string, string> = {};
  const chunks: Buffer[] = [];
  return {
    sink: {
      start(status, h) {
        statusCode = status;
        headers = h;
      },
      write(chunk) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk));
      },
      end() {},
    },
    result() {
      const body = Buffer.concat(chunks);
      const textual = TEXTUAL.test(headers['content-type'] ?? 'application/json');
      return {
        statusCode,
        headers,
        body: textual ? body.toString('utf8') : body.toString('base64'),
        ...(textual ? {} : { isBase64Encoded: true }),
      };
    },
  };
}

/** A handler module's export, as the local runner tells a streamed route from any other. */
export interface StreamingHandler {
  streaming: true;
  invoke(event: RouteEvent, context: Context, sink: StreamSink): Promise<void>;
}

export function isStreamingHandler(handler: unknown): handler is StreamingHandler {
  return (
    typeof handler === 'function' &&
    (handler as Partial<StreamingHandler>).streaming === true &&
    typeof (handler as Partial<StreamingHandler>).invoke === 'function'
  );
}
