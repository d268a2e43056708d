/**
 * Writing prices to cellar wines (docs/pricing.md): a price rule set's preview and apply, and price
 * review decisions. Every wine whose price a write changes gets one PRICE_CHANGED history entry in the
 * same transaction; a decision that keeps the prices only restamps the wine (no entry: no price
 * changed). Every wine write is conditional on the `updatedAt` it was decided on.
 */
import {
  APPLIED_RULE_SET_FIELD,
  type Cellar,
  type CellarWine,
  type PriceApplyResult,
  type PricePreview,
  type PriceRuleSet,
  type PriceScope,
  previewPrices,
  previewRowOf,
  previewTotals,
  priceScopeOf,
  pricesChange,
  priceWine,
} from '@kork/shared';
import { listCategories } from '../cellar/categories/category-service';
import { cellarOf } from '../cellar/cellar-service';
import { type CellarSnapshot, cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { bumpCellarVersion } from '../cellar/kernel/cellar-version';
import { subtreeOf } from '../cellar/kernel/locations';
import { takeBack } from '../cellar/kernel/take-back';
import { inventoryOf, winesNow } from '../cellar/kernel/wine-reads';
import {
  type Actor,
  type CellarWineRecord,
  historyRecord,
  ownOf,
  toCellarWine,
} from '../cellar/kernel/wine-records';
import {
  laterThan,
  MAX_TRANSACTION_ITEMS,
  restampItem,
  transactionsOf,
  type WineChange,
  writeTransaction,
} from '../cellar/kernel/wine-transaction';
import { retryOnConflict, TransactionCanceled } from '../data/transactions';
import { ConflictError } from '../platform/errors';
import { logger } from '../platform/logger';
import { dutiesForSet, type WinesDuties } from './wine-duties';

/**
 * A rule set's filters over this cellar: each location and each wine list category in them covers the
 * ones below it too (a set for "Red wine" prices the wines in "Red wine › Burgundy").
 */
export async function ruleScopeOf(
  ownerId: string,
  set: Pick<PriceRuleSet, 'categoryIds' | 'locationIds' | 'excludeCategoryIds' | 'excludeWineIds'>,
  snapshot: Pick<CellarSnapshot, 'locationScope'>,
): Promise<PriceScope> {
  const categories =
    set.categoryIds?.length || set.excludeCategoryIds?.length
      ? (await listCategories(ownerId)).rows.map((c) => ({ id: c.id, parentId: c.parentId ?? '' }))
      : [];
  return priceScopeOf(
    set,
    (id) => snapshot.locationScope([id]),
    (id) => new Set([id, ...subtreeOf(categories, id)]),
  );
}

/**
 * `POST …/price-rules/{ruleSetId}/preview`: over the cellar as its snapshot holds it; with the net
 * basis, each wine's duties at today's rates (and which rates they were).
 */
export async function previewRuleSet(ownerId: string, set: PriceRuleSet): Promise<PricePreview> {
  const snapshot = await cellarSnapshot(ownerId);
  const { vats, baseCurrency } = snapshot.cellar;
  const [scope, duties] = await Promise.all([
    ruleScopeOf(ownerId, set, snapshot),
    dutiesForSet(set, snapshot.wines, baseCurrency),
  ]);
  const byId = new Map(snapshot.wines.map((wine) => [wine.id, wine]));
  const preview = previewPrices(
    snapshot.wines,
    set,
    scope,
    (style) => vatOf(vats, style),
    baseCurrency,
    (id) => dutiesOfId(duties, byId.get(id)),
  );
  return withDutyDates(preview, set, duties);
}

function dutiesOfId(duties: WinesDuties, wine: CellarWine | undefined) {
  return wine ? duties.of(wine) : undefined;
}

/** A preview of a net-basis set says which rates its duties came from. */
function withDutyDates<T extends PricePreview>(preview: T, set: PriceRuleSet, duties: WinesDuties): T {
  return set.basis === 'exVatNet' ? { ...preview, duties: duties.dates } : preview;
}

export function vatOf(vats: Cellar['vats'], style: string): number {
  return (vats as Record<string, number>)[style] ?? 0;
}

/** The record with new selling and glass prices (`null` clears one), stamped after the one read. */
export function repriced(
  record: CellarWineRecord,
  sellingPrice: number | null,
  glassPrice: number | null,
  extraOwn: Record<string, unknown> = {},
): CellarWineRecord {
  const own: Record<string, unknown> = { ...ownOf(record), ...extraOwn };
  if (sellingPrice === null) delete own.sellingPrice;
  else own.sellingPrice = sellingPrice;
  if (glassPrice === null) delete own.pricePerGlass;
  else own.pricePerGlass = glassPrice;
  return { ...record, own, updatedAt: laterThan(record.updatedAt) } as CellarWineRecord;
}

/**
 * The PRICE_CHANGED change of one wine to its new prices; `mark` goes into the entry's `after` (what
 * wrote it: an apply's rule set, a restore's entry).
 */
export function priceChange(
  before: CellarWineRecord,
  sellingPrice: number | null,
  glassPrice: number | null,
  actor: Actor,
  extraOwn: Record<string, unknown> = {},
  mark: Record<string, unknown> = {},
): WineChange {
  const after = repriced(before, sellingPrice, glassPrice, extraOwn);
  const history = historyRecord(after, 'PRICE_CHANGED', before, after, actor);
  if (Object.keys(mark).length === 0) return { before, after, history };
  return { before, after, history: { ...history, after: { ...(history.after as object), ...mark } } };
}

/**
 * A wine write without a history entry: a decision that keeps the prices as they are (a dismissed price
 * review, or an approved one whose proposal is the current price) only stamps the wine out of review.
 */
export interface Restamp {
  before: CellarWineRecord;
  after: CellarWineRecord;
}

/** The record with `stamps` added to its own fields, its prices untouched, stamped after the one read. */
export function restamp(record: CellarWineRecord, stamps: Record<string, unknown>): Restamp {
  const own = { ...ownOf(record), ...stamps };
  return {
    before: record,
    after: { ...record, own, updatedAt: laterThan(record.updatedAt) } as CellarWineRecord,
  };
}

/** What a bulk price write does to one wine: a price change with its history entry, or a restamp. */
export type PriceWrite = WineChange | Restamp;

const isChange = (write: PriceWrite): write is WineChange => 'history' in write;
const isRestamp = (write: PriceWrite): write is Restamp => !isChange(write);
const wineIdOf = (write: PriceWrite): string => (isChange(write) ? write.history.ownWineId : write.after.id);

/** One transaction of a bulk price write: changes (wine and entry each) or restamps (one item each). */
interface WriteUnit {
  changes: WineChange[];
  restamps: Restamp[];
}

/** Room is left for the item naming the wines written (the version is raised after the whole write). */
const RESTAMPS_PER_TRANSACTION = MAX_TRANSACTION_ITEMS - 1;

function unitsOf(writes: readonly PriceWrite[]): WriteUnit[] {
  const units: WriteUnit[] = transactionsOf(writes.filter(isChange)).map((changes) => ({
    changes,
    restamps: [],
  }));
  const restamps = writes.filter(isRestamp);
  for (let i = 0; i < restamps.length; i += RESTAMPS_PER_TRANSACTION)
    units.push({ changes: [], restamps: restamps.slice(i, i + RESTAMPS_PER_TRANSACTION) });
  return units;
}

/** Writes one unit; the caller raises the cellar's version once after the whole write. */
function writeUnit({ changes, restamps }: WriteUnit): Promise<void> {
  const extra =
    restamps.length > 0 ? () => restamps.map(({ before, after }) => restampItem(before, after)) : undefined;
  return writeTransaction(changes, extra, {
    bumpVersion: false,
    touched: restamps.map(({ after }) => ({ ownerId: after.ownerId, id: after.id })),
  });
}

/**
 * What takes a written restamp back, given the wine as it is now: a wine still as the restamp left it
 * is put back as it was; one changed since gets back only the stamps that are still the restamp's.
 * Undefined when nothing is left to take back (or the restamp was never written).
 */
export function restampReversal(written: Restamp, current: CellarWineRecord): Restamp | undefined {
  const updatedAt = laterThan(current.updatedAt);
  if (current.updatedAt === written.after.updatedAt)
    return { before: current, after: { ...written.before, updatedAt } as CellarWineRecord };
  const was = ownOf(written.before) as Record<string, unknown>;
  const set = ownOf(written.after) as Record<string, unknown>;
  const own = { ...ownOf(current) } as Record<string, unknown>;
  let reversed = false;
  for (const key of Object.keys(set)) {
    if (JSON.stringify(set[key]) === JSON.stringify(was[key])) continue;
    if (JSON.stringify(own[key]) !== JSON.stringify(set[key])) continue;
    if (was[key] === undefined) delete own[key];
    else own[key] = was[key];
    reversed = true;
  }
  return reversed
    ? { before: current, after: { ...current, own, updatedAt } as CellarWineRecord }
    : undefined;
}

/** Takes back restamps that were (or may have been) written; logged, not thrown, when it cannot. */
async function takeBackRestamps(ownerId: string, restamps: readonly Restamp[]): Promise<void> {
  if (restamps.length === 0) return;
  const byId = new Map(restamps.map((r) => [r.after.id, r]));
  try {
    await retryOnConflict(async () => {
      const reversals: Restamp[] = [];
      for (const current of await winesNow(ownerId, [...byId.keys()])) {
        const reversal = restampReversal(byId.get(current.id) as Restamp, current);
        if (reversal) reversals.push(reversal);
      }
      for (const unit of unitsOf(reversals)) await writeUnit(unit);
    });
  } catch (error) {
    logger.error('A partly written price decision could not be taken back', {
      error,
      ownerId,
      wines: restamps.length,
    });
  }
}

/** Takes back what a failed bulk price write wrote (`written`) and may have written (`uncertain`). */
async function takeBackWrites(
  ownerId: string,
  written: readonly PriceWrite[],
  uncertain: readonly PriceWrite[],
): Promise<void> {
  await takeBack(written.filter(isChange), uncertain.filter(isChange));
  await takeBackRestamps(ownerId, [...written, ...uncertain].filter(isRestamp));
}

/** Transactions written at once by a bulk price write. */
export const PARALLEL_TRANSACTIONS = 4;
/** Rounds a bulk price write decides again the wines someone else changed meanwhile. */
export const PRICE_WRITE_ROUNDS = 5;

/** Wines by id, read strongly consistent (a batch get, asked again for what it left unprocessed). */
export { winesNow };

/**
 * Writes the changes `decide` makes of wines, PARALLEL_TRANSACTIONS transactions at a time. A
 * transaction cancelled because one of its wines changed since it was read wrote nothing: its wines
 * are read again and decided again, up to PRICE_WRITE_ROUNDS times. What could not be written then,
 * or any other failure, takes back everything written (history entries and restamps included) and throws: the
 * caller's outcome is all or nothing, and nothing is reported written that was not.
 */
export async function writeDecided<T>(
  ownerId: string,
  first: readonly CellarWineRecord[],
  decide: (record: CellarWineRecord) => { change: PriceWrite; outcome: T } | undefined,
): Promise<T[]> {
  let attempted = false;
  try {
    return await writeDecidedRounds(ownerId, first, decide, () => {
      attempted = true;
    });
  } finally {
    // The transactions leave the version alone (they would all meet on it): it is raised once, after.
    if (attempted) await bumpCellarVersion(ownerId);
  }
}

async function writeDecidedRounds<T>(
  ownerId: string,
  first: readonly CellarWineRecord[],
  decide: (record: CellarWineRecord) => { change: PriceWrite; outcome: T } | undefined,
  onWrite: () => void,
): Promise<T[]> {
  const written: PriceWrite[] = [];
  const outcomes = new Map<string, T>();
  let records = first;
  for (let round = 0; records.length > 0; round++) {
    if (round >= PRICE_WRITE_ROUNDS) {
      await takeBackWrites(ownerId, written, []);
      throw new ConflictError({ key: 'pricesChanged' });
    }
    const decided = new Map<string, { change: PriceWrite; outcome: T }>();
    for (const record of records) {
      const d = decide(record);
      if (d) decided.set(record.id, d);
    }
    const units = unitsOf([...decided.values()].map((d) => d.change));
    const again: string[] = [];
    for (let i = 0; i < units.length; i += PARALLEL_TRANSACTIONS) {
      const batch = units.slice(i, i + PARALLEL_TRANSACTIONS);
      onWrite();
      const results = await Promise.allSettled(batch.map(writeUnit));
      let failure: unknown;
      const uncertain: PriceWrite[] = [];
      results.forEach((result, k) => {
        const unit = batch[k] as WriteUnit;
        const writes: PriceWrite[] = [...unit.changes, ...unit.restamps];
        if (result.status === 'fulfilled') {
          written.push(...writes);
          for (const write of writes) {
            const id = wineIdOf(write);
            outcomes.set(id, (decided.get(id) as { outcome: T }).outcome);
          }
        } else if (result.reason instanceof TransactionCanceled && !result.reason.retryable) {
          again.push(...writes.map(wineIdOf));
        } else {
          failure ??= result.reason;
          // Cancelled transactions wrote nothing; any other failure may have been applied.
          if (!(result.reason instanceof TransactionCanceled)) uncertain.push(...writes);
        }
      });
      if (failure !== undefined) {
        await takeBackWrites(ownerId, written, uncertain);
        throw failure;
      }
    }
    records = again.length > 0 ? await winesNow(ownerId, again) : [];
  }
  return [...outcomes.values()];
}

/**
 * `POST …/price-rules/{ruleSetId}/apply`: the rule set decided again on every wine as it is now and
 * written where a price changes; a wine changed meanwhile is decided again on its new state.
 */
export async function applyRuleSet(
  ownerId: string,
  set: PriceRuleSet,
  actor: Actor,
): Promise<PriceApplyResult> {
  const [cellar, records, snapshot] = await Promise.all([
    cellarOf(ownerId),
    inventoryOf(ownerId),
    cellarSnapshot(ownerId),
  ]);
  const currency = cellar.baseCurrency;
  const asWine = (record: CellarWineRecord): CellarWine => toCellarWine(record, currency);
  const [scope, duties]: [PriceScope, WinesDuties] = await Promise.all([
    ruleScopeOf(ownerId, set, snapshot),
    dutiesForSet(set, records.map(asWine), currency),
  ]);
  const vat = (wine: CellarWine) => vatOf(cellar.vats, wine.mainCategoryId);
  // Marks each entry as this apply's, so its wine's price before it can be restored (restore-price.ts).
  const appliedBy = { [APPLIED_RULE_SET_FIELD]: set.id, ruleSetName: set.name };
  const rows = await writeDecided(ownerId, records, (record) => {
    const wine = asWine(record);
    // A wine changed since its duties were looked up finds none and is left as it is.
    const priced = priceWine(wine, set, scope, vat(wine), duties.of(wine));
    if (priced.outcome !== 'priced' || !pricesChange(wine, priced)) return undefined;
    return {
      change: priceChange(record, priced.sellingPrice, priced.glassPrice, actor, {}, appliedBy),
      outcome: previewRowOf(wine, priced, vat(wine)),
    };
  });
  // The skipped list and the impact as the preview gives them, over the wines as they were read.
  const read = records.map(asWine);
  const byId = new Map(read.map((wine) => [wine.id, wine]));
  const { skipped, impact } = previewPrices(
    read,
    set,
    scope,
    (style) => vatOf(cellar.vats, style),
    currency,
    (id) => dutiesOfId(duties, byId.get(id)),
  );
  return withDutyDates(
    {
      rows,
      count: rows.length,
      applied: rows.length,
      skipped,
      totals: previewTotals(rows),
      impact,
      currency,
    },
    set,
    duties,
  );
}
