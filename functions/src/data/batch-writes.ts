/**
 * Bulk writes for seeding: BatchWriteItem 25 items a call, eight calls at once, items DynamoDB leaves
 * unprocessed sent again after a growing, jittered pause (ten rounds at most, about 20 s in all), as AWS
 * advises for unprocessed items: DynamoDB Local leaves items unprocessed too when its database is busy. Each domain passes its own entity
 * (`tables('<domain>').<entity>`), so only it decides what is written to its tables.
 */

/** What ElectroDB's batch writes take and answer, for any entity of the table. */
export interface BatchEntity {
  put(items: Record<string, unknown>[]): { go(options: object): Promise<{ unprocessed: unknown[] }> };
  delete(keys: Record<string, unknown>[]): { go(options: object): Promise<{ unprocessed: unknown[] }> };
}

const ROUNDS = 10;

/** The pause before round `attempt` (1…): 50 ms doubling up to 5 s, with full jitter. */
function pause(attempt: number): Promise<void> {
  const ceiling = Math.min(5_000, 50 * 2 ** (attempt - 1));
  return new Promise((r) => setTimeout(r, Math.random() * ceiling));
}

/** Puts every item; throws when some are still unprocessed after ten rounds. */
export async function putAll(entity: unknown, items: readonly object[], what = 'items'): Promise<void> {
  let pending = items as Record<string, unknown>[];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === ROUNDS) throw new Error(`${pending.length} ${what} were not written`);
    if (attempt > 0) await pause(attempt);
    const { unprocessed } = await (entity as BatchEntity)
      .put(pending)
      .go({ concurrent: 8, unprocessed: 'item' });
    pending = unprocessed as Record<string, unknown>[];
  }
}

/** Deletes every key; throws when some are still unprocessed after ten rounds. */
export async function deleteAll(entity: unknown, keys: readonly object[], what = 'items'): Promise<void> {
  let pending = keys as Record<string, unknown>[];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === ROUNDS) throw new Error(`${pending.length} ${what} were not removed`);
    if (attempt > 0) await pause(attempt);
    const { unprocessed } = await (entity as BatchEntity).delete(pending).go({ concurrent: 8 });
    pending = unprocessed as Record<string, unknown>[];
  }
}
