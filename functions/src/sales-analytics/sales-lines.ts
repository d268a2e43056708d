/**
 * An owner's sale lines as an instance holds them for analytics: per line its day, sale, wine, units,
 * revenue with and without VAT, cost and whether it was poured by the glass, as columns of typed arrays
 * (shared/src/sales-analytics-math.ts), with the wine table the lines point into: the snapshot's wines
 * first, then wines only sales remember (deleted from the cellar since).
 *
 * They are kept with the cellar snapshot they were read for (`CellarSnapshot.derived`), so they live
 * and die with it: the snapshot is current while the cellar's version is unchanged, and every sale and
 * every sale deleted raises that version (docs/sales-analytics.md).
 */
import {
  type AnalyticsWine,
  dayNumber,
  type SaleLine,
  type SaleLineInput,
  type SalesLines,
  SalesLinesBuilder,
} from '@kork/shared';
import type { CellarSnapshot } from '../cellar/cellar-snapshot';
import { db } from '../data/entities';

export interface HeldSales {
  lines: SalesLines;
  wines: AnalyticsWine[];
  /** Sales read (for the benchmark and tests). */
  sales: number;
  /** How long reading and building them took, ms. */
  loadMs: number;
}

/** Reads every sale of the owner (one paged query) and builds its lines against the snapshot's wines. */
export async function loadSalesLines(snapshot: CellarSnapshot): Promise<HeldSales> {
  const started = performance.now();
  const { data } = await db()
    .entities.sale.query.byOwnerKey({ ownerId: snapshot.ownerId })
    .go({ pages: 'all', consistent: true, attributes: ['id', 'date', 'products'] });
  const wines: AnalyticsWine[] = snapshot.wines.map((wine) => ({
    ownWineId: wine.id,
    wineDisplayName: wine.wineDisplayName,
    mainCategoryId: wine.mainCategoryId,
    ...(wine.country ? { country: wine.country } : {}),
    stock: wine.quantity,
  }));
  const index = new Map(wines.map((wine, i) => [wine.ownWineId, i]));
  const wineOf = (line: SaleLine): number => {
    let at = index.get(line.ownWineId);
    if (at === undefined) {
      at = wines.length;
      wines.push({
        ownWineId: line.ownWineId,
        wineDisplayName: line.wineDisplayName,
        ...(line.mainCategoryId ? { mainCategoryId: line.mainCategoryId } : {}),
        ...(line.country ? { country: line.country } : {}),
      });
      index.set(line.ownWineId, at);
    }
    return at;
  };
  const builder = new SalesLinesBuilder(Math.max(1024, data.length * 4));
  for (const sale of data) {
    const day = dayNumber(sale.date);
    const products = (sale.products ?? []) as SaleLine[];
    builder.addSale(
      products.map(
        (line): SaleLineInput => ({
          day,
          wine: wineOf(line),
          mainCategoryId: line.mainCategoryId,
          country: line.country,
          units: line.units,
          unitPrice: line.unitPrice,
          vatPercentage: line.vatPercentage ?? 0,
          unitCost: line.unitCost ?? undefined,
          byGlass: line.byGlass === true,
        }),
      ),
    );
  }
  return { lines: builder.build(), wines, sales: data.length, loadMs: performance.now() - started };
}

/** A load under way or done, kept with its snapshot; a failed one is forgotten so the next request tries again. */
interface Holder {
  current?: Promise<HeldSales>;
}

/** The owner's sale lines for this snapshot: read once per snapshot, shared by requests that meet. */
export function salesLinesOf(snapshot: CellarSnapshot): Promise<HeldSales> {
  const holder = snapshot.derived<Holder>('salesAnalytics:lines', () => ({}));
  if (!holder.current) {
    const loading = loadSalesLines(snapshot);
    holder.current = loading;
    loading.catch(() => {
      if (holder.current === loading) holder.current = undefined;
    });
  }
  return holder.current;
}
