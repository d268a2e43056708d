/**
 * Taking back a change to many wines that failed part way (a bulk add, a bulk move, a location's
 * bottles leaving it): what was written is undone, so the caller's error means "nothing happened".
 *
 * Whether a change was written is read from its history entry, which exists exactly when the change
 * was applied (they are written in one transaction). A wine still as the change left it is put back
 * as it was and the entry removed: no trace. A wine someone else changed since keeps their change;
 * only this change's own part is reversed (its bottles moved back, its fields set back), with an entry
 * of its own, so history and state still agree.
 */
import { tables } from '../../data/tables';
import { retryOnConflict } from '../../data/transactions';
import { logger } from '../../platform/logger';
import { type Actor, type CellarWineRecord, type HistoryRecord, historyRecord, ownOf } from './wine-records';
import { laterThan, transactionsOf, type WineChange, writeTransaction } from './wine-transaction';

type Key = { ownerId: string; id: string };

/** Reads items by key (strongly consistent), asking again for any the batch left unprocessed. */
async function readAll<T extends Key>(
  // biome-ignore lint/suspicious/noExplicitAny: the batch get of either entity
  entity: { get(keys: Key[]): { go(options: Record<string, unknown>): Promise<any> } },
  keys: Key[],
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  let pending = keys;
  for (let round = 0; pending.length > 0; round++) {
    if (round >= 8) throw new Error('Unprocessed keys remained after 8 rounds');
    const { data, unprocessed } = (await entity.get(pending).go({ consistent: true })) as {
      data: T[];
      unprocessed: Key[];
    };
    for (const item of data) found.set(item.id, item);
    pending = unprocessed ?? [];
  }
  return found;
}

function actorOfEntry(entry: HistoryRecord): Actor {
  return { userId: entry.actorId, name: entry.actorName };
}

function wineIdOf(change: WineChange): string {
  return (change.after ?? change.before)?.id ?? change.history.ownWineId;
}

/**
 * What undoes `change` given the wine as it is now; undefined when nothing is left to undo (the wine
 * went meanwhile, or its bottles moved on).
 */
function reversalOf(change: WineChange, current: CellarWineRecord | undefined): WineChange | undefined {
  const { before, after, history } = change;
  const untouched = after ? current?.updatedAt === after.updatedAt : current === undefined;
  if (untouched) {
    // As this change left it: put it back exactly and remove the entry.
    const restored = before
      ? ({ ...before, updatedAt: laterThan(current?.updatedAt ?? before.updatedAt) } as CellarWineRecord)
      : undefined;
    return { before: current, after: restored, history, retracts: true };
  }
  if (!current) return undefined;
  const actor = actorOfEntry(history);
  if (!before) {
    // Added by this change and edited since: it goes, with an entry saying so.
    return { before: current, history: historyRecord(current, 'DELETED', current, null, actor) };
  }
  if (!after) return undefined;
  // Changed since by someone else: reverse only what this change did.
  const placements = { ...(current.placements as Record<string, number>) };
  const was = before.placements as Record<string, number>;
  const became = after.placements as Record<string, number>;
  for (const key of new Set([...Object.keys(was), ...Object.keys(became)])) {
    const delta = (became[key] ?? 0) - (was[key] ?? 0);
    placements[key] = (placements[key] ?? 0) - delta;
  }
  if (Object.values(placements).some((quantity) => quantity < 0)) {
    logger.warn('A partly written change could not be reversed: its bottles moved on', {
      ownWineId: current.id,
    });
    return undefined;
  }
  const own: Record<string, unknown> = { ...ownOf(current) };
  const ownBefore = ownOf(before) as Record<string, unknown>;
  const ownAfter = ownOf(after) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(ownBefore), ...Object.keys(ownAfter)])) {
    if (JSON.stringify(ownBefore[key]) === JSON.stringify(ownAfter[key])) continue;
    if (JSON.stringify(own[key]) !== JSON.stringify(ownAfter[key])) continue;
    if (ownBefore[key] === undefined) delete own[key];
    else own[key] = ownBefore[key];
  }
  for (const [key, quantity] of Object.entries(placements)) if (quantity === 0) delete placements[key];
  const quantity = Object.values(placements).reduce((sum, n) => sum + n, 0);
  const reversed = {
    ...current,
    placements,
    quantity,
    own,
    updatedAt: laterThan(current.updatedAt),
  } as CellarWineRecord;
  return {
    before: current,
    after: reversed,
    history: historyRecord(reversed, history.action as 'MOVED', current, reversed, actor),
  };
}

/**
 * Undoes `written` (changes known to be applied) and whichever of `uncertain` turn out to have been
 * applied. Each wine appears at most once. A failure to take back is logged, not thrown: the caller
 * is already failing with the error that matters.
 */
export async function takeBack(
  written: readonly WineChange[],
  uncertain: readonly WineChange[],
): Promise<void> {
  const settled = new Set<string>();
  try {
    await retryOnConflict(async () => {
      const open = [...written, ...uncertain].filter((change) => !settled.has(change.history.id));
      if (open.length === 0) return;
      const ownerId = open[0]?.history.ownerId as string;
      const entries = await readAll<HistoryRecord>(
        tables('cellar').cellarHistory,
        open.map((change) => ({ ownerId, id: change.history.id })),
      );
      const applied = open.filter((change) => entries.has(change.history.id));
      for (const change of open) if (!entries.has(change.history.id)) settled.add(change.history.id);
      if (applied.length === 0) return;
      const wines = await readAll<CellarWineRecord>(
        tables('cellar').cellarWine,
        applied.map((change) => ({ ownerId, id: wineIdOf(change) })),
      );
      const reversals: { of: WineChange; by: WineChange }[] = [];
      for (const change of applied) {
        const by = reversalOf(change, wines.get(wineIdOf(change)));
        if (by) reversals.push({ of: change, by });
        else settled.add(change.history.id);
      }
      const undoing = new Map(reversals.map((r) => [r.by, r.of]));
      for (const slice of transactionsOf(reversals.map((r) => r.by))) {
        await writeTransaction(slice);
        for (const by of slice) settled.add((undoing.get(by) as WineChange).history.id);
      }
    });
  } catch (error) {
    logger.error('A partly written cellar change could not be taken back', {
      error,
      ownerId: (written[0] ?? uncertain[0])?.history.ownerId,
      changes: [...written, ...uncertain].filter((c) => !settled.has(c.history.id)).length,
    });
  }
}
