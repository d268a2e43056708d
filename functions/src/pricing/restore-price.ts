/**
 * Restoring the price a wine had before an apply (docs/pricing.md): the apply itself stays as it was
 * written — it cannot be undone — and the restore is a new price change, through the same price write
 * as every other (conditional on the wine as read, a PRICE_CHANGED entry marked `restoredFrom`).
 */
import {
  type HistoryState,
  isAppliedPriceEntry,
  type PriceRestoreResult,
  RESTORED_FROM_FIELD,
} from '@kork/shared';
import { historyBetween, winesNow } from '../cellar/kernel/wine-reads';
import { type Actor, ownOf, toHistoryEntry } from '../cellar/kernel/wine-records';
import { NotFoundError, ValidationError } from '../platform/errors';
import { priceChange, writeDecided } from './price-writes';

const priceIn = (state: HistoryState | null, field: 'sellingPrice' | 'pricePerGlass'): number | null => {
  const value = state?.[field];
  return typeof value === 'number' ? value : null;
};

/**
 * `POST …/price-restores`: the selling and glass price the apply's history entry recorded before it,
 * set again on its wine. 404 when the entry or its wine is gone; 400 `notAnAppliedPrice` for an entry
 * an apply did not write. A wine that already has those prices is not written (`restored: false`).
 */
export async function restoreAppliedPrice(
  ownerId: string,
  historyEntryId: string,
  actor: Actor,
): Promise<PriceRestoreResult> {
  const [record] = await historyBetween(ownerId, historyEntryId, historyEntryId);
  if (!record || record.id !== historyEntryId) throw new NotFoundError();
  const entry = toHistoryEntry(record);
  if (!isAppliedPriceEntry(entry))
    throw new ValidationError({ historyEntryId: 'notAnAppliedPrice' }, { key: 'notAnAppliedPrice' });
  const sellingPrice = priceIn(entry.before, 'sellingPrice');
  const pricePerGlass = priceIn(entry.before, 'pricePerGlass');
  const wines = await winesNow(ownerId, [entry.ownWineId]);
  if (wines.length === 0) throw new NotFoundError();
  const written = await writeDecided(ownerId, wines, (wine) => {
    const own = ownOf(wine) as { sellingPrice?: number; pricePerGlass?: number };
    if ((own.sellingPrice ?? null) === sellingPrice && (own.pricePerGlass ?? null) === pricePerGlass)
      return undefined;
    const mark = { [RESTORED_FROM_FIELD]: entry.id };
    return { change: priceChange(wine, sellingPrice, pricePerGlass, actor, {}, mark), outcome: wine.id };
  });
  return { ownWineId: entry.ownWineId, restored: written.length > 0, sellingPrice, pricePerGlass };
}
