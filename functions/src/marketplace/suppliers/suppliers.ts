/**
 * Suppliers and what they offer (docs/marketplace.md): the catalogue's wholesalers, their wines at a
 * HORECA price derived from the retail price unless the supplier set its own, and a stock level.
 */
import {
  convertFromNokMinor,
  foldText,
  type Supplier,
  type SupplierSummary,
  type SuppliersQuery,
  type SupplierWine,
  type SupplierWinesQuery,
  supplierIdOf,
  wineDisplayName,
} from '@kork/shared';
import { catalogDocs, compareNames } from '../../catalog/search-service';
import { getWine, getWines } from '../../catalog/wine-lookup';
import { tables } from '../../data/tables';
import { NotFoundError } from '../../platform/errors';
import type { MarketViewer } from '../viewer';
import { withOfferDuties } from './offer-duties';
import { type OfferedWine, offerTerms, ownOffers, ownOffersOfSupplier, supplierWineOf } from './offer-facts';
import {
  allSupplierRecords,
  deliveryDaysOf,
  type SupplierRecord,
  supplierRecord,
  supplierRecords,
} from './supplier-store';

/** A supplier's offer of one wine as ordered: NOK øre, stock and case size. */
export interface OfferFacts {
  supplierId: string;
  supplierName: string;
  wineId: string;
  /** The wine's name as an order line shows it (wineDisplayName). */
  wineDisplayName: string;
  horecaPriceMinor: number;
  stock: number;
  caseSize: number;
  /** The wine as the viewer sees it (prices in its currency for professionals). */
  wine: SupplierWine;
}

export interface SupplierFacts {
  id: string;
  name: string;
  organizationNumber: string;
  orderEmail: string;
  minimumOrderMinor: number;
  deliveryDays: string[];
  leadTimeDays: number;
  linkedUserId?: string;
  orderImportActive: boolean;
  version: number;
  city?: string;
  phone?: string;
  description?: string;
  /** Catalogue wines it imports. */
  wineIds?: readonly string[];
}

const SUPPLIERS_PER_PAGE = 50;
const WINES_PER_PAGE = 50;

function factsOf(record: SupplierRecord): SupplierFacts {
  return {
    id: record.supplierId,
    name: record.name,
    organizationNumber: record.organizationNumber,
    orderEmail: record.orderEmail,
    minimumOrderMinor: record.minimumOrderMinor,
    deliveryDays: deliveryDaysOf(record),
    leadTimeDays: record.leadTimeDays,
    linkedUserId: record.linkedUserId,
    orderImportActive: record.orderImportActive,
    version: record.version,
    city: record.city,
    phone: record.phone,
    description: record.description,
    wineIds: record.wineIds ?? [],
  };
}

/** The summary row of a supplier for a viewer (the cart's groups). */
export function supplierSummaryOf(supplier: SupplierFacts, viewer: MarketViewer): SupplierSummary {
  const summary: SupplierSummary = {
    id: supplier.id,
    name: supplier.name,
    city: supplier.city,
    wineCount: supplier.wineIds?.length ?? 0,
    minimumOrderMinor: supplier.minimumOrderMinor,
    minimumOrder: convertFromNokMinor(supplier.minimumOrderMinor, viewer.currency),
    currency: viewer.currency,
    deliveryDays: deliveryDaysOf(supplier),
    leadTimeDays: supplier.leadTimeDays,
    hasAccount: Boolean(supplier.linkedUserId),
  };
  if (summary.city === undefined) delete summary.city;
  return summary;
}

