import type { AssistantStreamEvent } from '@kork/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ApiError, NETWORK_CODE, TIMEOUT_CODE } from './api-client';
import { askAssistant, readEventStream, sha256Hex } from './assistant-stream';

/** A body that arrives in exactly these byte chunks (and, when told, then stalls or breaks). */
function chunked(
  chunks: Uint8Array[],
  end: 'close' | 'stall' | 'break' = 'close',
): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) {
        controller.enqueue(chunks[index++] as Uint8Array);
        return;
      }
      if (end === 'close') controller.close();
      if (end === 'break') controller.error(new TypeError('network error'));
      // 'stall': never answers again.
      return end === 'stall' ? new Promise(() => {}) : undefined;
    },
  });
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** Splits a text's bytes at the given byte offsets. */
function splitAt(text: string, offsets: number[]): Uint8Array[] {
  const all = bytes(text);
  const cuts = [0, ...offsets, all.length];
  return cuts.slice(1).map((cut, i) => all.slice(cuts[i], cut));
}

const LINES = [
  '{"type":"start","messageId":"m1"}',
  '{"type":"tool","name":"low_stock"}',
  '{"type":"text","text":"Tre viner går tomme: "}',
  '{"type":"text","text":"[Château Musar 2016](kork:wine/w1) – 2 flasker"}',
  '{"type":"done","messageId":"m1"}',
].join('\n');

describe('reading the assistant stream', () => {
  it('hands over every event once its line is whole, with lines and characters split across chunks', async () => {
    // Cut inside a line, right after a newline, and inside the two bytes of "å" and of "â".
    const aring = bytes(LINES).findIndex((_, i, all) => all[i] === 0xc3);
    const chunks = splitAt(LINES, [10, 34, 35, aring + 1, 120, 150]);
    const events: AssistantStreamEvent[] = [];
    const seen: number[] = [];

    await readEventStream(chunked(chunks).getReader(), (event) => {
      events.push(event);
      seen.push(events.length);
    });

    expect(events.map((event) => event.type)).toEqual(['start', 'tool', 'text', 'text', 'done']);
    const text = events.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join('');
    expect(text).toBe('Tre viner går tomme: [Château Musar 2016](kork:wine/w1) – 2 flasker');
  });

  it('hands an event over before the rest of the stream has come', async () => {
    const events: string[] = [];
    const reader = chunked([bytes('{"type":"text","text":"A"}\n{"type":"te')], 'stall').getReader();
    void readEventStream(reader, (event) => events.push(event.type));

    await vi.waitFor(() => expect(events).toEqual(['text']));
  });
});

describe('asking the assistant', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage('nb');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('posts the question with the AI key, the language and the body’s SHA-256, and streams the answer', async () => {
    fetchMock.mockResolvedValue(new Response(chunked(splitAt(LINES, [40])), { status: 200 }));
    const events: AssistantStreamEvent[] = [];

    await askAssistant('c 1', 'Hva bør jeg drikke nå?', (event) => events.push(event));

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(url).toBe('/api/assistant/conversations/c%201/messages');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"text":"Hva bør jeg drikke nå?"}');
    expect(headers.get('x-api-key')).toBe('kork-local-ai');
    expect(headers.get('accept-language')).toBe('nb');
    expect(headers.get('x-device-type')).toBe('web');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-amz-content-sha256')).toBe(await sha256Hex('{"text":"Hva bør jeg drikke nå?"}'));
    expect(events).toHaveLength(5);
  });

  it('hashes like everyone else (the SHA-256 of "abc")', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('turns a refusal into an ApiError with the server’s message', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'BUDGET', message: 'Månedens kvote er brukt opp.' } }), {
        status: 429,
      }),
    );

    const failure = askAssistant('c1', 'Hei', () => {});

    await expect(failure).rejects.toMatchObject({
      status: 429,
      code: 'BUDGET',
      message: 'Månedens kvote er brukt opp.',
    });
  });

  it('keeps what came and fails with a timeout when the answer stalls', async () => {
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      const body = chunked([bytes('{"type":"text","text":"Halv"}\n')], 'stall');
      const reader = body.getReader();
      // The body follows the request's abort, as a browser's does.
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const abort = new Promise<never>((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          );
          const { done, value } = await Promise.race([reader.read(), abort]);
          if (done) controller.close();
          else controller.enqueue(value);
        },
      });
      return new Response(stream, { status: 200 });
    });
    const events: AssistantStreamEvent[] = [];

    const failure = askAssistant('c1', 'Hei', (event) => events.push(event), { idleTimeoutMs: 50 });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: TIMEOUT_CODE });
    expect(events).toEqual([{ type: 'text', text: 'Halv' }]);
  });

  it('reports a connection that breaks halfway as a network failure', async () => {
    fetchMock.mockResolvedValue(new Response(chunked([bytes('{"type":"text","text":"Halv"}\n')], 'break')));

    await expect(askAssistant('c1', 'Hei', () => {})).rejects.toMatchObject({ code: NETWORK_CODE });
  });
});
