/**
 * The marketplace's suppliers against DynamoDB Local: made from the demo catalogue's wholesalers by the
 * seed, kept in step by a sync that is idempotent and keeps what an admin set, and the supplier routes
 * (list, profile, a wine's suppliers, the catalogue's supplier filter) with prices and stock for
 * business accounts only.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { allWines } from '@kork/functions/catalog/catalog-store';
import { importDemoCatalog } from '@kork/functions/catalog/import-service';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import { syncSuppliers } from '@kork/functions/marketplace/suppliers';
import { isValidOrganizationNumber, supplierIdOf } from '@kork/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestAccounts } from './test-accounts';
import { startTestOrigin, type TestOrigin } from './test-stack';

let origin: TestOrigin;
const accounts = new TestAccounts(() => origin);
/** Supplier id → the catalogue's active wine ids with that wholesaler. */
const expected = new Map<string, string[]>();

beforeAll(async () => {
  origin = await startTestOrigin();
  await applySeeds([accountsSeed]);
  await importDemoCatalog();
  await applySeeds([marketplaceSeed]);
  for await (const page of allWines()) {
    for (const wine of page) {
      const name = wine.wholesaler?.trim();
      if (wine.status !== 'active' || !name) continue;
      const id = supplierIdOf(name);
      expected.set(id, [...(expected.get(id) ?? []), wine.id]);
    }
  }
  await Promise.all([
    accounts.logIn('restaurant@kork.local', 'Restaurant1'),
    accounts.logIn('private@kork.local', 'Private1234'),
  ]);
}, 120_000);

afterAll(async () => {
  await origin?.stop();
});

const records = async () =>
  (await db().entities.supplier.query.byScope({ scope: 'suppliers' }).go({ pages: 'all', consistent: true }))
    .data;

describe('syncSuppliers', () => {
  it('makes one supplier per wholesaler of the demo catalogue, with its wines and valid demo terms', async () => {
    expect(expected.size).toBe(5);
    const all = await records();
    expect(all.map((s) => s.supplierId).sort()).toEqual([...expected.keys()].sort());
    for (const supplier of all) {
      expect([...supplier.wineIds].sort()).toEqual([...(expected.get(supplier.supplierId) ?? [])].sort());
      expect(isValidOrganizationNumber(supplier.organizationNumber)).toBe(true);
      expect(supplier.organizationNumber.startsWith('9')).toBe(true);
      expect(supplier.orderEmail).toMatch(/^ordre@[a-z0-9-]+\.example$/);
      expect(supplier.deliveryDays).toHaveLength(2);
      expect(supplier.leadTimeDays).toBeGreaterThanOrEqual(1);
      expect(supplier.leadTimeDays).toBeLessThanOrEqual(3);
      expect(supplier.minimumOrderMinor % 50_000).toBe(0);
      expect(supplier.minimumOrderMinor === 0 || supplier.minimumOrderMinor >= 100_000).toBe(true);
      expect(supplier.minimumOrderMinor).toBeLessThanOrEqual(500_000);
    }
  });

  it('is idempotent and keeps what an admin set', async () => {
    const before = await records();
    const first = before[0];
    if (!first) throw new Error('no suppliers');
    await db()
      .entities.supplier.patch({ scope: 'suppliers', supplierId: first.supplierId })
      .set({ orderImportActive: true, minimumOrderMinor: 123_400, version: first.version + 1 })
      .go();
    const again = await syncSuppliers();
    expect(again).toEqual({ suppliers: 5, created: 0, updated: 0 });
    const after = await records();
    const kept = after.find((s) => s.supplierId === first.supplierId);
    expect(kept).toMatchObject({
      orderImportActive: true,
      minimumOrderMinor: 123_400,
      version: first.version + 1,
    });
    for (const supplier of after.filter((s) => s.supplierId !== first.supplierId))
      expect(supplier).toEqual(before.find((s) => s.supplierId === supplier.supplierId));
  });

  it('refreshes the wines of a supplier whose list changed, keeping its terms', async () => {
    const [first] = await records();
    if (!first) throw new Error('no suppliers');
    await db()
      .entities.supplier.patch({ scope: 'suppliers', supplierId: first.supplierId })
      .set({ wineIds: ['gone'], version: first.version + 1 })
      .go();
    expect(await syncSuppliers()).toMatchObject({ created: 0, updated: 1 });
    const [fixed] = await records();
    expect(fixed).toMatchObject({
      wineIds: first.wineIds,
      organizationNumber: first.organizationNumber,
      orderImportActive: first.orderImportActive,
      version: first.version + 2,
    });
  });
});
