/**
 * The one way a change to cellar wines is written: each wine with its history entry in the same
 * transaction, on condition that the wine is still as it was read, with the checks that the locations
 * and categories it goes into still exist, and the cellar's version raised.
 */
import { transaction, writeItems } from '../../data/tables';
import { changeRecord } from './cellar-changes';
import { commitWithVersionBump, versionBump } from './cellar-version';
import {
  type CellarWineRecord,
  type HistoryRecord,
  NO_LOCATION,
  type OwnFields,
  ownOf,
} from './wine-records';

export { laterThan } from '../../data/transactions';

/** One change to one wine: its new state (or its deletion) and the history entry that tells of it. */
export interface WineChange {
  /** The record as read before the change; absent for a new wine. */
  before?: CellarWineRecord;
  /** The record after the change; absent for a deletion. */
  after?: CellarWineRecord;
  history: HistoryRecord;
  /**
   * The change takes back an earlier one that was written (a multi-transaction change that failed part
   * way): `history` is that change's entry, and it is removed instead of written.
   */
  retracts?: boolean;
}

/** Items one transaction may hold; each change is two (the wine and its history). */
const TRANSACTION_ITEMS = 100;
/**
 * Items of a transaction that are not a change's: the cellar's version (cellar-version.ts) and the item
 * naming the wines it changes (cellar-changes.ts).
 */
const RESERVED_ITEMS = 2;
export const CHANGES_PER_TRANSACTION = Math.floor((TRANSACTION_ITEMS - RESERVED_ITEMS) / 2);

/**
 * A location or wine list category a change puts bottles or a wine into: it must still exist, and not
 * be on its way out, when the change is written.
 */
interface Prerequisite {
  kind: 'location' | 'category';
  ownerId: string;
  id: string;
}

/** What the change puts the wine into that it was not in: locations gaining bottles, a new category. */
function prerequisitesOfChange({ before, after }: WineChange): Prerequisite[] {
  if (!after) return [];
  const was = (before?.placements ?? {}) as Record<string, number>;
  const found: Prerequisite[] = [];
  for (const [key, quantity] of Object.entries(after.placements as Record<string, number>)) {
    if (key !== NO_LOCATION && quantity > (was[key] ?? 0))
      found.push({ kind: 'location', ownerId: after.ownerId, id: key });
  }
  const category = ownOf(after).wineListCategoryId;
  if (category && (!before || ownOf(before).wineListCategoryId !== category))
    found.push({ kind: 'category', ownerId: after.ownerId, id: category });
  return found;
}

function prerequisitesOf(slice: readonly WineChange[]): Prerequisite[] {
  const distinct = new Map<string, Prerequisite>();
  for (const change of slice)
    for (const p of prerequisitesOfChange(change)) distinct.set(`${p.kind}#${p.id}`, p);
  return [...distinct.values()];
}

/** Consecutive runs of changes that each fit in one transaction with their prerequisites' checks. */
export function transactionsOf(changes: readonly WineChange[]): WineChange[][] {
  const slices: WineChange[][] = [];
  let slice: WineChange[] = [];
  for (const change of changes) {
    const next = [...slice, change];
    const items = next.length * 2 + prerequisitesOf(next).length + RESERVED_ITEMS;
    if (slice.length > 0 && items > TRANSACTION_ITEMS) {
      slices.push(slice);
      slice = [change];
    } else slice = next;
  }
  if (slice.length > 0) slices.push(slice);
  return slices;
}

/**
 * Items another domain writes in the same transaction as the wine changes (a sale, an order, a stock
 * count and its state), built by that domain from its own entities (`writeItems('<domain>')`). They
 * come after the changes' items, so a cancellation reason's index below `2 × changes` still names a
 * change.
 */
export type ExtraItems = () => readonly unknown[];

/** How many items a transaction's changes take, with their prerequisites' checks and the version item. */
export function itemsOf(slice: readonly WineChange[]): number {
  return slice.length * 2 + prerequisitesOf(slice).length + RESERVED_ITEMS;
}

/** The index of a transaction's first extra item (ExtraItems): after the changes and their checks. */
export function extraItemsIndex(slice: readonly WineChange[]): number {
  return slice.length * 2 + prerequisitesOf(slice).length;
}

/** Items a transaction may hold in all. */
export const MAX_TRANSACTION_ITEMS = TRANSACTION_ITEMS;

/**
 * One transaction: each change's wine and history entry, its prerequisites' checks, the caller's
 * `extra` items, the item naming the wines changed (with `touched`: wines the extra items write), the
 * version (unless `bumpVersion: false`: the caller then raises it after the write). The caller keeps
 * `itemsOf(slice)` + its extra items within MAX_TRANSACTION_ITEMS.
 */
