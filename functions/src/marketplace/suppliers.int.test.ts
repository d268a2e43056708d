/**
 * The marketplace's suppliers against DynamoDB Local: made from the demo catalogue's wholesalers by the
 * seed, kept in step by a sync that is idempotent and keeps what an admin set, and the supplier routes
 * (list, profile, a wine's suppliers, the catalogue's supplier filter) with prices and stock for
 * business accounts only.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { allWines, getWines } from '@kork/functions/catalog/catalog-store';
import { loadDemoCatalog } from '@kork/functions/catalog/load-service';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { dutiesToday, dutyRateRows } from '@kork/functions/duties/duties-service';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import type { SupplierRecord } from '@kork/functions/marketplace/suppliers/supplier-store';
import {
  offerKey,
  offersOf,
  supplierOfUser,
  suppliersByIds,
  syncSuppliers,
} from '@kork/functions/marketplace/suppliers/suppliers';
import {
  availabilityOf,
  bottleDuties,
  containerFromPackaging,
  convertFromNokMinor,
  dutiesTotal,
  horecaPriceFromRetail,
  isValidOrganizationNumber,
  type Supplier,
  type SupplierSummary,
  type SupplierWine,
  supplierIdOf,
  type WineSearchResult,
} from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant', 'private'],
  timeout: 120_000,
});
/** Supplier id → the catalogue's active wine ids with that wholesaler. */
const expected = new Map<string, string[]>();

beforeAll(async () => {
  await loadDemoCatalog();
  await applySeeds([marketplaceSeed]);
  for await (const page of allWines()) {
    for (const wine of page) {
      const name = wine.wholesaler?.trim();
      if (wine.status !== 'active' || !name) continue;
      const id = supplierIdOf(name);
      expected.set(id, [...(expected.get(id) ?? []), wine.id]);
    }
  }
}, 120_000);

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

type List<T> = { rows: T[]; count: number };
const ALL_WINES = 'isRatedByExpert=false&isAvailable=false&isHorecaAvailable=false&resultsPerPage=100';
const business = () => ({ token: accounts.tokens.restaurant });
const privateUser = () => ({ token: accounts.tokens.private });

/** The supplier with the most wines, and one of its priced wines. */
async function biggest(): Promise<{ id: string; wineIds: string[] }> {
  const [id, wineIds] = [...expected].sort((a, b) => b[1].length - a[1].length)[0] as [string, string[]];
  return { id, wineIds };
}

