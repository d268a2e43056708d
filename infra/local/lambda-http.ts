/**
 * Turns a Node HTTP request into the API Gateway HTTP API (payload v2) event a route's handler gets in
 * the cloud, and the handler's result back into an HTTP response; and runs each invocation isolated as
 * Lambda runs it: an error one invocation throws from anywhere (a timer, a stream callback, a promise
 * nobody awaits) answers that request 500 and never takes the process down, and an invocation that
 * outlives its function's timeout answers 504.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * A streamed route's handler (functions/src/platform/http-stream.ts): besides the buffered Lambda
 * signature it takes a sink the runner writes to the socket line by line.
 */
export interface StreamingHandler {
  streaming: true;
  invoke(event: APIGatewayProxyEventV2, context: Context, sink: StreamSink): Promise<void>;
}

export interface StreamSink {
  start(status: number, headers: Record<string, string>): void;
  write(chunk: string | Uint8Array): void;
  end(): void | Promise<void>;
  signal?: AbortSignal;
}

export function isStreamingHandler(handler: unknown): handler is StreamingHandler {
  const candidate = handler as Partial<StreamingHandler> | undefined;
  return candidate?.streaming === true && typeof candidate.invoke === 'function';
}

export class BodyTooLargeError extends Error {}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function toEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string> | undefined,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(',');
  const textual = TEXT_TYPES.test(headers['content-type'] ?? '');
  const now = Date.now();
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie?.split(';').map((c) => c.trim()),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    body: body.length > 0 ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
  };
}

export function lambdaContext(functionName: string, requestId: string, timeoutMs = 10_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  if (!result.body) return void res.end();
  res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
}

const INTERNAL = { error: { code: 'INTERNAL', message: 'Internal server error' } };
const TIMED_OUT = { error: { code: 'TIMEOUT', message: 'The request took too long' } };

/** One running invocation: what an error raised anywhere within it needs to answer its request. */
interface Invocation {
  requestId: string;
  routeKey: string;
  res: ServerResponse;
  log: (line: string) => void;
  /** Answers the request once; later answers (a late result, a second error) are only logged. */
  answer(status: number, result: APIGatewayProxyStructuredResultV2): void;
}

/** Follows each invocation through every callback, timer and stream event started within it. */
const invocations = new AsyncLocalStorage<Invocation>();

function jsonResult(status: number, body: unknown, requestId: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': requestId,
      'cache-control': 'no-store',
    },
    body: JSON.stringify(body),
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function crashed(invocation: Invocation, error: unknown): void {
  invocation.log(`${invocation.routeKey} request ${invocation.requestId} failed: ${describe(error)}`);
  invocation.answer(500, jsonResult(500, INTERNAL, invocation.requestId));
}

export interface InvokeOptions {
  routeKey: string;
  /** The function's timeout (the manifest's timeoutSeconds, 10 s by default). */
  timeoutMs: number;
  log: (line: string) => void;
}

/**
 * Invokes a handler for one request and writes its answer: the handler's result, 500 when it throws
 * (in its own promise or, through the process guard, from any callback it started), 504 when it has
 * not answered within the timeout. Resolves once the request is answered.
 */
export function invokeIsolated(
  handler: HttpHandler,
  event: APIGatewayProxyEventV2,
  res: ServerResponse,
  options: InvokeOptions,
): Promise<void> {
  const requestId = event.requestContext.requestId;
  return new Promise<void>((resolve) => {
    let answered = false;
    const timer = setTimeout(() => {
      options.log(`${options.routeKey} request ${requestId} timed out after ${options.timeoutMs} ms`);
      invocation.answer(504, jsonResult(504, TIMED_OUT, requestId));
    }, options.timeoutMs);
    const invocation: Invocation = {
      requestId,
      routeKey: options.routeKey,
      res,
      log: options.log,
      answer(status, result) {
        if (answered) {
          if (status >= 500 && status !== 504) options.log(`request ${requestId}: later error ignored`);
          return;
        }
        answered = true;
        clearTimeout(timer);
        if (!res.headersSent) writeResult(res, result);
        else res.end();
        resolve();
      },
    };
    invocations.run(invocation, () => {
      const context = lambdaContext(options.routeKey, requestId, options.timeoutMs);
      Promise.resolve()
        .then(() => handler(event, context))
        .then(
          (result) => invocation.answer(result.statusCode ?? 200, result),
          (error: unknown) => crashed(invocation, error),
        );
    });
  });
}

