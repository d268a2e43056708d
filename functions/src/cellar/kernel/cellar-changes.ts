/**
 * Which wines changed since a moment (entities/cellar-change.ts): every transaction that writes cellar
 * wines also writes one change item naming them, keyed by a ULID taken as the transaction is built. An
 * instance holding the cellar at an earlier version reads the change items since its copy was read and
 * then only the wines they name (cellar-snapshot.ts, docs/cellar-reads.md "After a change").
 *
 * A change item's key is taken before its transaction commits, so one committed after a copy was read can
 * carry an earlier time: changes are read from `CHANGE_SLACK_MS` before the copy's read began, longer than
 * any one attempt of a transaction takes (a route's whole request is bounded by 10 s) plus clocks apart.
 */
import { encodeTime, ulid } from 'ulid';
import { LAST_ULID } from '../../data/id-ranges';
import { tables } from '../../data/tables';
import { bumpCellarVersion } from './cellar-version';

export const CHANGE_SLACK_MS = 60_000;
/** How long a change item is kept: far past the oldest copy anyone patches (the snapshots' maximum age). */
const CHANGE_KEPT_SECONDS = 24 * 60 * 60;

export interface ChangesSince {
  /** Every wine changed, created or deleted. */
  wineIds: Set<string>;
  /** Wines were written around the transactions: only a whole read is right. */
  whole: boolean;
}

/** The change item's fields for a transaction that writes `wineIds` of `ownerId`. */
export function changeRecord(ownerId: string, wineIds: readonly string[], now = Date.now()) {
  return {
    ownerId,
    id: ulid(now),
    wineIds: [...new Set(wineIds)],
    expiresAt: Math.floor(now / 1000) + CHANGE_KEPT_SECONDS,
  };
}

/** The smallest id a change item written at `ms` or later can have. */
function floorOf(ms: number): string {
  return `${encodeTime(Math.max(0, ms), 10)}0000000000000000`;
}

/**
 * The changes written since `since` (ms since the epoch, less the slack), strongly consistent, or
 * undefined when more than `maxWines` wines changed (reading the whole cellar is then as cheap).
 */
export async function changesSince(
  ownerId: string,
  since: number,
  maxWines: number,
): Promise<ChangesSince | undefined> {
  const found: ChangesSince = { wineIds: new Set(), whole: false };
  let cursor: string | null = null;
  do {
    const page: { data: { wineIds?: string[]; whole?: boolean }[]; cursor: string | null } = await tables(
      'cellar',
    )
      .cellarChange.query.byOwnerKey({ ownerId })
      .between({ id: floorOf(since - CHANGE_SLACK_MS) }, { id: LAST_ULID })
      .go({ consistent: true, cursor, attributes: ['wineIds', 'whole'] });
    for (const change of page.data) {
      if (change.whole) found.whole = true;
      for (const id of change.wineIds ?? []) found.wineIds.add(id);
    }
    if (found.whole || found.wineIds.size > maxWines) return found.whole ? found : undefined;
    cursor = page.cursor;
  } while (cursor);
  return found;
}

/**
 * Records that the owner's wines were written around the cellar's transactions (bulk writes of a seed),
 * so a holder of an earlier copy reads the whole cellar. Call it after those writes, before raising the
 * version.
 */
export async function markWholeCellarChanged(ownerId: string): Promise<void> {
  await tables('cellar')
    .cellarChange.create({ ...changeRecord(ownerId, []), whole: true })
    .go();
}

/**
 * After wines were written around the cellar's transactions (a seed, a bench's fill, a test's setup):
 * marks the cellar as wholly changed, then raises its version, so every holder reads it whole.
 */
export async function wholeCellarWritten(ownerId: string): Promise<void> {
  await markWholeCellarChanged(ownerId);
  await bumpCellarVersion(ownerId);
}
