/** How sales are kept: the record as stored and the API's Sale, and reading one. */
import type { CurrencyCode, Sale, SaleLine, SaleParty } from '@kork/shared';
import { type EntityRecord, tables } from '../data/tables';
import { NotFoundError } from '../platform/errors';

export type SaleRecord = EntityRecord<'sale'>;

export function toSale(record: SaleRecord, currency: CurrencyCode): Sale {
  return {
    id: record.id,
    date: record.date,
    customer: (record.customer as SaleParty | undefined) ?? {},
    contactPerson: (record.contactPerson as SaleParty | undefined) ?? {},
    distributor: record.distributor,
    storeForDelivery: record.storeForDelivery,
    note: record.note,
    products: record.products as SaleLine[],
    units: record.units,
    totalPrice: record.totalPrice,
    currency,
    createdBy: record.createdBy,
    createdByName: record.createdByName,
    createdAt: record.createdAt,
    ...(record.posTransactionId ? { posTransactionId: record.posTransactionId } : {}),
  };
}

/** A party with its empty fields left out. */
export function partyOf(input: SaleParty | undefined): SaleParty {
  const party: SaleParty = {};
  for (const [key, value] of Object.entries(input ?? {})) {
    if (typeof value === 'string' && value !== '') party[key as keyof SaleParty] = value;
  }
  return party;
}

/** The sale as it is now (strongly consistent), or undefined. */
export async function currentSale(ownerId: string, id: string): Promise<SaleRecord | undefined> {
  const { data } = await tables('sales').sale.get({ ownerId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** One of the owner's sales; another cellar's sale id is not found. */
export async function saleRecordOf(ownerId: string, id: string): Promise<SaleRecord> {
  const record = await currentSale(ownerId, id);
  if (!record) throw new NotFoundError();
  return record;
}

/** Every sale of the owner (a cellar records thousands a year, not millions: one query, all pages). */
export async function salesOf(ownerId: string): Promise<SaleRecord[]> {
  const { data } = await tables('sales').sale.query.byOwnerKey({ ownerId }).go({ pages: 'all' });
  return data;
}
