import { GENERIC_MESSAGE, LIMITS } from '@kork/shared';
import { currentLocale } from '../i18n/i18n';
import { getCurrency } from './currency';
import { getSessionToken } from './session-token';

/**
 * The one way the web app talks to the API: same-origin `/api`, the client
 * headers on every call, a 10 s timeout, `{payload}` unwrapped, and every failure turned into an
 * `ApiError` that carries the server's `error` body so forms can show field messages. Files come through
 * `download` (lib/download.ts) and the assistant's streamed answer through lib/assistant-stream.ts, both
 * on this client's headers; they live apart so the first screen does not load them.
 */

const API_BASE = '/api';
const API_KEY = import.meta.env.VITE_API_KEY || 'kork-local-web';
/** The AI client's own key (SPEC §7): only the assistant's routes take it, and they take no other. */
const AI_API_KEY = import.meta.env.VITE_AI_API_KEY || 'kork-local-ai';

/** The key a call sends: the AI client's for `/assistant/…`, the web client's for everything else. */
export function apiKeyFor(path: string): string {
  return path.startsWith('/assistant/') ? AI_API_KEY : API_KEY;
}

/** The code of an `ApiError` for a request that took longer than the timeout (the name SPEC §7 uses). */
export const TIMEOUT_CODE = 'ECONNABORTED';
/** The code of an `ApiError` for a request that never got an answer (offline, DNS, refused). */
export const NETWORK_CODE = 'NETWORK';

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    /** HTTP status, or 0 when no answer came (timeout, network). */
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    /** The response body as the server sent it. */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

/** A page of a list: `count` is the total across all pages. */
export interface Page<T> {
  rows: T[];
  count: number;
}

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** A plain object goes as JSON; `FormData` goes as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Headers of this call besides the client's own (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The address of an API path with its query (for the few calls that read an answer as it arrives). */
export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    // Filter arrays travel comma separated (SPEC §7).
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** The client's headers of one call to `path` (key, device, language, currency, session). */
export function buildHeaders(path: string, body: unknown, extra?: Record<string, string>): Headers {
  const headers = new Headers({
    'x-api-key': apiKeyFor(path),
    'x-device-type': 'web',
    'Accept-Language': currentLocale(),
    'X-Currency': getCurrency(),
    Accept: 'application/json',
  });
  const token = getSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  const error = (body as { error?: unknown } | null)?.error;
  return (
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
  );
}

function genericMessage(): string {
  return GENERIC_MESSAGE[currentLocale()];
}

/** The `ApiError` of an answer that is not a 2xx: the server's code, message and field messages. */
export async function responseError(response: Response): Promise<ApiError> {
  const responseBody = await readBody(response);
  return isErrorBody(responseBody)
    ? new ApiError(
        responseBody.error.message,
        response.status,
        responseBody.error.code,
        responseBody.error.fields ?? {},
        responseBody,
      )
    : new ApiError(genericMessage(), response.status, `HTTP_${response.status}`, {}, responseBody);
}

/** Sends one call with the client's headers and timeout; any answer but a 2xx becomes an `ApiError`. */
export async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const { query, body, signal, timeoutMs = LIMITS.requestTimeoutMs, headers } = options;
  const url = buildUrl(path, query);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort(signal?.reason);
  if (signal?.aborted) abortFromCaller();
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: buildHeaders(path, body, headers),
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      // The caller gave up (a page was left): that is no failure to report.
      if (signal?.aborted && !timedOut) throw cause;
      const error = timedOut
        ? new ApiError(genericMessage(), 0, TIMEOUT_CODE)
        : new ApiError(genericMessage(), 0, NETWORK_CODE);
      console.error(`[api] ${method} ${url} failed: ${error.code}`, cause);
      throw error;
    }
    if (response.ok) return response;

    const error = await responseError(response);
    console.error(
      `[api] ${method} ${url} failed: ${response.status} ${error.code}`,
      response.headers.get('x-request-id') ?? '',
    );
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  const responseBody = await readBody(response);
  return (responseBody as { payload: T } | undefined)?.payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => apiRequest<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => apiRequest<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => apiRequest<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
