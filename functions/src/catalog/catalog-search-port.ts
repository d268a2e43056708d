/**
 * Which catalogue search port answers the feed (docs/search.md): `CATALOG_SEARCH=opensearch` (set by
 * the CDK behind `-c catalogSearch=opensearch`) is the OpenSearch adapter over the SigV4-signed
 * transport to `CATALOG_SEARCH_ENDPOINT`, index `CATALOG_SEARCH_INDEX`; anything else — the default,
 * and always on `npm start` — is the in-memory index (catalog-index-cache.ts).
 *
 * The adapter and the signer are imported only when chosen, so the in-memory path's cold start does
 * not load them.
 */
import type { CatalogSearchPort } from './search/search-port';

export const DEFAULT_CATALOG_SEARCH_INDEX = 'catalog-wines';

/** Whether the feed's search goes to OpenSearch rather than the in-memory index. */
export function searchesInOpenSearch(): boolean {
  return process.env.CATALOG_SEARCH?.trim() === 'opensearch';
}

let built: { key: string; port: Promise<CatalogSearchPort> } | undefined;

/** The OpenSearch adapter over the signed transport, one per instance (and per endpoint and index). */
export function openSearchPort(): Promise<CatalogSearchPort> {
  const endpoint = process.env.CATALOG_SEARCH_ENDPOINT?.trim();
  if (!endpoint) {
    return Promise.reject(
      new Error('CATALOG_SEARCH=opensearch needs CATALOG_SEARCH_ENDPOINT (the collection)'),
    );
  }
  const index = process.env.CATALOG_SEARCH_INDEX?.trim() || DEFAULT_CATALOG_SEARCH_INDEX;
  const key = `${endpoint}|${index}|${process.env.AWS_REGION ?? ''}`;
  if (built?.key !== key) {
    const port = (async () => {
      const [{ OpenSearchCatalog }, { signedTransport }] = await Promise.all([
        import('./search/opensearch-adapter'),
        import('./search/signed-transport'),
      ]);
      return new OpenSearchCatalog(signedTransport({ endpoint }), index);
    })();
    built = { key, port };
    // A failed start (no region, say) is tried again on the next request.
    port.catch(() => {
      if (built?.port === port) built = undefined;
    });
  }
  return built.port;
}
