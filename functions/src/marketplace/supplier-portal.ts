/** An importer account's own marketplace (docs/marketplace.md): its supplier, orders and price list. */
import type {
  Order,
  OrderImportInput,
  PriceListImportReport,
  PriceListUpdate,
  SupplierPortal,
  SupplierWine,
} from '@kork/shared';
import type { Principal } from '../platform/auth';
import type { MarketViewer } from './viewer';

export async function supplierPortal(
  _viewer: MarketViewer & { principal: Principal },
): Promise<SupplierPortal> {
  throw new Error('supplierPortal');
}

export async function priceList(
  _viewer: MarketViewer & { principal: Principal },
  _query: { search?: string; page?: number; resultsPerPage?: number },
): Promise<{ rows: SupplierWine[]; count: number }> {
  throw new Error('priceList');
}

export async function updatePriceList(
  _principal: Principal,
  _update: PriceListUpdate,
): Promise<{ updated: number }> {
  throw new Error('updatePriceList');
}

export async function importPriceList(_principal: Principal, _csv: string): Promise<PriceListImportReport> {
  throw new Error('importPriceList');
}

export async function importSupplierOrder(_principal: Principal, _input: OrderImportInput): Promise<Order> {
  throw new Error('importSupplierOrder');
}

/** The supplier the signed-in importer account is linked to; 403 notASupplierAccount otherwise. */
export async function portalSupplier(_principal: Principal): Promise<{ id: string; name: string }> {
  throw new Error('portalSupplier');
}
