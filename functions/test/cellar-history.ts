/**
 * A cellar's whole history as stored, for integration tests that check what a write left behind (imports
 * that add many wines at once). Read through the cellar's own read module: the cellar owns its tables.
 * A wine's history as its owner sees it is `TestAccounts.wineHistory`, through the API.
 */
import { historyBetween } from '@kork/functions/cellar/kernel/wine-reads';
import type { HistoryRecord } from '@kork/functions/cellar/kernel/wine-records';
import { MAX_ULID, MIN_ULID } from 'ulid';

/** Every history entry of the owner's cellar, oldest first (ULID ids), strongly consistent. */
export function storedHistoryOf(ownerId: string): Promise<HistoryRecord[]> {
  return historyBetween(ownerId, MIN_ULID, MAX_ULID);
}