describe('GET /api/suppliers', () => {
  it('lists every supplier by name, searchable without case or accents, sortable by wines, paged', async () => {
    const linked = new Map((await records()).map((s) => [s.supplierId, s.linkedUserId]));
    const all = await origin.api<List<SupplierSummary>>('GET', '/api/suppliers');
    expect(all.status).toBe(200);
    expect(all.payload.count).toBe(5);
    const names = all.payload.rows.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nb')));
    for (const row of all.payload.rows) {
      expect(row.wineCount).toBe(expected.get(row.id)?.length);
      expect(row.minimumOrder).toBe(convertFromNokMinor(row.minimumOrderMinor, row.currency));
      expect(row.hasAccount).toBe(Boolean(linked.get(row.id)));
    }

    const found = await origin.api<List<SupplierSummary>>('GET', '/api/suppliers?search=FJØRD%20vinhándel');
    expect(found.payload.rows.map((row) => row.id)).toEqual(['sup-fjord-vinhandel-as']);

    const byWines = await origin.api<List<SupplierSummary>>('GET', '/api/suppliers?sort=wines');
    const counts = byWines.payload.rows.map((row) => row.wineCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const page = await origin.api<List<SupplierSummary>>('GET', '/api/suppliers?resultsPerPage=2&page=3');
    expect(page.payload).toMatchObject({ count: 5 });
    expect(page.payload.rows).toHaveLength(1);
    expect(page.payload.rows[0]?.id).toBe(all.payload.rows[4]?.id);

    const bad = await origin.api('GET', '/api/suppliers?sort=price');
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/suppliers/{supplierId}', () => {
  it('shows the terms and a page of priced wines, prices and stock for business accounts only', async () => {
    const { id, wineIds } = await biggest();
    const visitor = await origin.api<Supplier>('GET', `/api/suppliers/${id}?resultsPerPage=200`);
    expect(visitor.status).toBe(200);
    const record = (await records()).find((s) => s.supplierId === id) as SupplierRecord;
    expect(visitor.payload).toMatchObject({
      id,
      name: record.name,
      organizationNumber: record.organizationNumber,
      orderEmail: record.orderEmail,
      minimumOrderMinor: record.minimumOrderMinor,
      deliveryDays: record.deliveryDays,
      leadTimeDays: record.leadTimeDays,
      hasAccount: Boolean(record.linkedUserId),
      orderImportActive: record.orderImportActive,
    });
    expect(visitor.payload.winesCount).toBeGreaterThan(0);
    expect(visitor.payload.winesCount).toBeLessThanOrEqual(wineIds.length);
    expect(visitor.payload.wines).toHaveLength(visitor.payload.winesCount);
    const names = visitor.payload.wines.map((wine) => wine.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nb')));
    for (const wine of visitor.payload.wines) {
      expect(wineIds).toContain(wine.wineId);
      expect(['inStock', 'lowStock', 'outOfStock']).toContain(wine.availability);
      expect(wine.horecaPrice).toBeUndefined();
      expect(wine.horecaPriceMinor).toBeUndefined();
      expect(wine.stock).toBeUndefined();
    }
    const asPrivate = await origin.api<Supplier>('GET', `/api/suppliers/${id}`, privateUser());
    expect(asPrivate.payload.wines[0]?.horecaPrice).toBeUndefined();

    const asBusiness = await origin.api<Supplier>(
      'GET',
      `/api/suppliers/${id}?resultsPerPage=200`,
      business(),
    );
    const wines = await getWines(wineIds);
    for (const wine of asBusiness.payload.wines) {
      const retail = wines.get(wine.wineId)?.priceMinor as number;
      expect(wine.horecaPriceMinor).toBe(horecaPriceFromRetail(retail));
      expect(wine.horecaPrice).toBe(convertFromNokMinor(wine.horecaPriceMinor as number, wine.currency));
      expect(wine.availability).toBe(availabilityOf(wine.stock as number));
      expect([1, 6, 12]).toContain(wine.caseSize);
    }
    // The same figures every time.
    const again = await origin.api<Supplier>('GET', `/api/suppliers/${id}?resultsPerPage=200`, business());
    expect(again.payload.wines).toEqual(asBusiness.payload.wines);

    const first = asBusiness.payload.wines[0] as SupplierWine;
    const search = await origin.api<Supplier>(
      'GET',
      `/api/suppliers/${id}?search=${encodeURIComponent(first.name.toUpperCase())}`,
    );
    expect(search.payload.wines.map((wine) => wine.wineId)).toContain(first.wineId);
    expect(search.payload.winesCount).toBeLessThan(asBusiness.payload.winesCount);

    const paged = await origin.api<Supplier>('GET', `/api/suppliers/${id}?resultsPerPage=1&page=2`);
    expect(paged.payload.wines.map((wine) => wine.wineId)).toEqual([visitor.payload.wines[1]?.wineId]);
  });

  it("takes the supplier's own price and stock over the derived ones", async () => {
    const { id } = await biggest();
    const before = await origin.api<Supplier>('GET', `/api/suppliers/${id}`, business());
    const wine = before.payload.wines[0] as SupplierWine;
    await db()
      .entities.supplierOffer.put({
        supplierId: id,
        wineId: wine.wineId,
        horecaPriceMinor: 12_345,
        stock: 0,
        updatedAt: new Date().toISOString(),
      })
      .go();
    const after = await origin.api<Supplier>('GET', `/api/suppliers/${id}`, business());
    expect(after.payload.wines.find((w) => w.wineId === wine.wineId)).toMatchObject({
      horecaPriceMinor: 12_345,
      horecaPrice: convertFromNokMinor(12_345, wine.currency),
      stock: 0,
      availability: 'outOfStock',
    });
    const offers = await offersOf([{ supplierId: id, wineId: wine.wineId }], {
      principal: undefined,
      currency: 'NOK',
    });
    expect(offers.get(offerKey(id, wine.wineId))).toMatchObject({ horecaPriceMinor: 12_345, stock: 0 });
    await db().entities.supplierOffer.delete({ supplierId: id, wineId: wine.wineId }).go();
  });

  it('carries the duties line of each offer to business accounts, and says so where the alcohol is unknown', async () => {
    const { id, wineIds } = await biggest();
    const [asBusiness, wines, rows] = await Promise.all([
      origin.api<Supplier>('GET', `/api/suppliers/${id}?resultsPerPage=20`, business()),
      getWines(wineIds),
      dutyRateRows(),
    ]);
    expect(asBusiness.payload.wines.length).toBeGreaterThan(1);
    for (const offer of asBusiness.payload.wines) {
      const wine = wines.get(offer.wineId);
      const expected = bottleDuties(
        {
          bottleSize: offer.bottleSize,
          alcohol: wine?.alcohol,
          category: wine?.mainCategoryId ?? 'red',
          container: containerFromPackaging(wine?.packaging),
          date: dutiesToday(),
        },
        rows,
      );
      if (!expected.ok) throw new Error(`no duties for ${offer.wineId}`);
      const totalMinor = dutiesTotal(expected.duties);
      expect(offer.duties).toEqual({
        known: true,
        totalMinor,
        total: convertFromNokMinor(totalMinor, offer.currency),
        ratesAsOf: expected.duties.ratesAsOf,
        stale: expected.duties.stale,
      });
      // The duties are part of the HORECA price, never more than it.
      expect(totalMinor).toBeGreaterThan(0);
      expect(totalMinor).toBeLessThan(offer.horecaPriceMinor as number);
    }
    const visitor = await origin.api<Supplier>('GET', `/api/suppliers/${id}?resultsPerPage=20`);
    expect(visitor.payload.wines.every((offer) => offer.duties === undefined)).toBe(true);

    const first = asBusiness.payload.wines[0] as SupplierWine;
    const alcohol = wines.get(first.wineId)?.alcohol;
    await db().entities.wine.patch({ id: first.wineId }).remove(['alcohol']).go();
    try {
      const after = await origin.api<Supplier>('GET', `/api/suppliers/${id}?resultsPerPage=20`, business());
      expect(after.payload.wines.find((offer) => offer.wineId === first.wineId)?.duties).toEqual({
        known: false,
        missing: 'alcohol',
      });
      const offers = await origin.api<{ rows: SupplierWine[] }>(
        'GET',
        `/api/wines/${first.wineId}/suppliers`,
        business(),
      );
      expect(offers.payload.rows[0]?.duties).toEqual({ known: false, missing: 'alcohol' });
    } finally {
      if (alcohol !== undefined) await db().entities.wine.patch({ id: first.wineId }).set({ alcohol }).go();
    }
  });

  it('answers 404 for an unknown supplier', async () => {
    const unknown = await origin.api('GET', '/api/suppliers/sup-nobody');
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/wines/{id}/suppliers', () => {
  it("lists the wine's supplier, and nothing for a wine without a wholesaler; 404 for an unknown wine", async () => {
    const { id, wineIds } = await biggest();
    const wines = await getWines(wineIds);
    const priced = wineIds.find((wineId) => wines.get(wineId)?.priceMinor) as string;
    const visitor = await origin.api<List<SupplierWine>>('GET', `/api/wines/${priced}/suppliers`);
    expect(visitor.status).toBe(200);
    expect(visitor.payload.rows.map((row) => row.supplierId)).toEqual([id]);
    expect(visitor.payload.rows[0]?.horecaPrice).toBeUndefined();
    const asBusiness = await origin.api<List<SupplierWine>>(
      'GET',
      `/api/wines/${priced}/suppliers`,
      business(),
    );
    expect(asBusiness.payload.rows[0]?.horecaPriceMinor).toBe(
      horecaPriceFromRetail(wines.get(priced)?.priceMinor as number),
    );

    let loose: string | undefined;
    for await (const page of allWines()) loose ??= page.find((wine) => !wine.wholesaler)?.id;
    const none = await origin.api<List<SupplierWine>>('GET', `/api/wines/${loose}/suppliers`);
    expect(none.payload).toEqual({ rows: [], count: 0 });

    const unknown = await origin.api('GET', '/api/wines/no-such-wine/suppliers');
    expect(unknown.status).toBe(404);
  });
});

describe('offers and suppliers for the other marketplace services', () => {
  it('offers only wines a supplier imports, and finds the supplier an importer account is linked to', async () => {
    const [first, second] = [...expected.keys()].sort() as [string, string];
    const foreignWine = expected.get(second)?.[0] as string;
    const offers = await offersOf([{ supplierId: first, wineId: foreignWine }], {
      principal: undefined,
      currency: 'NOK',
    });
    expect(offers.size).toBe(0);
    const unknown = await suppliersByIds(['sup-nobody', first], { consistent: true });
    expect([...unknown.keys()]).toEqual([first]);

    expect(await supplierOfUser('user-importer')).toBeUndefined();
    const record = (await records()).find((s) => s.supplierId === first) as SupplierRecord;
    await db()
      .entities.supplier.patch({ scope: 'suppliers', supplierId: first })
      .set({ linkedUserId: 'user-importer', version: record.version + 1 })
      .go();
    expect((await supplierOfUser('user-importer'))?.id).toBe(first);
    const listed = await origin.api<Supplier>('GET', `/api/suppliers/${first}`);
    expect(listed.payload.hasAccount).toBe(true);
  });
});

describe('the wine search by supplier', () => {
  it('filters and counts by supplier for business accounts, and ignores the filter for others', async () => {
    const { id, wineIds } = await biggest();
    const filtered = await origin.api<WineSearchResult>(
      'GET',
      `/api/wines?${ALL_WINES}&nbsSuppliers=${id}`,
      business(),
    );
    expect(filtered.status).toBe(200);
    expect(filtered.payload.count).toBe(wineIds.length);
    const facet = filtered.payload.facets.nbsSuppliers;
    expect(facet.find((value) => value.id === id)?.count).toBe(wineIds.length);
    expect(facet.map((value) => value.id).sort()).toEqual([...expected.keys()].sort());

    const everything = await origin.api<WineSearchResult>('GET', `/api/wines?${ALL_WINES}`, privateUser());
    const ignored = await origin.api<WineSearchResult>(
      'GET',
      `/api/wines?${ALL_WINES}&nbsSuppliers=${id}`,
      privateUser(),
    );
    expect(ignored.payload.count).toBe(everything.payload.count);
    expect(ignored.payload.count).toBeGreaterThan(wineIds.length);
    expect(ignored.payload.facets.nbsSuppliers).toEqual([]);
    const visitor = await origin.api<WineSearchResult>('GET', `/api/wines?${ALL_WINES}&nbsSuppliers=${id}`);
    expect(visitor.payload.count).toBe(everything.payload.count);
    expect(visitor.payload.facets.nbsSuppliers).toEqual([]);
  });
});
