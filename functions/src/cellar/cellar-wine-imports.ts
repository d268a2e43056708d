/**
 * A batch import's confirmed lines into the cellar (docs/imports.md): catalogue wines as
 * `SCAN_MATCHING_KORK`, kept lines as `SCAN_MATCHING_CUSTOM`, each with its external ids; a duplicate's
 * bottles added to the wine that is there. Every transaction carries the caller's guard items (the import
 * job's conditional update for the lines it holds), so a cancelled or already-written chunk writes
 * nothing at all, and a chunk written is written whole: wines with their history entries.
 */
import type { ExternalId, ParsedCellarWineInput } from '@kork/shared';
import type { Principal } from '../platform/auth';
import type { TransactionEntities } from './cellar-wine-store';

export type ImportItem =
  | { kind: 'new'; input: ParsedCellarWineInput; externalIds: ExternalId[] }
  | { kind: 'addTo'; ownWineId: string; quantity: number; locationId?: string | null };

/**
 * The caller's items for the transaction that writes `items[first..last]` (inclusive): the import job's
 * update conditional on its state, which moves its `writtenThrough` past these lines.
 */
export type ImportGuard = (
  entities: TransactionEntities,
  slice: { first: number; last: number },
) => readonly unknown[];

/**
 * Writes the items in order, as many per transaction as fit with the guard; answers the cellar wine
 * each item became or added to, in the items' order. A transaction the guard cancels ends the write
 * (ImportGuardFailed) with the earlier transactions kept.
 */
export async function importOwnWines(
  _ownerId: string,
  _items: readonly ImportItem[],
  _principal: Principal,
  _guard: ImportGuard,
): Promise<string[]> {
  throw new Error('importOwnWines: not written yet');
}
