import { type AssistantStreamEvent, LIMITS, streamEventDecoder } from '@kork/shared';
import { ApiError, buildHeaders, buildUrl, NETWORK_CODE, responseError, TIMEOUT_CODE } from './api-client';

/**
 * The cellar assistant's answer as it is written: `POST /api/assistant/conversations/{id}/messages`
 * answers newline-delimited JSON events (shared/src/assistant.ts), read here as they arrive. The one API
 * client's address and headers (the AI client's key among them), plus the body's SHA-256, which
 * CloudFront's origin access control needs to sign a POST to the streaming function.
 *
 * The 10 s limit (SPEC §7) is the longest wait for the next piece, not for the whole answer: a long
 * answer that keeps coming is never cut.
 */

/** Hex SHA-256 of a text, as `x-amz-content-sha256` wants it. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Reads a stream of NDJSON events, handing each one over as soon as its line is complete: a line split
 * across chunks (or a character split across its bytes) waits for the rest.
 */
export async function readEventStream(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  onEvent: (event: AssistantStreamEvent) => void,
  onChunk?: () => void,
): Promise<void> {
  const text = new TextDecoder();
  const decoder = streamEventDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    onChunk?.();
    for (const event of decoder.push(text.decode(value, { stream: true }))) onEvent(event);
  }
  for (const event of decoder.push(text.decode())) onEvent(event);
  for (const event of decoder.end()) onEvent(event);
}

export interface AskOptions {
  signal?: AbortSignal;
  /** The longest wait for the next piece of the answer. */
  idleTimeoutMs?: number;
}

/**
 * Asks one question and hands every event of its answer to `onEvent`. Resolves when the stream ends;
 * rejects with an `ApiError` when the request is refused (its server message), times out
 * (`ECONNABORTED`) or the connection drops (`NETWORK`), also halfway through the answer. A caller's
 * abort rejects with the abort itself.
 */
export async function askAssistant(
  conversationId: string,
  text: string,
  onEvent: (event: AssistantStreamEvent) => void,
  { signal, idleTimeoutMs = LIMITS.requestTimeoutMs }: AskOptions = {},
): Promise<void> {
  const path = `/assistant/conversations/${encodeURIComponent(conversationId)}/messages`;
  const payload = { text };
  const body = JSON.stringify(payload);
  const headers = buildHeaders(path, payload, {
    Accept: 'application/x-ndjson',
    'x-amz-content-sha256': await sha256Hex(body),
  });

  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, idleTimeoutMs);
  };
  const abortFromCaller = () => controller.abort(signal?.reason);
  if (signal?.aborted) abortFromCaller();
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  const failure = (cause: unknown): unknown => {
    if (signal?.aborted && !timedOut) return cause;
    const code = timedOut ? TIMEOUT_CODE : NETWORK_CODE;
    console.error(`[api] POST ${path} failed: ${code}`, cause);
    return new ApiError('', 0, code);
  };

  try {
    wait();
    let response: Response;
    try {
      response = await fetch(buildUrl(path), {
        method: 'POST',
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      throw failure(cause);
    }
    if (!response.ok) {
      const error = await responseError(response);
      console.error(
        `[api] POST ${path} failed: ${response.status} ${error.code}`,
        response.headers.get('x-request-id') ?? '',
      );
      throw error;
    }
    if (!response.body) throw new ApiError('', 0, NETWORK_CODE);
    const reader = response.body.getReader();
    try {
      await readEventStream(reader, onEvent, wait);
    } catch (cause) {
      throw failure(cause);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}
