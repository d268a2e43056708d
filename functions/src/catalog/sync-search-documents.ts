import { createLogger } from '../platform/logger';
import { syncSearchDocuments } from './search-documents';

/** What one run may spend of its minute, leaving room for the page under way. */
const BUDGET_MS = 40_000;

/**
 * Every minute, with the catalogue search in OpenSearch (`-c catalogSearch=opensearch`): writes the
 * search documents of the wines changed since the last run, which the zero-ETL pipeline lifts into the
 * collection (docs/search.md).
 */
export async function handler(): Promise<string> {
  const log = createLogger({ job: 'catalog-search-documents' });
  const result = await syncSearchDocuments(BUDGET_MS);
  log.info('search documents written', result);
  return `${result.wines} wines followed (${result.deleted} removed)${result.done ? '' : ', more to follow'}`;
}