/** The last line of a stream that failed after its status was sent (the events' `error`). */
function errorLine(code: string, message: string, requestId: string): string {
  return `${JSON.stringify({ type: 'error', message, code, requestId })}\n`;
}

/**
 * Invokes a streamed route's handler for one request: its status and headers go out at once (no
 * buffering, no compression) and each line it writes is written to the socket as it comes. The client
 * going away aborts the handler's signal. Isolated like `invokeIsolated`: an error from anywhere within
 * it answers 500, or, once the stream has begun, ends it with an error line; so does the timeout (504).
 */
export function invokeStreaming(
  handler: StreamingHandler,
  event: APIGatewayProxyEventV2,
  res: ServerResponse,
  options: InvokeOptions,
): Promise<void> {
  const requestId = event.requestContext.requestId;
  const gone = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) gone.abort(new Error('client went away'));
  };
  res.on('close', onClose);
  return new Promise<void>((resolve) => {
    let answered = false;
    const finish = () => {
      answered = true;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      options.log(`${options.routeKey} request ${requestId} timed out after ${options.timeoutMs} ms`);
      invocation.answer(504, jsonResult(504, TIMED_OUT, requestId));
    }, options.timeoutMs);
    const invocation: Invocation = {
      requestId,
      routeKey: options.routeKey,
      res,
      log: options.log,
      answer(status, result) {
        if (answered) {
          if (status >= 500 && status !== 504) options.log(`request ${requestId}: later error ignored`);
          return;
        }
        if (!res.headersSent) writeResult(res, result);
        else if (!res.writableEnded) {
          const { error } = JSON.parse(String(result.body ?? '{}')) as {
            error?: { code: string; message: string };
          };
          res.end(errorLine(error?.code ?? 'INTERNAL', error?.message ?? 'Internal server error', requestId));
        }
        finish();
      },
    };
    const sink: StreamSink = {
      signal: gone.signal,
      start(status, headers) {
        if (answered || res.headersSent) return;
        res.writeHead(status, headers);
        res.flushHeaders();
      },
      write(chunk) {
        if (answered || res.writableEnded || res.destroyed) return;
        res.write(chunk);
      },
      end() {
        if (answered) return;
        if (!res.headersSent) res.writeHead(200);
        res.end();
        finish();
      },
    };
    invocations.run(invocation, () => {
      const context = lambdaContext(options.routeKey, requestId, options.timeoutMs);
      Promise.resolve()
        .then(() => handler.invoke(event, context, sink))
        .then(
          () => {
            if (!answered) sink.end();
          },
          (error: unknown) => crashed(invocation, error),
        );
    });
  }).finally(() => res.off('close', onClose));
}

const guardLogs = new Set<{ log: (line: string) => void }>();

function onProcessError(error: unknown): void {
  const invocation = invocations.getStore();
  if (invocation) crashed(invocation, error);
  else for (const { log } of guardLogs) log(`error outside any request: ${describe(error)}`);
}

const onUncaughtException = (error: Error) => onProcessError(error);
const onUnhandledRejection = (reason: unknown) => onProcessError(reason);

/**
 * While a local server runs, an uncaught exception or unhandled rejection is traced to the invocation
 * it came from and answers that request 500; one outside any invocation is logged. Either way the
 * process keeps serving. Returns the function that removes the guard (on server close).
 */
export function guardProcess(log: (line: string) => void): () => void {
  const entry = { log };
  if (guardLogs.size === 0) {
    process.on('uncaughtException', onUncaughtException);
    process.on('unhandledRejection', onUnhandledRejection);
  }
  guardLogs.add(entry);
  return () => {
    if (!guardLogs.delete(entry) || guardLogs.size > 0) return;
    process.off('uncaughtException', onUncaughtException);
    process.off('unhandledRejection', onUnhandledRejection);
  };
}
