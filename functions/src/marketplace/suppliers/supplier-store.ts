/**
 * Supplier records in the table: all of them share one partition (a few hundred items), so the list is
 * one query. A function instance keeps the list for a short time; strongly consistent reads skip it.
 */
import type { Weekday } from '@kork/shared';
import { type EntityRecord, tables } from '../../data/tables';

export type SupplierRecord = EntityRecord<'supplier'>;

/** How long an instance trusts its copy of the list. */
const LIST_CACHE_MS = 30_000;

let cached: { at: number; records: SupplierRecord[] } | undefined;

/** Every supplier, by id (the partition's order). */
export async function allSupplierRecords(options: { consistent?: boolean } = {}): Promise<SupplierRecord[]> {
  if (!options.consistent && cached && Date.now() - cached.at < LIST_CACHE_MS) return cached.records;
  const { data } = await tables('marketplace')
    .supplier.query.byScope({ scope: 'suppliers' })
    .go({ pages: 'all', consistent: options.consistent });
  cached = { at: Date.now(), records: data };
  return data;
}

/** One supplier by id (strongly consistent). */
export async function supplierRecord(supplierId: string): Promise<SupplierRecord | undefined> {
  const { data } = await tables('marketplace')
    .supplier.get({ scope: 'suppliers', supplierId })
    .go({ consistent: true });
  return data ?? undefined;
}

/** Suppliers by id in batch reads; unknown ids are absent. */
export async function supplierRecords(
  ids: readonly string[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, SupplierRecord>> {
  const found = new Map<string, SupplierRecord>();
  const unique = [...new Set(ids)];
  if (!options.consistent && cached && Date.now() - cached.at < LIST_CACHE_MS) {
    const byId = new Map(cached.records.map((r) => [r.supplierId, r]));
    for (const id of unique) {
      const record = byId.get(id);
      if (record) found.set(id, record);
    }
    return found;
  }
  for (let i = 0; i < unique.length; i += 100) {
    const { data } = await tables('marketplace')
      .supplier.get(unique.slice(i, i + 100).map((supplierId) => ({ scope: 'suppliers', supplierId })))
      .go({ consistent: options.consistent });
    for (const record of data) found.set(record.supplierId, record);
  }
  return found;
}

/** Forget the instance's copy (after this instance changed a supplier). */
export function forgetSupplierList(): void {
  cached = undefined;
}

export const deliveryDaysOf = (record: Pick<SupplierRecord, 'deliveryDays'>) =>
  (record.deliveryDays ?? []) as Weekday[];