/** Whether every word of a search occurs in one of the texts (case, accents and ø/æ/å ignored). */
function matchesSearch(search: string | undefined, ...texts: (string | undefined)[]): boolean {
  const words = foldText(search ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(texts.filter(Boolean).join(' '));
  return words.every((word) => haystack.includes(word));
}

function pageOf<T>(rows: readonly T[], page = 1, perPage: number): T[] {
  return rows.slice((page - 1) * perPage, page * perPage);
}

/** `GET /api/suppliers`. */
export async function listSuppliers(
  query: SuppliersQuery,
  viewer: MarketViewer,
): Promise<{ rows: SupplierSummary[]; count: number }> {
  const matching = (await allSupplierRecords())
    .filter((record) => matchesSearch(query.search, record.name))
    .map((record) => supplierSummaryOf(factsOf(record), viewer));
  matching.sort((a, b) =>
    query.sort === 'wines'
      ? b.wineCount - a.wineCount || compareNames(a.name, b.name) || a.id.localeCompare(b.id)
      : compareNames(a.name, b.name) || a.id.localeCompare(b.id),
  );
  return {
    rows: pageOf(matching, query.page, query.resultsPerPage ?? SUPPLIERS_PER_PAGE),
    count: matching.length,
  };
}

/**
 * Whether a wine is the supplier's now: its wholesaler is the supplier. The supplier's `wineIds` are
 * kept by the sync after catalogue imports; a wine whose wholesaler changed since (an admin merge) is
 * offered by its new wholesaler only.
 */
function importedBy(supplierId: string, wine: { wholesaler?: string }): boolean {
  const wholesaler = wine.wholesaler?.trim();
  return Boolean(wholesaler) && supplierIdOf(wholesaler as string) === supplierId;
}

/** `GET /api/suppliers/{supplierId}`: 404 for an unknown id. */
export async function supplierProfile(
  supplierId: string,
  query: SupplierWinesQuery,
  viewer: MarketViewer,
): Promise<Supplier> {
  const record = await supplierRecord(supplierId);
  if (!record) throw new NotFoundError();
  const facts = factsOf(record);
  const [docs, own] = await Promise.all([catalogDocs(facts.wineIds ?? []), ownOffersOfSupplier(supplierId)]);
  const offered: { wine: OfferedWine; terms: NonNullable<ReturnType<typeof offerTerms>> }[] = [];
  for (const doc of docs.values()) {
    if (!importedBy(supplierId, doc)) continue;
    const wine: OfferedWine = { ...doc, vinmonopoletNumber: doc.numbers?.[0] };
    const terms = offerTerms(supplierId, wine, own.get(doc.id));
    if (terms && matchesSearch(query.search, wine.name, wine.producer)) offered.push({ wine, terms });
  }
  offered.sort(
    (a, b) =>
      compareNames(a.wine.name, b.wine.name) ||
      (a.wine.vintage ?? 0) - (b.wine.vintage ?? 0) ||
      a.wine.id.localeCompare(b.wine.id),
  );
  const page = pageOf(offered, query.page, query.resultsPerPage ?? WINES_PER_PAGE);
  const supplier: Supplier = {
    ...supplierSummaryOf(facts, viewer),
    organizationNumber: facts.organizationNumber,
    orderEmail: facts.orderEmail,
    phone: facts.phone,
    description: facts.description,
    orderImportActive: facts.orderImportActive,
    wines: await withOfferDuties(
      page.map(({ wine, terms }) => supplierWineOf(facts, wine, terms, viewer)),
      viewer,
    ),
    winesCount: offered.length,
  };
  if (supplier.phone === undefined) delete supplier.phone;
  if (supplier.description === undefined) delete supplier.description;
  return supplier;
}

/** `GET /api/wines/{id}/suppliers`: the suppliers offering a catalogue wine (404 for an unknown wine). */
export async function wineSuppliers(
  wineId: string,
  viewer: MarketViewer,
): Promise<{ rows: SupplierWine[]; count: number }> {
  const record = await getWine(wineId);
  if (record?.status !== 'active') throw new NotFoundError();
  const suppliers = (await allSupplierRecords()).filter((s) => importedBy(s.supplierId, record));
  const own = await ownOffers(suppliers.map((s) => ({ supplierId: s.supplierId, wineId })));
  const rows: SupplierWine[] = [];
  for (const supplier of suppliers) {
    const terms = offerTerms(supplier.supplierId, record, own.get(`${supplier.supplierId}/${wineId}`));
    if (terms)
      rows.push(supplierWineOf({ id: supplier.supplierId, name: supplier.name }, record, terms, viewer));
  }
  rows.sort((a, b) => compareNames(a.supplierName, b.supplierName));
  await withOfferDuties(rows, viewer);
  return { rows, count: rows.length };
}

/** Suppliers by id (strongly consistent when asked); unknown ids are absent from the map. */
export async function suppliersByIds(
  ids: readonly string[],
  options?: { consistent?: boolean },
): Promise<Map<string, SupplierFacts>> {
  const records = await supplierRecords(ids, options);
  return new Map([...records].map(([id, record]) => [id, factsOf(record)]));
}

/**
 * Offers of (supplier, wine) pairs as they are now, keyed `${supplierId}/${wineId}`. A pair whose
 * supplier does not import the wine (or an unknown supplier or wine) is absent.
 */
export async function offersOf(
  pairs: readonly { supplierId: string; wineId: string }[],
  viewer: MarketViewer,
): Promise<Map<string, OfferFacts>> {
  const [suppliers, wines, own] = await Promise.all([
    supplierRecords(pairs.map((p) => p.supplierId)),
    getWines(pairs.map((p) => p.wineId)),
    ownOffers(pairs),
  ]);
  const offers = new Map<string, OfferFacts>();
  for (const { supplierId, wineId } of pairs) {
    const supplier = suppliers.get(supplierId);
    const wine = wines.get(wineId);
    if (!supplier || wine?.status !== 'active' || !importedBy(supplierId, wine)) continue;
    const key = offerKey(supplierId, wineId);
    const terms = offerTerms(supplierId, wine, own.get(key));
    if (!terms) continue;
    offers.set(key, {
      supplierId,
      supplierName: supplier.name,
      wineId,
      wineDisplayName: wineDisplayName({
        wineName: wine.name,
        producerName: wine.producer,
        vintage: wine.vintage ?? null,
      }),
      ...terms,
      wine: supplierWineOf({ id: supplierId, name: supplier.name }, wine, terms, viewer),
    });
  }
  return offers;
}

export const offerKey = (supplierId: string, wineId: string) => `${supplierId}/${wineId}`;

/** The supplier an importer account is linked to, if any. */
export async function supplierOfUser(userId: string): Promise<SupplierFacts | undefined> {
  const { data } = await tables('marketplace')
    .supplier.query.byScope({ scope: 'suppliers' })
    .where((attr, op) => op.eq(attr.linkedUserId, userId))
    .go({ pages: 'all', consistent: true, attributes: ['supplierId'] });
  const linked = data[0];
  if (!linked) return undefined;
  const record = await supplierRecord(linked.supplierId);
  return record?.linkedUserId === userId ? factsOf(record) : undefined;
}

export { syncSuppliers } from './supplier-sync';

/** A supplier's offer of a wine with its lead time (reordering, docs/reorder.md). */
export type WineOffer = OfferFacts & { leadTimeDays: number };

/**
 * Every supplier's offer of each catalogue wine, by wine id (batch reads: the wines, their importers,
 * what those set themselves). A wine no supplier offers is absent.
 */
export async function wineOffersOf(
  wineIds: readonly string[],
  viewer: MarketViewer,
): Promise<Map<string, WineOffer[]>> {
  const wines = await getWines([...new Set(wineIds)]);
  const pairs: { supplierId: string; wineId: string }[] = [];
  for (const wine of wines.values()) {
    const wholesaler = wine.status === 'active' ? wine.wholesaler?.trim() : undefined;
    if (wholesaler) pairs.push({ supplierId: supplierIdOf(wholesaler), wineId: wine.id });
  }
  const [suppliers, own] = await Promise.all([
    supplierRecords(pairs.map((p) => p.supplierId)),
    ownOffers(pairs),
  ]);
  const found = new Map<string, WineOffer[]>();
  for (const { supplierId, wineId } of pairs) {
    const supplier = suppliers.get(supplierId);
    const wine = wines.get(wineId);
    if (!supplier || !wine) continue;
    const terms = offerTerms(supplierId, wine, own.get(offerKey(supplierId, wineId)));
    if (!terms) continue;
    const offer: WineOffer = {
      supplierId,
      supplierName: supplier.name,
      wineId,
      wineDisplayName: wineDisplayName({
        wineName: wine.name,
        producerName: wine.producer,
        vintage: wine.vintage ?? null,
      }),
      ...terms,
      leadTimeDays: supplier.leadTimeDays,
      wine: supplierWineOf({ id: supplierId, name: supplier.name }, wine, terms, viewer),
    };
    found.set(wineId, [...(found.get(wineId) ?? []), offer]);
  }
  return found;
}

/** The longest lead time any supplier gives, in days (0 with no suppliers). */
export async function longestLeadTimeDays(): Promise<number> {
  return Math.max(0, ...(await allSupplierRecords()).map((s) => s.leadTimeDays ?? 0));
}
