import { LOW_STOCK_AT_MOST, type SupplierWine } from '@kork/shared';
import { wineSuppliers } from '../../marketplace/suppliers/suppliers';
import { rowLimit, wineRef } from './cellar-rows';
import { businessViewerOf } from './market';
import type { ReorderRow, ReorderSuggestionsData } from './outputs';
import { lowStockOf, PACE_DAYS, type PacedWine, stockPace } from './stock-pace';
import type { AssistantTool } from './tool';

/** A suggestion orders enough for this many days at the pace sold. */
export const COVER_DAYS = 30;
/** Wines selling out within this many days are suggested too, however many bottles are left. */
const SOON_DAYS = 14;
/** Low wines looked up at the suppliers at most (the most urgent first). */
const CHECKED_MAX = 60;

/** Bottles to order: enough for COVER_DAYS at the pace, in whole cases, at least a case, at most the stock. */
export function orderQuantity(paced: PacedWine, caseSize: number, supplierStock: number): number {
  const perDay = paced.soldInPeriod / PACE_DAYS;
  const needed = Math.max(0, Math.ceil(perDay * COVER_DAYS) - Math.max(0, paced.wine.quantity));
  const size = Math.max(1, caseSize);
  const cases = Math.max(1, Math.ceil(needed / size));
  return Math.max(1, Math.min(cases * size, supplierStock));
}

/** The supplier in stock with the lowest price (then the name). */
function cheapest(rows: readonly SupplierWine[]): SupplierWine | undefined {
  return rows
    .filter((row) => (row.stock ?? 0) > 0 && row.horecaPriceMinor !== undefined)
    .sort((a, b) => (a.horecaPriceMinor as number) - (b.horecaPriceMinor as number))[0];
}

export const reorderSuggestions: AssistantTool<'reorder_suggestions'> = {
  name: 'reorder_suggestions',
  description:
    `Wines of the user's cellar running low (at most ${LOW_STOCK_AT_MOST} bottles, or selling out within ` +
    `${SOON_DAYS} days) that marketplace suppliers (Vinmonopolet's importers) offer: for each the supplier ` +
    `in stock with the lowest HORECA price (minor units of offerCurrency) and bottles to order for about ` +
    `${COVER_DAYS} days, in whole cases. Business accounts only. Use its supplierId and wineId for propose_cart.`,
  async run(context, input) {
    const viewer = await businessViewerOf(context.userId);
    const pace = await stockPace(context.userId, context.now);
    const low = lowStockOf(pace, SOON_DAYS).filter((paced) => paced.wine.wineId);
    const checked = low.slice(0, CHECKED_MAX);
    const offers = await Promise.all(
      checked.map(async (paced) => {
        try {
          return cheapest((await wineSuppliers(paced.wine.wineId as string, viewer)).rows);
        } catch {
          // A catalogue wine no longer active has no suppliers.
          return undefined;
        }
      }),
    );
    const suggestions: ReorderRow[] = [];
    checked.forEach((paced, i) => {
      const offer = offers[i];
      if (!offer) return;
      suggestions.push({
        ...wineRef(paced.wine),
        bottles: paced.wine.quantity,
        daysLeft: paced.daysLeft,
        wineId: offer.wineId,
        supplierId: offer.supplierId,
        supplierName: offer.supplierName,
        unitPrice: offer.horecaPriceMinor as number,
        offerCurrency: 'NOK',
        quantity: orderQuantity(paced, offer.caseSize, offer.stock ?? 0),
      });
    });
    const data: ReorderSuggestionsData = {
      threshold: pace.threshold,
      coverDays: COVER_DAYS,
      count: suggestions.length,
      notOffered: checked.length - suggestions.length,
      rows: suggestions.slice(0, rowLimit(input.limit)),
    };
    return { data: { ...data } };
  },
};
