import { createLogger } from '../platform/logger';
import { refreshSnapshot } from './search-snapshot';

/**
 * Nightly: rewrites the search snapshot from the table, so a cold search function's change-feed tail
 * (ratings, merges, deletions since the last import) stays short.
 */
export async function handler(): Promise<string> {
  const log = createLogger({ job: 'catalog-snapshot' });
  const started = Date.now();
  const snapshot = await refreshSnapshot();
  const summary = `${snapshot.docs.length} wines in the search snapshot (${Date.now() - started} ms)`;
  log.info('search snapshot refreshed', { wines: snapshot.docs.length, lastSeq: snapshot.lastSeq });
  return summary;
}
