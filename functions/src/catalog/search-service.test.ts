/**
 * The feed's search answered by the port the configuration names: `CATALOG_SEARCH=opensearch` sends it
 * to the collection over the signed transport (here a local server answering the contract's recorded
 * OpenSearch responses), anything else to the in-memory index.
 */

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { WineSearchQuery } from '@kork/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCatalogIndex } from './search/catalog-index';
import recordings from './search/fixtures/opensearch-recordings.json';
import { CONTRACT_WINES } from './search/search-port-contract';

const cache = vi.hoisted(() => ({ loads: 0 }));

vi.mock('./catalog-index-cache', async () => {
  const { buildCatalogIndex: build } = await import('./search/catalog-index');
  const { CONTRACT_WINES: wines } = await import('./search/search-port-contract');
  const index = build(wines);
  return {
    refreshMs: () => 0,
    catalogIndex: async () => {
      cache.loads += 1;
      return { index, generation: 1, revision: '1:0' };
    },
    currentCatalog: async () => ({ index, docs: new Map(wines.map((w) => [w.id, w])) }),
  };
});

vi.mock('../accounts/public-profiles', () => ({
  publicNames: async (ids: readonly string[]) =>
    new Map(ids.map((id) => [id, { id, name: `Expert ${id.slice(-2)}`, isExpert: true }])),
}));

const { searchWines } = await import('./search-service');

// The feed's white wines by name, available or not rated: the contract's faceted case, as the feed asks it.
const whiteWines = WineSearchQuery.parse({
  mainCategoryId: 'white',
  isRatedByExpert: 'false',
  sortColumn: 'name',
  sortDirection: 'asc',
});
const guest = { principal: undefined, currency: 'NOK' as const };

const ENV = [
  'CATALOG_SEARCH',
  'CATALOG_SEARCH_ENDPOINT',
  'CATALOG_SEARCH_INDEX',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_PROFILE',
];
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

let server: Server | undefined;
const received: { path: string; headers: IncomingHttpHeaders }[] = [];

/** A collection that answers the recorded request bodies only, and only when signed for aoss. */
async function recordedCollection(): Promise<string> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers });
      const body = JSON.parse(Buffer.concat(chunks).toString() || 'null');
      const signed = /Credential=AKIDTEST\/\d{8}\/eu-north-1\/aoss\/aws4_request/.test(
        req.headers.authorization ?? '',
      );
      const recording = recordings.find((r) => r.path === req.url && isDeepStrictEqual(r.request, body));
      if (!signed) res.writeHead(403).end('{"message":"not signed for aoss"}');
      else if (!recording) res.writeHead(400).end('{"error":"no recorded response"}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(recording.response));
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Credentials a request to the collection is signed with (the recorded collection checks the scope). */
const SIGNED = { AWS_REGION: 'eu-north-1', AWS_ACCESS_KEY_ID: 'AKIDTEST', AWS_SECRET_ACCESS_KEY: 'secret' };
const OPENSEARCH = { CATALOG_SEARCH: 'opensearch', ...SIGNED };

/** The recorded collection started at `CATALOG_SEARCH_ENDPOINT`, with `settings` as the configuration. */
async function configure(settings: Record<string, string> = {}): Promise<void> {
  Object.assign(process.env, { CATALOG_SEARCH_ENDPOINT: await recordedCollection(), ...settings });
}

beforeEach(() => {
  for (const name of ENV) delete process.env[name];
  received.length = 0;
  cache.loads = 0;
});

afterEach(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const running = server;
  server = undefined;
  if (running) {
    running.closeAllConnections();
    await new Promise((resolve) => running.close(resolve));
  }
});

describe('the feed search, by configuration', () => {
  it('with CATALOG_SEARCH=opensearch: answered by the collection, signed, never by the in-memory index', async () => {
    await configure({ ...OPENSEARCH, CATALOG_SEARCH_INDEX: 'catalog-wines' });

    const answer = await searchWines(whiteWines, guest);

    expect(received.map((r) => r.path)).toEqual(['/catalog-wines/_search']);
    expect(received[0]?.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(cache.loads).toBe(0);
    expect(answer.rows.map((row) => [row.id, row.name])).toEqual([
      ['w-mosel', 'Riesling Kabinett 2019'],
      ['w-wachau', 'Riesling Smaragd 2018'],
    ]);
    expect(answer.count).toBe(2);
    // A guest sees no prices.
    expect(answer.rows[0]?.price).toBeUndefined();
    expect(answer.facets.categories.map(({ id, count }) => ({ id, count }))).toEqual([
      { id: 'white', count: 2 },
      { id: 'red', count: 1 },
    ]);
    expect(answer.facets.experts.map((e) => e.name)).toEqual(['Expert 01', 'Expert 02']);
  });

  it('an OpenSearch failure is the request failing, not an answer from elsewhere', async () => {
    await configure(OPENSEARCH);
    // No recording for the first page of every wine.
    await expect(searchWines(WineSearchQuery.parse({}), guest)).rejects.toThrow(/answered 400/);
    expect(cache.loads).toBe(0);
  });

  it('without it: the in-memory index answers the same page, and no collection is asked', async () => {
    // A collection is running and its endpoint set, but CATALOG_SEARCH does not choose it.
    await configure();

    const answer = await searchWines(whiteWines, guest);

    expect(received).toEqual([]);
    expect(cache.loads).toBe(1);
    expect(answer.rows.map((row) => row.id)).toEqual(['w-mosel', 'w-wachau']);
    expect(answer.count).toBe(2);
    const direct = buildCatalogIndex(CONTRACT_WINES).search({
      categories: ['white'],
      isAvailable: true,
      sortColumn: 'name',
      sortDirection: 'asc',
      offset: 0,
      limit: 24,
      facets: true,
    });
    expect(answer.facets.categories).toEqual(direct.facets.categories);
  });
});
