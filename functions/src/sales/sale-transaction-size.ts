/**
 * How many items the transactions of a sale hold (docs/sales-and-orders.md "How big a sale may be"). A
 * DynamoDB transaction holds at most 100 items, and a sale is recorded only when the transaction that
 * deletes it fits too, so every sale that can be recorded can be deleted in one step.
 *
 * Deleting a sale writes, in one transaction (sale-writes.ts `deleteSale`): each wine it took bottles
 * from and that wine's SALE_DELETED history entry (2 per wine), a check of each location its bottles go
 * back to (cellar/kernel/wine-transaction.ts: a location gaining bottles must still be there), the
 * sale's deletion, one rollup item per group of its lines (sale-rollups.ts: a wine with its category and
 * country; a till recipe's revenue line is a group of its own), the item naming the wines changed and the
 * cellar's version.
 */
import type { SaleLine } from '@kork/shared';
import { rollupItemsOf } from './sale-rollups';

const isRecipeRevenue = (line: SaleLine) => line.ownWineId.startsWith('recipe:');

/** The distinct locations (not Uncategorized) a sale's bottles came from, pours from several included. */
export function locationsOf(lines: readonly SaleLine[]): Set<string> {
  const found = new Set<string>();
  for (const line of lines) {
    if (isRecipeRevenue(line)) continue;
    if (line.locationId) found.add(line.locationId);
    for (const { locationId } of line.placements ?? []) if (locationId) found.add(locationId);
  }
  return found;
}

/**
 * The most items the transaction deleting a sale of these lines can hold: wines deleted since write no
 * change, and locations deleted since take their bottles back as Uncategorized (no check), so it only
 * ever holds fewer.
 */
export function deleteItemsOf(lines: readonly SaleLine[]): number {
  const wines = new Set(lines.filter((line) => !isRecipeRevenue(line)).map((line) => line.ownWineId)).size;
  const sale = 1;
  const changeAndVersion = 2;
  return wines * 2 + locationsOf(lines).size + sale + rollupItemsOf(lines) + changeAndVersion;
}
