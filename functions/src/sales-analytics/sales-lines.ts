/**
 * An owner's sale lines as an instance holds them for the wine-list engineering (whose dead stock needs
 * each wine's last sale over the whole history; the sales analytics read day rollups instead,
 * sales-rollups-held.ts): per line its day, sale, wine, units,
 * revenue with and without VAT, cost and whether it was poured by the glass, as columns of typed arrays
 * (shared/src/sales-analytics-math.ts), with the wine table the lines point into: the snapshot's wines
 * first, then wines only sales remember (deleted from the cellar since).
 *
 * They are kept with the cellar snapshot they were built for (`CellarSnapshot.derived`), so they live
 * and die with it: the snapshot is current while the cellar's version is unchanged, and every sale and
 * every sale deleted raises that version (docs/sales-analytics.md). A new snapshot does not read every
 * sale again: it catches up from the sales the instance read last (those recorded since, and those
 * whose SALE_DELETED entries are in the history since), with a minute's overlap for sales whose id was
 * made before the last read but written after it, and reads in full at least every 15 minutes.
 */
import {
  type AnalyticsWine,
  dayNumber,
  type SaleLine,
  type SaleLineInput,
  type SalesLines,
  SalesLinesBuilder,
} from '@kork/shared';
import { encodeTime } from 'ulid';
import type { CellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { historyOfActionSince } from '../cellar/kernel/wine-reads';
import { saleLinesOf } from '../sales/sale-lines-service';

/** A sale as the instance keeps it: enough to build its lines against any snapshot's wines. */
interface KeptSale {
  id: string;
  day: number;
  products: SaleLine[];
}

export interface HeldSales {
  lines: SalesLines;
  wines: AnalyticsWine[];
  /** Sales held (for the benchmark and tests). */
  sales: number;
  /** How long reading and building them took, ms. */
  loadMs: number;
  /** Read in full (not caught up from the sales held before). */
  full: boolean;
}

/**
 * The owner's sales as last read, by id, with when: a new snapshot catches up from them (the sales
 * recorded and deleted since) instead of reading every sale again, and reads in full now and then.
 */
interface KeptSales {
  sales: Map<string, KeptSale>;
  /** When they were read (ms): sales and deletions from a while before it are read again. */
  readAt: number;
  /** When they were last read in full (ms). */
  fullAt: number;
}

const kept = new Map<string, KeptSales>();
/** Sales are caught up from this long before the last read, for moments that straddled it. */
const OVERLAP_MS = 60_000;
/** A full read at least this often. */
const FULL_READ_MS = 15 * 60_000;
/** Owners whose sales an instance keeps. */
const OWNERS_KEPT = 20;

function keep(sale: { id: string; date: string; products?: unknown }): KeptSale {
  return { id: sale.id, day: dayNumber(sale.date), products: (sale.products ?? []) as SaleLine[] };
}

async function readSales(ownerId: string, since?: string) {
  return (await saleLinesOf(ownerId, since)).map(keep);
}

/** Ids of sales deleted from `since` (a ULID) on, as their SALE_DELETED history entries tell. */
async function deletedSince(ownerId: string, since: string): Promise<Set<string>> {
  const data = await historyOfActionSince(ownerId, since, 'SALE_DELETED');
  const ids = new Set<string>();
  for (const entry of data) {
    const saleId =
      (entry.after as { saleId?: string } | null)?.saleId ??
      (entry.before as { saleId?: string } | null)?.saleId;
    if (saleId) ids.add(saleId);
  }
  return ids;
}

/** The owner's sales now: caught up from those kept (new and deleted ones since), or read in full. */
async function salesNow(ownerId: string): Promise<{ sales: KeptSale[]; full: boolean }> {
  const now = Date.now();
  const before = kept.get(ownerId);
  if (before && now - before.fullAt < FULL_READ_MS) {
    const since = ulidTimePrefix(before.readAt - OVERLAP_MS);
    const [added, deleted] = await Promise.all([readSales(ownerId, since), deletedSince(ownerId, since)]);
    const sales = new Map(before.sales);
    for (const sale of added) sales.set(sale.id, sale);
    for (const id of deleted) sales.delete(id);
    remember(ownerId, { sales, readAt: now, fullAt: before.fullAt });
    return { sales: [...sales.values()], full: false };
  }
  const sales = await readSales(ownerId);
  remember(ownerId, { sales: new Map(sales.map((sale) => [sale.id, sale])), readAt: now, fullAt: now });
  return { sales, full: true };
}

function remember(ownerId: string, sales: KeptSales): void {
  kept.delete(ownerId);
  kept.set(ownerId, sales);
  for (const [owner] of kept) {
    if (kept.size <= OWNERS_KEPT) break;
    kept.delete(owner);
  }
}

/** The smallest ULID of a moment: every id made at or after it sorts at or after this. */
function ulidTimePrefix(ms: number): string {
  return encodeTime(Math.max(0, ms), 10);
}

/** Forgets the sales kept (a new instance; tests and the benchmark). */
export function forgetKeptSales(): void {
  kept.clear();
}

/** The owner's sales built into lines against the snapshot's wines. */
export async function loadSalesLines(snapshot: CellarSnapshot): Promise<HeldSales> {
  const started = performance.now();
  const { sales, full } = await salesNow(snapshot.ownerId);
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
  // Oldest first, as recorded (ULIDs sort by time).
  sales.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const builder = new SalesLinesBuilder(Math.max(1024, sales.length * 4));
  for (const { day, products } of sales) {
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
          // A till's glass or recipe line: what was paid and what was poured (docs/pos.md).
          ...(line.kind === undefined ? {} : { total: line.total, lineCost: line.lineCost }),
        }),
      ),
    );
  }
  return { lines: builder.build(), wines, sales: sales.length, loadMs: performance.now() - started, full };
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
