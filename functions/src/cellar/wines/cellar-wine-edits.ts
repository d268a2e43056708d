/**
 * Editing a cellar's wine (SPEC §1 cellar management, §3 inventory columns): identity of a custom wine,
 * own fields, prices and quantity, each change written with its history entry (kernel/wine-transaction.ts).
 */
import {
  type CellarWine,
  type CellarWineSource,
  type CellarWineUpdate,
  isCustomSource,
  type MainCategory,
  QUANTITY_MAX,
  withBounds,
} from '@kork/shared';
import { actorOf } from '../../accounts/account-lookup';
import { retryOnConflict } from '../../data/transactions';
import type { Principal } from '../../platform/auth';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { categoryIdsOf } from '../categories/category-service';
import { cellarOf } from '../cellar-service';
import { locationIdsOf } from '../kernel/locations';
import { assertLocation, currentWine, locationKey, ownFieldsOf, STALE } from '../kernel/wine-fields';
import {
  type CellarWineRecord,
  historyRecord,
  ownOf,
  PRICE_FIELDS,
  placementList,
  placementMap,
  toCellarWine,
} from '../kernel/wine-records';
import { laterThan } from '../kernel/wine-transaction';
import { writeChanges } from '../kernel/wine-writes';

const PURCHASE_DEPENDENCIES = [
  'purchasePriceWovat',
  'purchasePriceWvat',
  'sellingPrice',
  'sellingPriceLocked',
] as const;

/**
 * What an update reads of the wine to decide what it writes: the fields it sets and those they are
 * derived from. Another change to any of them in between makes the update stale; a change to anything
 * else (bottles moved, another field) is not in its way, and it is applied again on the fresh record.
 */
function dependenciesOf(changes: CellarWineUpdate): (record: CellarWineRecord) => string {
  const top = new Set<string>();
  const own = new Set<string>();
  for (const [key, value] of Object.entries(changes)) {
    // A relative change ("add 3") is decided on whatever count it meets: it depends on nothing.
    if (value === undefined || key === 'locationId' || key === 'addQuantity') continue;
    if (key === 'quantity' || (IDENTITY_FIELDS as readonly string[]).includes(key)) top.add(key);
    else own.add(key);
    if (key === 'purchasePriceWovat' || key === 'purchasePriceWvat') {
      for (const field of PURCHASE_DEPENDENCIES) own.add(field);
      top.add('mainCategoryId');
    }
    if (key === 'drinkingWindowFrom' || key === 'drinkingWindowTo') {
      own.add('drinkingWindowFrom');
      own.add('drinkingWindowTo');
    }
  }
  return (record) => {
    const fields = record as Record<string, unknown>;
    const ownFields = ownOf(record) as Record<string, unknown>;
    return JSON.stringify([[...top].map((k) => fields[k]), [...own].map((k) => ownFields[k])]);
  };
}

const IDENTITY_FIELDS = [
  'wineName',
  'producerName',
  'vintage',
  'bottleSize',
  'mainCategoryId',
  'country',
  'region',
] as const;

/** Moves `delta` bottles into (positive) or out of (negative) a wine's placements. */
function adjustPlacements(
  placements: Record<string, number>,
  delta: number,
  locationId: string | null | undefined,
): Record<string, number> {
  const list = placementList(placements);
  if (delta > 0) {
    const target = locationId !== undefined ? locationKey(locationId) : (list[0]?.locationId ?? null);
    return placementMap([...list, { locationId: target, quantity: delta }]);
  }
  // Take from the named location first, then from where most bottles are.
  let remaining = -delta;
  const ordered =
    locationId !== undefined
      ? [...list].sort(
          (a, b) =>
            Number(b.locationId === locationKey(locationId)) -
            Number(a.locationId === locationKey(locationId)),
        )
      : list;
  const next = ordered.map((p) => {
    const take = Math.min(p.quantity, remaining);
    remaining -= take;
    return { ...p, quantity: p.quantity - take };
  });
  return placementMap(next);
}

/**
 * Edits a wine. The write is conditional on the wine as read; when another change came first, the
 * edit is applied again on the fresh record if that change did not touch what this one sets (a
 * quantity change then moves the difference on the fresh placements), and answers 409 otherwise.
 */
