import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildCatalogIndex } from './catalog-index';
import recordings from './fixtures/opensearch-recordings.json';
import { OpenSearchCatalog, type OpenSearchTransport, searchRequest } from './opensearch-adapter';
import type { CatalogSearchPort } from './search-port';
import {
  CONTRACT_CASES,
  CONTRACT_WINES,
  type ContractCase,
  expected,
  observed,
} from './search-port-contract';
import { loadedIndex } from './test-wines';
import type { IndexQuery } from './types';

/** Answers from the recorded responses; a request body no recording has is an error, as a bad query is. */
function recordedTransport(sent: unknown[]): OpenSearchTransport {
  return {
    async request(_method, path, body) {
      sent.push(body);
      const plain = JSON.parse(JSON.stringify(body));
      const recording = recordings.find((r) => r.path === path && isDeepStrictEqual(r.request, plain));
      if (!recording) throw new Error(`No recorded response for ${path} ${JSON.stringify(body)}`);
      return recording.response;
    },
  };
}

const ports: [string, () => CatalogSearchPort][] = [
  ['the in-memory index', () => buildCatalogIndex(CONTRACT_WINES)],
  ['the in-memory index loaded from its snapshot', () => loadedIndex(CONTRACT_WINES)],
  ['the OpenSearch adapter (recorded responses)', () => new OpenSearchCatalog(recordedTransport([]))],
];

describe.each(ports)('the catalogue search port: %s', (_name, makePort) => {
  it.each(CONTRACT_CASES.map((c) => [c.name, c] as const))('%s', async (_case, wanted) => {
    const result = await makePort().search(wanted.query);
    expect(observed(result, wanted)).toEqual(expected(wanted));
    // The rows are the wines themselves, every field as the catalogue holds it.
    for (const row of result.rows) expect(row).toEqual(CONTRACT_WINES.find((w) => w.id === row.id));
  });
});

describe('the OpenSearch adapter sends', () => {
  const queryOf = (k: number): IndexQuery => (CONTRACT_CASES[k] as ContractCase).query;
  const [text, paged, priced, faceted, own] = [0, 1, 2, 3, 4].map(queryOf) as [
    IndexQuery,
    IndexQuery,
    IndexQuery,
    IndexQuery,
    IndexQuery,
  ];

  it('every contract query as a recorded request (one _search each)', async () => {
    const sent: unknown[] = [];
    const port = new OpenSearchCatalog(recordedTransport(sent));
    for (const c of CONTRACT_CASES) await port.search(c.query);
    expect(sent).toHaveLength(CONTRACT_CASES.length);
  });

  it('text as a fuzzy prefix match of every word, the best matches first, then the rating', () => {
    const body = searchRequest(text) as { query: { bool: { must: unknown[] } }; sort: unknown[] };
    expect(body.query.bool.must).toEqual([
      expect.objectContaining({
        multi_match: expect.objectContaining({
          query: 'riesling',
          type: 'bool_prefix',
          operator: 'and',
          fuzziness: 'AUTO:4,8',
        }),
      }),
    ]);
    expect(body.sort).toEqual([
      { _score: { order: 'desc' } },
      { rating: { order: 'desc', missing: '_last' } },
      { id: { order: 'asc' } },
    ]);
  });

  it('the page as from and size, and the exact total', () => {
    expect(searchRequest(paged)).toMatchObject({ from: 1, size: 1, track_total_hits: true });
  });

  it('a price range as an inclusive range in the query, not in the facet filter', () => {
    const body = searchRequest(priced) as { query: { bool: { filter: unknown[] } }; post_filter?: unknown };
    expect(body.query.bool.filter).toContainEqual({ range: { priceMinor: { gte: 20_000, lte: 30_000 } } });
    expect(body.post_filter).toBeUndefined();
  });

  it("a facet's selection in post_filter and in every other facet's count, not its own", () => {
    const body = searchRequest(faceted) as {
      post_filter: unknown;
      aggs: Record<string, { filter: { bool: { filter: unknown[] } } }>;
    };
    const white = { terms: { categories: ['white'] } };
    expect(body.post_filter).toEqual({ bool: { filter: [white] } });
    expect(body.aggs.categories?.filter.bool.filter).toEqual([]);
    expect(body.aggs.countries?.filter.bool.filter).toEqual([white]);
  });

  it("a person's own wines as an id filter, and no aggregations unless facets are asked for", () => {
    const body = searchRequest(own) as { query: { bool: { filter: unknown[] } }; aggs?: unknown };
    expect(body.query.bool.filter).toContainEqual({ terms: { id: ['w-barolo', 'w-mosel'] } });
    expect(body.aggs).toBeUndefined();
  });
});
