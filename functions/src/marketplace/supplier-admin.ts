/** Admin: link an importer account to its supplier, and activate order import (SPEC §6). */
import type { Supplier } from '@kork/shared';
import type { Principal } from '../platform/auth';
import type { MarketViewer } from './viewer';

export async function linkSupplierAccount(
  _supplierId: string,
  _email: string,
  _viewer: MarketViewer & { principal: Principal },
): Promise<Supplier> {
  throw new Error('linkSupplierAccount');
}

export async function unlinkSupplierAccount(
  _supplierId: string,
  _viewer: MarketViewer & { principal: Principal },
): Promise<Supplier> {
  throw new Error('unlinkSupplierAccount');
}

export async function updateSupplier(
  _supplierId: string,
  _patch: { orderImportActive: boolean },
  _viewer: MarketViewer & { principal: Principal },
): Promise<Supplier> {
  throw new Error('updateSupplier');
}