export async function updateOwnWine(
  ownerId: string,
  id: string,
  changes: CellarWineUpdate,
  principal: Principal,
): Promise<CellarWine> {
  const [cellar, actor] = await Promise.all([cellarOf(ownerId), actorOf(principal)]);
  const dependencies = dependenciesOf(changes);
  let first: string | undefined;
  const outcome = await retryOnConflict(async () => {
    const before = await currentWine(ownerId, id);
    if (!before) throw new NotFoundError();
    first ??= dependencies(before);
    if (dependencies(before) !== first) return STALE;
    if (changes.locationId !== undefined)
      assertLocation(await locationIdsOf(ownerId), changes.locationId, 'locationId');
    if (changes.wineListCategoryId) await assertCategory(ownerId, changes.wineListCategoryId);

    const after = { ...before, updatedAt: laterThan(before.updatedAt) } as {
      -readonly [K in keyof CellarWineRecord]: CellarWineRecord[K];
    };
    const writable = after as Record<string, unknown>;
    if (isCustomSource(before.source as CellarWineSource)) {
      for (const field of IDENTITY_FIELDS) {
        const value = changes[field];
        if (value === undefined) continue;
        if (value === null || value === '') delete writable[field];
        else writable[field] = typeof value === 'string' ? value.trim() : value;
      }
    } else if (IDENTITY_FIELDS.some((field) => changes[field] !== undefined)) {
      // A catalogue wine's identity is the catalogue's; the owner renames it on lists with the custom names.
      throw new ValidationError(
        Object.fromEntries(
          IDENTITY_FIELDS.filter((f) => changes[f] !== undefined).map((f) => [f, 'invalidValue']),
        ),
      );
    }
    const style = after.mainCategoryId as MainCategory;
    after.own = ownFieldsOf(changes, ownOf(before), cellar.vats[style]);
    const quantity = targetQuantity(changes, before);
    if (quantity !== undefined && quantity !== before.quantity) {
      after.placements = adjustPlacements(
        before.placements as Record<string, number>,
        quantity - before.quantity,
        changes.locationId,
      );
      after.quantity = quantity;
    }

    const action = actionOf(before, after);
    if (!action) return before;
    await writeChanges([{ before, after, history: historyRecord(after, action, before, after, actor) }]);
    return after as CellarWineRecord;
  });
  if (outcome === STALE) throw new ConflictError();
  return toCellarWine(outcome, cellar.baseCurrency);
}

/**
 * The total an update asks for: `quantity` as given, or the fresh count plus `addQuantity`. Taking more
 * bottles than there are is refused with the count there is, never clamped to it.
 */
function targetQuantity(changes: CellarWineUpdate, before: CellarWineRecord): number | undefined {
  if (changes.addQuantity === undefined) return changes.quantity;
  const total = before.quantity + changes.addQuantity;
  if (total < 0)
    throw new ValidationError({ addQuantity: withBounds('bottlesAvailable', { count: before.quantity }) });
  if (total > QUANTITY_MAX)
    throw new ValidationError({ addQuantity: withBounds('atMost', { max: QUANTITY_MAX - before.quantity }) });
  return total;
}

/** What kind of change it was: stock first, then prices, then anything else; undefined for none. */
function actionOf(
  before: CellarWineRecord,
  after: CellarWineRecord,
): 'QUANTITY' | 'PRICES' | 'UPDATED' | undefined {
  if (before.quantity !== after.quantity) return 'QUANTITY';
  const a = ownOf(before);
  const b = ownOf(after);
  if (PRICE_FIELDS.some((field) => a[field] !== b[field])) return 'PRICES';
  const same = JSON.stringify({ ...before, updatedAt: '' }) === JSON.stringify({ ...after, updatedAt: '' });
  return same ? undefined : 'UPDATED';
}

async function assertCategory(ownerId: string, categoryId: string): Promise<void> {
  if (!(await categoryIdsOf(ownerId)).has(categoryId)) {
    throw new ValidationError({ wineListCategoryId: 'unknownCategory' });
  }
}
