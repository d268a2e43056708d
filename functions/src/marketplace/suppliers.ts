/**
 * Suppliers and what they offer (docs/marketplace.md): the catalogue's wholesalers, their wines at a
 * HORECA price derived from the retail price unless the supplier set its own, and a stock level.
 */
import type {
  Supplier,
  SupplierSummary,
  SuppliersQuery,
  SupplierWine,
  SupplierWinesQuery,
} from '@kork/shared';
import type { MarketViewer } from './viewer';

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
}

/** `GET /api/suppliers`. */
export async function listSuppliers(
  _query: SuppliersQuery,
  _viewer: MarketViewer,
): Promise<{ rows: SupplierSummary[]; count: number }> {
  throw new Error('listSuppliers');
}

/** `GET /api/suppliers/{supplierId}`: 404 for an unknown id. */
export async function supplierProfile(
  _supplierId: string,
  _query: SupplierWinesQuery,
  _viewer: MarketViewer,
): Promise<Supplier> {
  throw new Error('supplierProfile');
}

/** `GET /api/wines/{id}/suppliers`: the suppliers offering a catalogue wine (404 for an unknown wine). */
export async function wineSuppliers(
  _wineId: string,
  _viewer: MarketViewer,
): Promise<{ rows: SupplierWine[]; count: number }> {
  throw new Error('wineSuppliers');
}

/** Suppliers by id (strongly consistent when asked); unknown ids are absent from the map. */
export async function suppliersByIds(
  _ids: readonly string[],
  _options?: { consistent?: boolean },
): Promise<Map<string, SupplierFacts>> {
  throw new Error('suppliersByIds');
}

/** The summary row of a supplier for a viewer (the cart's groups). */
export function supplierSummaryOf(_supplier: SupplierFacts, _viewer: MarketViewer): SupplierSummary {
  throw new Error('supplierSummaryOf');
}

/**
 * Offers of (supplier, wine) pairs as they are now, keyed `${supplierId}/${wineId}`. A pair whose
 * supplier does not import the wine (or an unknown supplier or wine) is absent.
 */
export async function offersOf(
  _pairs: readonly { supplierId: string; wineId: string }[],
  _viewer: MarketViewer,
): Promise<Map<string, OfferFacts>> {
  throw new Error('offersOf');
}

export const offerKey = (supplierId: string, wineId: string) => `${supplierId}/${wineId}`;

/** The supplier an importer account is linked to, if any. */
export async function supplierOfUser(_userId: string): Promise<SupplierFacts | undefined> {
  throw new Error('supplierOfUser');
}

export { syncSuppliers } from './supplier-sync';
