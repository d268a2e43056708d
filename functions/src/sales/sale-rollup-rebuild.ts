/**
 * The backfill of the day rollups (the `sale-rollups` job, and the demo seed after its year of sales):
 * a cellar's rollups rebuilt from its sales. It SETs each item to the sums of the sales there are (never
 * ADD), removes items no sale explains, and writes only what differs, under a marker item: a cellar
 * with a marker is skipped unless forced, and a forced rebuild of rollups already right writes nothing,
 * so running it twice changes nothing.
 *
 * Sales recorded or deleted while it runs keep their own rollups (ADD in their transaction); a sale
 * that appeared or went between its read and its writes is caught by reading the sales' ids again
 * afterwards and rebuilding once more (at most three rounds). A rebuild that wrote anything raises the
 * cellar's version, so analytics held or shared at the old one are read again (docs/sales-analytics.md).
 */

import type { SaleLine } from '@kork/shared';
import { bumpCellarVersion } from '../cellar/kernel/cellar-version';
import { deleteAll, putAll } from '../data/batch-writes';
import { tables } from '../data/tables';
import { addSums, type RollupDelta, rollupOf, SUM_FIELDS, zeroSums } from './sale-rollup-sums';
import { MARKER_DAY, rollupMarker, type SaleRollupRecord } from './sale-rollups';

export interface RebuildReport {
  status: 'rebuilt' | 'skipped';
  sales: number;
  /** Items written (set or removed). */
  written: number;
}

async function saleIds(ownerId: string): Promise<string> {
  const { data } = await tables('sales')
    .sale.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true, attributes: ['id'] });
  return data.map((sale) => sale.id).join(',');
}

/** The rollups the cellar's sales sum to, by `day#group`. */
async function expected(
  ownerId: string,
): Promise<{ items: Map<string, Record<string, unknown>>; sales: number; ids: string }> {
  const { data } = await tables('sales')
    .sale.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true, attributes: ['id', 'date', 'products'] });
  const items = new Map<string, Record<string, unknown>>();
  for (const sale of data) {
    for (const delta of rollupOf((sale.products ?? []) as SaleLine[])) {
      const key = `${sale.date}#${delta.group}`;
      const item = (items.get(key) ?? { ownerId, day: sale.date, ...zeroSums() }) as Record<string, unknown> &
        RollupDelta;
      addSums(item, delta);
      Object.assign(item, {
        group: delta.group,
        ownWineId: delta.ownWineId,
        wineDisplayName: delta.wineDisplayName,
        mainCategoryId: delta.mainCategoryId,
        country: delta.country,
      });
      items.set(key, item);
    }
  }
  return { items, sales: data.length, ids: data.map((sale) => sale.id).join(',') };
}

const same = (a: SaleRollupRecord, b: Record<string, unknown>) =>
  SUM_FIELDS.every((field) => (a[field] ?? 0) === b[field]) &&
  a.wineDisplayName === b.wineDisplayName &&
  a.ownWineId === b.ownWineId;

/** Rebuilds the cellar's rollups from its sales (skipped where the marker is, unless `force`). */
export async function rebuildRollups(ownerId: string, { force = false } = {}): Promise<RebuildReport> {
  if (!force && (await rollupMarker(ownerId))) return { status: 'skipped', sales: 0, written: 0 };
  let written = 0;
  let sales = 0;
  for (let round = 0; round < 3; round++) {
    const want = await expected(ownerId);
    sales = want.sales;
    const { data: held } = await tables('sales').saleRollup.query.byDay({ ownerId }).go({ pages: 'all' });
    const puts: Record<string, unknown>[] = [];
    const removals: { ownerId: string; day: string; group: string }[] = [];
    const seen = new Set<string>();
    for (const item of held) {
      if (item.day === MARKER_DAY) continue;
      const key = `${item.day}#${item.group}`;
      const wanted = want.items.get(key);
      seen.add(key);
      if (!wanted) removals.push({ ownerId, day: item.day, group: item.group });
      else if (!same(item, wanted)) puts.push(wanted);
    }
    for (const [key, item] of want.items) if (!seen.has(key)) puts.push(item);
    await putAll(tables('sales').saleRollup, puts, 'rollups');
    await deleteAll(tables('sales').saleRollup, removals, 'rollups');
    written += puts.length + removals.length;
    if ((await saleIds(ownerId)) === want.ids) break;
  }
  if (written > 0) await bumpCellarVersion(ownerId);
  const marker = await rollupMarker(ownerId);
  if (!marker || written > 0)
    await tables('sales')
      .saleRollup.put({
        ownerId,
        day: MARKER_DAY,
        group: '',
        rebuiltAt: new Date().toISOString(),
        rebuiltFrom: sales,
      })
      .go();
  return { status: 'rebuilt', sales, written };
}

/** The cellars that have sales (a scan of the sales: for the one-off backfill only). */
export async function ownersWithSales(): Promise<string[]> {
  const { data } = await tables('sales').sale.scan.go({ pages: 'all', attributes: ['ownerId'] });
  return [...new Set(data.map((sale) => sale.ownerId))];
}