export async function writeTransaction(
  changes: readonly WineChange[],
  extra?: ExtraItems,
  {
    bumpVersion = true,
    touched = [],
  }: { bumpVersion?: boolean; touched?: readonly { ownerId: string; id: string }[] } = {},
): Promise<void> {
  const at = new Date().toISOString();
  const slice = changes.map((change) => stampPrices(change, at));
  const prerequisites = prerequisitesOf(slice);
  const changed = new Map<string, string[]>();
  for (const { ownerId, id } of [...slice.map(wineOf), ...touched])
    changed.set(ownerId, [...(changed.get(ownerId) ?? []), id]);
  // A bulk write of many transactions at once raises the version once when it is done (bumpCellarVersion)
  // instead of in each of them, where they would all meet on the one version item.
  const owners = bumpVersion ? [...new Set(slice.map((change) => change.history.ownerId))] : [];
  await commitWithVersionBump(owners, (bump) =>
    transaction('cellar').write((entities) => {
      const { cellarWine, cellarHistory, cellarLocation, wineListCategory, cellarVersion, cellarChange } =
        entities;
      // Taken as each attempt is built, so its time is close to the commit's (cellar-changes.ts).
      const now = Date.now();
      return [
        ...slice.flatMap((change) => [
          wineWrite(cellarWine, change),
          change.retracts
            ? cellarHistory.delete({ ownerId: change.history.ownerId, id: change.history.id }).commit()
            : cellarHistory.create(change.history).commit(),
        ]),
        ...prerequisites.map((p) => stillThere(p.kind === 'location' ? cellarLocation : wineListCategory, p)),
        ...((extra?.() ?? []) as never[]),
        ...[...changed].map(([ownerId, ids]) =>
          cellarChange.create(changeRecord(ownerId, ids, now)).commit(),
        ),
        ...(bump ? owners.map((ownerId) => versionBump(cellarVersion, ownerId)) : []),
      ];
    }),
  );
}

/** The wine a change writes. */
function wineOf({ before, after, history }: WineChange): { ownerId: string; id: string } {
  return { ownerId: history.ownerId, id: (after ?? before)?.id ?? history.ownWineId };
}

/**
 * Marks on the written record when its purchase price without VAT was last set to a new value and when
 * its selling or glass price was last set, whoever wrote it (an edit, a received order, an import, a
 * price rule): a purchase price changed after the selling price was set puts the wine under price
 * review (docs/pricing.md). A stamp the change sets itself (keeping a price under review) is kept.
 */
export function stampPrices(change: WineChange, at: string): WineChange {
  const { before, after } = change;
  if (!after || change.retracts) return change;
  const was: OwnFields = before ? ownOf(before) : {};
  const own = ownOf(after);
  const stamps: Partial<OwnFields> & {
    purchasePriceChangedAt?: string;
    sellingPriceSetAt?: string;
    previousPurchasePriceWvat?: number | undefined;
  } = {};
  const wasStamps = was as { purchasePriceChangedAt?: string; sellingPriceSetAt?: string };
  const ownStamps = own as { purchasePriceChangedAt?: string; sellingPriceSetAt?: string };
  if (own.purchasePriceWovat !== undefined && own.purchasePriceWovat !== was.purchasePriceWovat) {
    stamps.purchasePriceChangedAt = at;
    // The purchase price (inc VAT) the selling price was set against, kept while the wine waits for
    // review: without a default rule set the proposed price keeps the mark-up over it.
    const wasUnderReview = (wasStamps.purchasePriceChangedAt ?? '') > (wasStamps.sellingPriceSetAt ?? '');
    if (!wasUnderReview) stamps.previousPurchasePriceWvat = was.purchasePriceWvat;
  }
  const priceSet = own.sellingPrice !== was.sellingPrice || own.pricePerGlass !== was.pricePerGlass;
  if (priceSet && ownStamps.sellingPriceSetAt === wasStamps.sellingPriceSetAt) stamps.sellingPriceSetAt = at;
  if (Object.keys(stamps).length === 0) return change;
  const stamped: Record<string, unknown> = { ...own, ...stamps };
  if (stamped.previousPurchasePriceWvat === undefined) delete stamped.previousPurchasePriceWvat;
  // The caller's record takes the stamps too, so what a route answers is what was written.
  (after as { own: unknown }).own = stamped;
  return change;
}

/** The condition check of a prerequisite: the item exists and is not being deleted. */
// biome-ignore lint/suspicious/noExplicitAny: ElectroDB's transaction entity type is not exported.
function stillThere(entity: any, p: Prerequisite) {
  return entity
    .check({ ownerId: p.ownerId, id: p.id })
    .where(
      // biome-ignore lint/suspicious/noExplicitAny: see above
      (attr: any, op: any) => `${op.exists(attr.id)} AND ${op.notExists(attr.deleting)}`,
    )
    .commit();
}

/**
 * The write of a change's wine, on condition that it is still as read. A failed condition returns the
 * wine as it is now in the cancellation reason (`item`, null when it is gone), so a caller that can
 * decide again from it (a till sale) retries without reading the wine again.
 */
// biome-ignore lint/suspicious/noExplicitAny: ElectroDB's transaction entity type is not exported.
function wineWrite(entity: any, change: WineChange) {
  const { before, after } = change;
  if (!after && before) {
    return entity
      .delete({ ownerId: before.ownerId, id: before.id })
      .where(
        // biome-ignore lint/suspicious/noExplicitAny: see above
        (attr: any, op: any) => op.eq(attr.updatedAt, before.updatedAt),
      )
      .commit({ response: 'all_old' });
  }
  if (after && !before) return entity.create(after).commit();
  return entity
    .put(after)
    .where(
      // biome-ignore lint/suspicious/noExplicitAny: see above
      (attr: any, op: any) => op.eq(attr.updatedAt, before?.updatedAt),
    )
    .commit({ response: 'all_old' });
}

/**
 * The transaction item that writes a wine's record again as `after` (a price review's stamp, no change
 * of stock or price and so no history entry), on condition that it is still as `before` was read. For
 * a caller's extra items (ExtraItems) beside wine changes.
 */
export function restampItem(before: CellarWineRecord, after: CellarWineRecord) {
  return writeItems('cellar')
    .cellarWine.put(after)
    .where((attr, op) => op.eq(attr.updatedAt, before.updatedAt))
    .commit();
}
