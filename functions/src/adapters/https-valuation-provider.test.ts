import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpsValuationProvider, retryAfterMs } from './https-valuation-provider';
import type { ValuationRequest } from './valuation-provider';

type Reply = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let url: string;
/** What the server answers each wine's n-th request with (by the `lwin` or `name` asked for). */
let script: Record<string, Reply[]> = {};
let seen: { wine: string; key: string | undefined; at: number; query: URLSearchParams }[] = [];

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
};
const ok = json(200, { currency: 'NOK', averagePrice: 1234.5, minPrice: 999, offers: 14, bottleSizeMl: 750 });

beforeAll(async () => {
  server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const wine = query.get('lwin') ?? query.get('name') ?? '';
    const key = req.headers['x-api-key'];
    seen.push({ wine, key: typeof key === 'string' ? key : undefined, at: Date.now(), query });
    const replies = script[wine] ?? [];
    const reply = replies.length > 1 ? replies.shift() : replies[0];
    (reply ?? json(404, { error: 'not found' }))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prices`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  script = {};
  seen = [];
});

const provider = () =>
  httpsValuationProvider({ url, apiKey: async () => 'test-key', timeoutMs: 300, baseDelayMs: 20 });

function request(key: string, over: Partial<ValuationRequest> = {}): ValuationRequest {
  return { key, wineName: 'Example', vintage: 2010, bottleSize: 0.75, hints: {}, ...over };
}

describe('the HTTPS valuation provider', () => {
  it('asks by LWIN with its key and answers the average ex-tax price in minor units', async () => {
    script['10122922010'] = [ok];
    const { quotes, misses } = await provider().quote(
      [request('lwin:10122922010', { lwin11: '10122922010' })],
      '2026-11-29',
    );
    expect(misses).toEqual([]);
    expect(quotes).toEqual([
      {
        key: 'lwin:10122922010',
        asOf: '2026-11-29',
        price: 123_450,
        currency: 'NOK',
        priceType: 'retailAverage',
        source: 'https',
        sampleSize: 14,
        confidence: 0.7,
        demo: false,
      },
    ]);
    expect(seen[0]?.key).toBe('test-key');
    expect(seen[0]?.query.get('currency')).toBe('NOK');
  });

  it('asks by producer, name, vintage and size without an LWIN, and scales a magnum', async () => {
    script['Château Exemple Grand Vin'] = [ok];
    const { quotes } = await provider().quote(
      [
        request('vmp:1:2010:1500', {
          wineName: 'Grand Vin',
          producerName: 'Château Exemple',
          bottleSize: 1.5,
        }),
      ],
      '2026-11-29',
    );
    expect(seen[0]?.query.get('vintage')).toBe('2010');
    expect(seen[0]?.query.get('size')).toBe('1500');
    expect(quotes[0]?.price).toBe(246_900);
  });

  it('tries again after a 500 and takes the next answer', async () => {
    script['10122922010'] = [json(500, { error: 'boom' }), ok];
    const { quotes, misses } = await provider().quote(
      [request('lwin:10122922010', { lwin11: '10122922010' })],
      '2026-11-29',
    );
    expect(misses).toEqual([]);
    expect(quotes[0]?.price).toBe(123_450);
    expect(seen).toHaveLength(2);
  });

  it("waits as long as a 429's Retry-After asks before trying again", async () => {
    script['10122922010'] = [json(429, {}, { 'retry-after': '0.4' }), ok];
    const { quotes } = await provider().quote(
      [request('lwin:10122922010', { lwin11: '10122922010' })],
      '2026-11-29',
    );
    expect(quotes).toHaveLength(1);
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(380);
  });

  it('gives up after three attempts on a provider that never answers in time: a failed miss', async () => {
    script['10122922010'] = [() => {}];
    const started = Date.now();
    const { quotes, misses } = await provider().quote(
      [request('lwin:10122922010', { lwin11: '10122922010' })],
      '2026-11-29',
    );
    expect(quotes).toEqual([]);
    expect(misses).toEqual([{ key: 'lwin:10122922010', reason: 'failed' }]);
    expect(seen).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('takes a malformed answer as a failure, never as a price', async () => {
    script['10122922010'] = [json(200, { currency: 'NOK', averagePrice: 'lots', offers: 3 })];
    script['10122922011'] = [json(200, '{"currency": "NOK", "averagePrice": 12')];
    script['10122922012'] = [json(200, { currency: 'NOK', averagePrice: -5, offers: 3 })];
    const { quotes, misses } = await provider().quote(
      ['10122922010', '10122922011', '10122922012'].map((lwin) => request(`lwin:${lwin}`, { lwin11: lwin })),
      '2026-11-29',
    );
    expect(quotes).toEqual([]);
    expect(misses.map((m) => m.reason)).toEqual(['failed', 'failed', 'failed']);
    expect(seen).toHaveLength(3);
  });

  it('says a wine the provider does not know (404, or no offers) is unknown, and asks once', async () => {
    script['10122922011'] = [json(200, { currency: 'NOK', averagePrice: null, offers: 0 })];
    const { quotes, misses } = await provider().quote(
      [
        request('lwin:10122922010', { lwin11: '10122922010' }),
        request('lwin:10122922011', { lwin11: '10122922011' }),
      ],
      '2026-11-29',
    );
    expect(quotes).toEqual([]);
    expect(misses.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'lwin:10122922010', reason: 'unknown' },
      { key: 'lwin:10122922011', reason: 'unknown' },
    ]);
    expect(seen).toHaveLength(2);
  });

  it('reads Retry-After in seconds and as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(61_000).toUTCString(), 1_000)).toBe(60_000);
    expect(retryAfterMs(null)).toBeUndefined();
  });
});
