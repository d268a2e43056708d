/**
 * A wine's ratings as another domain's transaction changes them: a tasting note and its wine's sums
 * change in one transaction, so the averages always agree with the notes. Tastings put this item in
 * their own transaction; only the catalogue knows the wine's table.
 */
import { writeItems } from '../data/tables';
import { nextChangeSeq } from './catalog-store';

/** What notes add to (or, negative, take from) a wine's sums. */
export interface RatingDelta {
  expertCount: number;
  expertSum: number;
  communityCount: number;
  communitySum: number;
}

/**
 * The wine's update inside a note's transaction: sums, the expert set, and a new change stamp so the
 * search index picks the new averages up. Conditional on the wine being active (a deleted or merged
 * wine cancels the transaction).
 */
export function wineRatingChangeItem(
  wineId: string,
  delta: RatingDelta,
  expert: { add?: string; remove?: string },
  now = new Date(),
) {
  let update = writeItems('catalog')
    .wine.patch({ id: wineId })
    .add(delta)
    .set({ updatedAt: now.toISOString(), changeSeq: nextChangeSeq(now) });
  if (expert.add) update = update.add({ expertIds: [expert.add] });
  if (expert.remove) update = update.delete({ expertIds: [expert.remove] });
  return update.where(({ status }, { eq }) => eq(status, 'active')).commit();
}
