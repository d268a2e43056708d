/**
 * Bulk writes for seeding: BatchWriteItem 25 items a call, eight calls at once, items DynamoDB leaves
 * unprocessed sent again (five rounds at most). Each domain passes its own entity
 * (`tables('<domain>').<entity>`), so only it decides what is written to its tables.
 */

/** What ElectroDB's batch writes take and answer, for any entity of the table. */
export interface BatchEntity {
  put(items: Record<string, unknown>[]): { go(options: object): Promise<{ unprocessed: unknown[] }> };
  delete(keys: Record<string, unknown>[]): { go(options: object): Promise<{ unprocessed: unknown[] }> };
}

/** Puts every item; throws when some are still unprocessed after five rounds. */
export async function putAll(entity: unknown, items: readonly object[], what = 'items'): Promise<void> {
  let pending = items as Record<string, unknown>[];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 5) throw new Error(`${pending.length} ${what} were not written`);
    const { unprocessed } = await (entity as BatchEntity)
      .put(pending)
      .go({ concurrent: 8, unprocessed: 'item' });
    pending = unprocessed as Record<string, unknown>[];
  }
}

/** Deletes every key; throws when some are still unprocessed after five rounds. */
export async function deleteAll(entity: unknown, keys: readonly object[], what = 'items'): Promise<void> {
  let pending = keys as Record<string, unknown>[];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 5) throw new Error(`${pending.length} ${what} were not removed`);
    const { unprocessed } = await (entity as BatchEntity).delete(pending).go({ concurrent: 8 });
    pending = unprocessed as Record<string, unknown>[];
  }
}
