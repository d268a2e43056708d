/**
 * Moving and deleting a cellar's wines (SPEC §1 cellar management): bottles moved between locations,
 * wines deleted by id, and the bottles and categories of locations and categories being deleted. Every
 * change is written with its history entry (kernel/wine-transaction.ts).
 */
import { type CellarWine, type MoveInput, withBounds } from '@kork/shared';
import { actorOf } from '../../accounts/account-lookup';
import { retryOnConflict } from '../../data/transactions';
import type { Principal } from '../../platform/auth';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { cellarOf } from '../cellar-service';
import { locationIdsOf } from '../kernel/locations';
import { assertLocation, currentWine, locationKey, STALE } from '../kernel/wine-fields';
import { inventoryOf } from '../kernel/wine-reads';
import {
  type Actor,
  type CellarWineRecord,
  historyRecord,
  ownOf,
  placementList,
  placementMap,
  toCellarWine,
} from '../kernel/wine-records';
import { laterThan, type WineChange } from '../kernel/wine-transaction';
import { type WriteProgress, writeChanges, writeEach } from '../kernel/wine-writes';
import { emptyWithRetries } from '../trees/tree-writes';

/**
 * Deletes wines by id; ids not in this cellar are ignored. Answers how many went. A wine changed while
 * it was being deleted is read again and deleted as it is then; all or nothing.
 */
export async function deleteOwnWines(
  ownerId: string,
  ids: readonly string[],
  principal: Principal,
): Promise<number> {
  const wanted = new Set(ids);
  const actor = await actorOf(principal);
  return retryOnConflict(async () => {
    const records =
      wanted.size > 25
        ? await inventoryOf(ownerId)
        : await Promise.all([...wanted].map((id) => currentWine(ownerId, id)));
    const doomed = records.filter((r): r is CellarWineRecord => Boolean(r && wanted.has(r.id)));
    await writeChanges(
      doomed.map((before) => ({ before, history: historyRecord(before, 'DELETED', before, null, actor) })),
    );
    return doomed.length;
  });
}

/**
 * Attempts of a relative change (moving bottles) before it answers 409: many requests moving bottles
 * of one wine at once each apply in turn, one per round. It stops trying well within the route's time
 * limit, so the answer is a 409 and never a timeout.
 */
const MOVE_ATTEMPTS = 40;
const MOVE_BUDGET_MS = 20_000;

/**
 * Moves bottles between locations. Moves of one wine are applied together (one item per wine in the
 * transaction), and all of them apply or none (writeChanges takes back a part written). A move is
 * relative, so when another change to a wine came first it is decided again on the fresh wine; when
 * the bottles are not there (more asked for than the location holds) it answers 400 with the count
 * there is ("Only 4 bottles there") and changes nothing: a move is never cut down to what is there. The locations bottles go into
 * are checked in the same transaction: one being deleted takes none.
 */
export async function moveOwnWines(
  ownerId: string,
  moves: MoveInput['moves'],
  principal: Principal,
): Promise<CellarWine[]> {
  const [cellar, actor] = await Promise.all([cellarOf(ownerId), actorOf(principal)]);
  const started = Date.now();
  const changes = await retryOnConflict(async (attempt) => {
    if (attempt > 0 && Date.now() - started > MOVE_BUDGET_MS) return STALE;
    const locationIds = await locationIdsOf(ownerId);
    const byWine = new Map<string, MoveInput['moves']>();
    moves.forEach((move, index) => {
      assertLocation(locationIds, move.fromLocationId, `moves.${index}.fromLocationId`);
      assertLocation(locationIds, move.toLocationId, `moves.${index}.toLocationId`);
      byWine.set(move.ownWineId, [...(byWine.get(move.ownWineId) ?? []), move]);
    });
    const records = await Promise.all([...byWine.keys()].map((wineId) => currentWine(ownerId, wineId)));
    const changes: WineChange[] = [];
    for (const before of records) {
      if (!before) throw new NotFoundError();
      const placements = { ...(before.placements as Record<string, number>) };
      for (const move of byWine.get(before.id) ?? []) {
        const from = locationKey(move.fromLocationId) ?? '_';
        const to = locationKey(move.toLocationId) ?? '_';
        const there = placements[from] ?? 0;
        if (there < move.quantity) {
          // Refused with the bound ("Only 4 bottles there"), never clamped to it.
          throw new ValidationError({
            [`moves.${moves.indexOf(move)}.quantity`]: withBounds('bottlesAvailable', { count: there }),
          });
        }
        placements[from] = (placements[from] ?? 0) - move.quantity;
        placements[to] = (placements[to] ?? 0) + move.quantity;
      }
      const after = {
        ...before,
        placements: placementMap(placementList(placements)),
        updatedAt: laterThan(before.updatedAt),
      };
      changes.push({ before, after, history: historyRecord(after, 'MOVED', before, after, actor) });
    }
    await writeChanges(changes);
    return changes;
  }, MOVE_ATTEMPTS);
  if (changes === STALE) throw new ConflictError();
  return changes.map((change) => toCellarWine(change.after as CellarWineRecord, cellar.baseCurrency));
}

/**
 * Every bottle in the given locations becomes Uncategorized (the locations are being deleted, so none
 * can come in meanwhile), each wine with its MOVED entry. A wine changed since it was read is read
 * again. What is written is recorded in `progress`, for the deletion to take back should it fail.
 */
export async function uncategorizeBottles(
  ownerId: string,
  locationIds: ReadonlySet<string>,
  actor: Actor,
  progress: WriteProgress & { uncertain: WineChange[] },
): Promise<void> {
  await emptyWithRetries(progress, async () => {
    const records = await inventoryOf(ownerId);
    const changes: WineChange[] = [];
    for (const before of records) {
      const placements = before.placements as Record<string, number>;
      const moved = Object.keys(placements).filter((key) => locationIds.has(key));
      if (moved.length === 0) continue;
      const next: Record<string, number> = {};
      for (const [key, quantity] of Object.entries(placements)) {
        const target = locationIds.has(key) ? '_' : key;
        next[target] = (next[target] ?? 0) + quantity;
      }
      const after = { ...before, placements: next, updatedAt: laterThan(before.updatedAt) };
      changes.push({ before, after, history: historyRecord(after, 'MOVED', before, after, actor) });
    }
    await writeEach(changes, progress);
  });
}

/**
 * Wines in the given categories lose them (the categories are being deleted), with UPDATED entries;
 * recorded in `progress` like uncategorizeBottles.
 */
export async function clearCategory(
  ownerId: string,
  categoryIds: ReadonlySet<string>,
  actor: Actor,
  progress: WriteProgress & { uncertain: WineChange[] },
): Promise<void> {
  await emptyWithRetries(progress, async () => {
    const records = await inventoryOf(ownerId);
    const changes: WineChange[] = [];
    for (const before of records) {
      const own = ownOf(before);
      if (!own.wineListCategoryId || !categoryIds.has(own.wineListCategoryId)) continue;
      const { wineListCategoryId: _gone, ...rest } = own;
      const after = { ...before, own: rest, updatedAt: laterThan(before.updatedAt) };
      changes.push({
        before,
        after,
        history: historyRecord(after, 'UPDATED', before, after, actor),
      });
    }
    await writeEach(changes, progress);
  });
}
