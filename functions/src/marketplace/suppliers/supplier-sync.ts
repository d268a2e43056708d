/**
 * Suppliers follow the catalogue (docs/marketplace.md): every wholesaler of an active wine is a
 * supplier. A new one is created with deterministic demo terms; a known one gets its name and wine ids
 * refreshed, conditional on its version, and keeps everything else (the terms, and what an admin or
 * its importer set). A supplier whose wines all left the catalogue stays, with no wines.
 */
import { supplierIdOf } from '@kork/shared';
import { activeCatalogDocs } from '../../catalog/search-service';
import { tables, transaction } from '../../data/tables';
import { commitTransaction, isConditionFailure, retryOnConflict } from '../../data/transactions';
import { ConflictError } from '../../platform/errors';
import { demoTerms } from './supplier-demo';
import { allSupplierRecords, forgetSupplierList, type SupplierRecord } from './supplier-store';

interface Wholesaler {
  id: string;
  name: string;
  wineIds: string[];
}

/** The catalogue's wholesalers by supplier id; names folding to one id are one supplier. */
async function wholesalersOfCatalog(): Promise<Map<string, Wholesaler>> {
  const groups = new Map<string, { names: Map<string, number>; wineIds: string[] }>();
  for (const wine of await activeCatalogDocs()) {
    const name = wine.wholesaler?.trim();
    if (!name) continue;
    const id = supplierIdOf(name);
    let group = groups.get(id);
    if (!group) {
      group = { names: new Map(), wineIds: [] };
      groups.set(id, group);
    }
    group.names.set(name, (group.names.get(name) ?? 0) + 1);
    group.wineIds.push(wine.id);
  }
  const wholesalers = new Map<string, Wholesaler>();
  for (const [id, group] of groups) {
    // The most used spelling names it; ties go to the first in code-point order (stable between runs).
    const [name] = [...group.names].sort(([a, n], [b, m]) => m - n || (a < b ? -1 : a > b ? 1 : 0))[0] as [
      string,
      number,
    ];
    wholesalers.set(id, { id, name, wineIds: [...new Set(group.wineIds)].sort() });
  }
  return wholesalers;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

function newRecord(wholesaler: Wholesaler, now: string): SupplierRecord {
  return {
    scope: 'suppliers',
    supplierId: wholesaler.id,
    name: wholesaler.name,
    ...demoTerms(wholesaler.id, wholesaler.name),
    wineIds: wholesaler.wineIds,
    orderImportActive: false,
    createdAt: now,
    updatedAt: now,
    version: 0,
  };
}

/** Creates suppliers, 100 to a transaction, each only if it does not exist yet. */
async function createAll(records: readonly SupplierRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += 100) {
    const chunk = records.slice(i, i + 100);
    await commitTransaction(() =>
      transaction('marketplace').write(({ supplier }) =>
        chunk.map((record) => supplier.create(record).commit()),
      ),
    );
  }
}

/** Refreshes a known supplier's name and wines, conditional on the version read. */
async function refresh(record: SupplierRecord, wholesaler: Wholesaler, now: string): Promise<void> {
  try {
    await tables('marketplace')
      .supplier.patch({ scope: 'suppliers', supplierId: record.supplierId })
      .set({
        name: wholesaler.name,
        wineIds: wholesaler.wineIds,
        updatedAt: now,
        version: record.version + 1,
      })
      .where((attr, op) => op.eq(attr.version, record.version))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
}

const REFRESH_CONCURRENCY = 8;

/**
 * Makes the suppliers match the catalogue's wholesalers. Idempotent; a write that lost a race with an
 * admin's or importer's change is redone from a fresh read.
 */
export async function syncSuppliers(): Promise<{ suppliers: number; created: number; updated: number }> {
  const wholesalers = await wholesalersOfCatalog();
  const result = await retryOnConflict(async () => {
    const known = new Map(
      (await allSupplierRecords({ consistent: true })).map((record) => [record.supplierId, record]),
    );
    const now = new Date().toISOString();
    const created: SupplierRecord[] = [];
    const changed: [SupplierRecord, Wholesaler][] = [];
    for (const wholesaler of wholesalers.values()) {
      const record = known.get(wholesaler.id);
      if (!record) created.push(newRecord(wholesaler, now));
      else if (record.name !== wholesaler.name || !sameList(record.wineIds ?? [], wholesaler.wineIds))
        changed.push([record, wholesaler]);
    }
    // Suppliers whose wholesaler left the catalogue keep their terms but offer nothing.
    for (const record of known.values()) {
      if (!wholesalers.has(record.supplierId) && (record.wineIds ?? []).length > 0)
        changed.push([record, { id: record.supplierId, name: record.name, wineIds: [] }]);
    }
    await createAll(created);
    for (let i = 0; i < changed.length; i += REFRESH_CONCURRENCY) {
      await Promise.all(
        changed
          .slice(i, i + REFRESH_CONCURRENCY)
          .map(([record, wholesaler]) => refresh(record, wholesaler, now)),
      );
    }
    return {
      suppliers: new Set([...known.keys(), ...wholesalers.keys()]).size,
      created: created.length,
      updated: changed.length,
    };
  });
  forgetSupplierList();
  return result;
}
