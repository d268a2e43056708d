/**
 * Writing prices to cellar wines (docs/pricing.md): a price rule set's preview and apply. Every wine a
 * write changes gets one PRICE_CHANGED history entry in the same transaction, and every wine write is
 * conditional on the `updatedAt` it was decided on.
 */
import {
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
import { cellarOf } from '../cellar/cellar-service';
import { cellarSnapshot } from '../cellar/cellar-snapshot';
import { bumpCellarVersion } from '../cellar/cellar-version';
import {
  type Actor,
  type CellarWineRecord,
  historyRecord,
  inventoryOf,
  laterThan,
  ownOf,
  toCellarWine,
  transactionsOf,
  type WineChange,
  writeTransaction,
} from '../cellar/cellar-wine-store';
import { takeBack } from '../cellar/take-back';
import { db } from '../data/entities';
import { TransactionCanceled } from '../data/transactions';
import { ConflictError } from '../platform/errors';

/** `POST …/price-rules/{ruleSetId}/preview`: over the cellar as its snapshot holds it. */
export async function previewRuleSet(ownerId: string, set: PriceRuleSet): Promise<PricePreview> {
  const snapshot = await cellarSnapshot(ownerId);
  const scope = priceScopeOf(set, (id) => snapshot.locationScope([id]));
  const { vats, baseCurrency } = snapshot.cellar;
  return previewPrices(snapshot.wines, set, scope, (style) => vatOf(vats, style), baseCurrency);
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

/** The PRICE_CHANGED change of one wine to its new prices. */
export function priceChange(
  before: CellarWineRecord,
  sellingPrice: number | null,
  glassPrice: number | null,
  actor: Actor,
  extraOwn: Record<string, unknown> = {},
): WineChange {
  const after = repriced(before, sellingPrice, glassPrice, extraOwn);
  return { before, after, history: historyRecord(after, 'PRICE_CHANGED', before, after, actor) };
}

/** Transactions written at once by a bulk price write. */
export const PARALLEL_TRANSACTIONS = 4;
/** Rounds a bulk price write decides again the wines someone else changed meanwhile. */
export const PRICE_WRITE_ROUNDS = 5;

/** Wines by id, read strongly consistent (a batch get, asked again for what it left unprocessed). */
export async function winesNow(ownerId: string, ids: readonly string[]): Promise<CellarWineRecord[]> {
  const found: CellarWineRecord[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    let keys = ids.slice(i, i + 100).map((id) => ({ ownerId, id }));
    for (let round = 0; keys.length > 0; round++) {
      if (round >= 8) throw new Error('Unprocessed keys remained after 8 rounds');
      const { data, unprocessed } = await db().entities.cellarWine.get(keys).go({ consistent: true });
      found.push(...data);
      keys = (unprocessed ?? []) as typeof keys;
    }
  }
  return found;
}

/**
 * Writes the changes `decide` makes of wines, PARALLEL_TRANSACTIONS transactions at a time. A
 * transaction cancelled because one of its wines changed since it was read wrote nothing: its wines
 * are read again and decided again, up to PRICE_WRITE_ROUNDS times. What could not be written then,
 * or any other failure, takes back everything written (history entries included) and throws: the
 * caller's outcome is all or nothing, and nothing is reported written that was not.
 */
export async function writeDecided<T>(
  ownerId: string,
  first: readonly CellarWineRecord[],
  decide: (record: CellarWineRecord) => { change: WineChange; outcome: T } | undefined,
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
  decide: (record: CellarWineRecord) => { change: WineChange; outcome: T } | undefined,
  onWrite: () => void,
): Promise<T[]> {
  const written: WineChange[] = [];
  const outcomes = new Map<string, T>();
  let records = first;
  for (let round = 0; records.length > 0; round++) {
    if (round >= PRICE_WRITE_ROUNDS) {
      await takeBack(written, []);
      throw new ConflictError({ key: 'pricesChanged' });
    }
    const decided = new Map<string, { change: WineChange; outcome: T }>();
    for (const record of records) {
      const d = decide(record);
      if (d) decided.set(record.id, d);
    }
    const slices = transactionsOf([...decided.values()].map((d) => d.change));
    const again: string[] = [];
    for (let i = 0; i < slices.length; i += PARALLEL_TRANSACTIONS) {
      const batch = slices.slice(i, i + PARALLEL_TRANSACTIONS);
      onWrite();
      const results = await Promise.allSettled(
        batch.map((slice) => writeTransaction(slice, undefined, { bumpVersion: false })),
      );
      let failure: unknown;
      const uncertain: WineChange[] = [];
      results.forEach((result, k) => {
        const slice = batch[k] as WineChange[];
        if (result.status === 'fulfilled') {
          written.push(...slice);
          for (const change of slice) {
            const id = change.history.ownWineId;
            outcomes.set(id, (decided.get(id) as { outcome: T }).outcome);
          }
        } else if (result.reason instanceof TransactionCanceled && !result.reason.retryable) {
          again.push(...slice.map((change) => change.history.ownWineId));
        } else {
          failure ??= result.reason;
          // Cancelled transactions wrote nothing; any other failure may have been applied.
          if (!(result.reason instanceof TransactionCanceled)) uncertain.push(...slice);
        }
      });
      if (failure !== undefined) {
        await takeBack(written, uncertain);
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
  const scope: PriceScope = priceScopeOf(set, (id) => snapshot.locationScope([id]));
  const currency = cellar.baseCurrency;
  const asWine = (record: CellarWineRecord): CellarWine => toCellarWine(record, currency);
  const vat = (wine: CellarWine) => vatOf(cellar.vats, wine.mainCategoryId);
  const rows = await writeDecided(ownerId, records, (record) => {
    const wine = asWine(record);
    const priced = priceWine(wine, set, scope, vat(wine));
    if (priced.outcome !== 'priced' || !pricesChange(wine, priced)) return undefined;
    return {
      change: priceChange(record, priced.sellingPrice, priced.glassPrice, actor),
      outcome: previewRowOf(wine, priced, vat(wine)),
    };
  });
  // The skipped list as the preview gives it, over the wines as they were read.
  const { skipped } = previewPrices(
    records.map(asWine),
    set,
    scope,
    (style) => vatOf(cellar.vats, style),
    currency,
  );
  return { rows, count: rows.length, applied: rows.length, skipped, totals: previewTotals(rows), currency };
}
