/**
 * A cellar's version (entities/cellar-version.ts), the one small item a function instance reads to know
 * whether the cellar it holds in memory is still current (cellar-snapshot.ts, docs/cellar-reads.md).
 *
 * Every change to what the cellar's reads show raises it: a wine change inside its own transaction
 * (`commitWithVersionBump`), any other write right after it has been written (`bumpCellarVersion`).
 * Raising it never turns a write that succeeded into a failure.
 */
import { tables } from '../../data/tables';
import { backoffMs, commitTransaction, type PendingTransaction } from '../../data/transactions';
import { logger } from '../../platform/logger';

/** The owner's version now: one strongly-consistent GetItem (1 read unit). 0 before the first change. */
export async function cellarVersionOf(ownerId: string): Promise<number> {
  const { data } = await tables('cellar').cellarVersion.get({ ownerId }).go({ consistent: true });
  return data?.version ?? 0;
}

/** The transaction's view of the version entity (ElectroDB does not export that type). */
interface VersionInTransaction {
  upsert(key: { ownerId: string }): { add(values: { version: number }): { commit(): unknown } };
}

/** The item that raises a cellar's version inside a change's own transaction (an upsert with `ADD 1`). */
export function versionBump(entity: VersionInTransaction, ownerId: string) {
  return entity.upsert({ ownerId }).add({ version: 1 }).commit();
}

/**
 * Attempts of a transaction that carry the version item. Two writes to one cellar at the same moment
 * now also meet on its version item; commitTransaction retries that conflict. Should it persist, the
 * transaction is sent without the version item (it never holds a condition, so the writes themselves
 * decide the outcome) and the version is raised right after the commit.
 */
const ATTEMPTS_WITH_VERSION = 3;

/**
 * Commits a transaction built by `build(bump)` through commitTransaction; while `bump` is true the
 * builder adds `versionBump` for each owner (last, so the other items keep their positions in the
 * cancellation reasons).
 */
export async function commitWithVersionBump(
  ownerIds: readonly string[],
  build: (bump: boolean) => PendingTransaction | Promise<PendingTransaction>,
): Promise<void> {
  let attempt = 0;
  let bumped = false;
  await commitTransaction(() => {
    bumped = ownerIds.length > 0 && attempt++ < ATTEMPTS_WITH_VERSION;
    return build(bumped);
  });
  if (!bumped) for (const ownerId of ownerIds) await bumpCellarVersion(ownerId);
}

const BUMP_ATTEMPTS = 5;

/** Owners whose version could not be raised after a write here; this instance reloads them. */
const unbumped = new Set<string>();

/**
 * Raises the version after a write that is not a transaction with it (locations, settings). Call it
 * after the write has been made, never before: a reader that reads the old version then sees either
 * state, and the raised version makes it reload. It retries, and should it still fail it logs and lets
 * the write stand: other instances then catch up within the snapshot's maximum age.
 */
export async function bumpCellarVersion(ownerId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await tables('cellar').cellarVersion.upsert({ ownerId }).add({ version: 1 }).go();
      return;
    } catch (error) {
      if (attempt + 1 >= BUMP_ATTEMPTS) {
        unbumped.add(ownerId);
        logger.error('cellar version not raised after a change', { ownerId, error });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}

/** True (once) when a write in this instance could not raise the owner's version. */
export function takeUnbumped(ownerId: string): boolean {
  return unbumped.delete(ownerId);
}
