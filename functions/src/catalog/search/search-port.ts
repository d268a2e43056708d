/**
 * The catalogue search port: what the search service asks of a catalogue index. The in-memory index
 * (catalog-index.ts) answers it in the function's own memory; the OpenSearch adapter
 * (opensearch-adapter.ts) answers it from a collection, for a catalogue past one function's memory
 * (docs/search.md). Both pass the same contract (search-port-contract.ts).
 */
import type { IndexQuery, IndexResult } from './types';

export interface CatalogSearchPort {
  /** Text, facet filters, sort and paging; facet counts when `query.facets`. */
  search(query: IndexQuery): IndexResult | Promise<IndexResult>;
}
