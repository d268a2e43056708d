/**
 * A wine's open bottle as a stock count sets it (docs/stock-counts.md, "Tenths and the open bottle"): the
 * same `openBottleCl` the till pours from (docs/pos.md), read and written here as tenths of a bottle.
 */
import { clOf, openBottleCentiCl, openBottleTenths } from '@kork/shared';
import { type CellarWineRecord, ownOf } from './wine-records';

/** The open bottle's fill in tenths (0: none open). */
export function openTenthsOf(record: CellarWineRecord): number {
  return openBottleTenths((ownOf(record) as { openBottleCl?: number }).openBottleCl, record.bottleSize);
}

/** The wine with its open bottle `openTenths` full (0: none open), in centilitres of its bottle size. */
export function withOpenBottle(record: CellarWineRecord, openTenths: number): CellarWineRecord {
  const own = { ...ownOf(record) } as Record<string, unknown>;
  if (openTenths > 0) own.openBottleCl = clOf(openBottleCentiCl(openTenths, record.bottleSize));
  else delete own.openBottleCl;
  return { ...record, own } as CellarWineRecord;
}
