/**
 * A marketplace order as its supplier sees it (its link page, its inbox in Kork, its mails): the order
 * record as it is now, with the Vinmonopolet numbers of its catalogue wines and the buyer's account
 * address.
 */
import type { MarketplaceOrderInfo, OrderLine, SupplierLineAnswer, SupplierOrderView } from '@kork/shared';
import { findUserById } from '../../accounts/account-lookup';
import { getWines } from '../../catalog/wine-lookup';
import { tables } from '../../data/tables';
import {
  isClosed,
  linesOf,
  type OrderRecord,
  orderRecordOf,
  orderRecordsOf,
} from '../../orders/order-service';
import { NotFoundError } from '../../platform/errors';

/** A marketplace order's record and its marketplace info. */
export type MarketplaceRecord = OrderRecord & { marketplace: MarketplaceOrderInfo };

export function isMarketplaceRecord(record: OrderRecord): record is MarketplaceRecord {
  return record.source === 'marketplace' && typeof record.marketplace === 'object' && !!record.marketplace;
}

/** The order (strongly consistent) when it is a marketplace order of this supplier; 404 otherwise. */
export async function supplierOrderRecord(
  supplierId: string,
  ownerId: string,
  orderId: string,
): Promise<MarketplaceRecord> {
  const record = await orderRecordOf(ownerId, orderId);
  if (!isMarketplaceRecord(record) || record.marketplace.supplierId !== supplierId) throw new NotFoundError();
  return record;
}

/** A marketplace order by its key, or undefined when it is gone or is not a marketplace order. */
export async function marketplaceRecordOf(
  ownerId: string,
  orderId: string,
): Promise<MarketplaceRecord | undefined> {
  try {
    const record = await orderRecordOf(ownerId, orderId);
    return isMarketplaceRecord(record) ? record : undefined;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** The answer of a line (a line no answer names yet is waiting for all it ordered). */
export function answerOf(record: MarketplaceRecord, lineId: string, units: number): SupplierLineAnswer {
  return record.marketplace.answers?.[lineId] ?? { state: 'waiting', orderedUnits: units };
}

/**
 * The supplier's price of a line, NOK øre: as ordered (the order's lines are in the cellar's currency),
 * or the line's own cost on an order placed before prices were kept apart (then in NOK).
 */
export function supplierPriceOf(
  record: MarketplaceRecord,
  line: Pick<OrderLine, 'lineId' | 'unitCost'>,
): number {
  return record.marketplace.supplierPrices?.[line.lineId] ?? line.unitCost;
}

/** The account address of each buyer (one read per distinct buyer). */
async function buyerEmails(ownerIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ownerIds)];
  const users = await Promise.all(unique.map((id) => findUserById(id)));
  return new Map(users.flatMap((u, i) => (u ? [[unique[i] as string, u.email] as const] : [])));
}

/** Views of records, with their wines' Vinmonopolet numbers and buyers' addresses in batch reads. */
export async function viewsOf(records: readonly MarketplaceRecord[]): Promise<SupplierOrderView[]> {
  const wineIds = records.flatMap((r) => linesOf(r).flatMap((l) => (l.wineId ? [l.wineId] : [])));
  const [wines, emails] = await Promise.all([getWines(wineIds), buyerEmails(records.map((r) => r.ownerId))]);
  return records.map((record) => {
    const info = record.marketplace;
    const lines = linesOf(record).map((line) => {
      const number = line.wineId ? wines.get(line.wineId)?.vinmonopoletNumber : undefined;
      return {
        lineId: line.lineId,
        ...(line.wineId ? { wineId: line.wineId } : {}),
        wineDisplayName: line.wineDisplayName,
        ...(number ? { vinmonopoletNumber: number } : {}),
        units: line.units,
        unitCost: supplierPriceOf(record, line),
        answer: answerOf(record, line.lineId, line.units),
      };
    });
    return {
      ownerId: record.ownerId,
      orderId: record.id,
      ...(record.orderId ? { orderNumber: record.orderId } : {}),
      supplierId: info.supplierId,
      supplierName: info.supplierName,
      buyerName: info.billing?.name ?? record.createdByName,
      buyerEmail: emails.get(record.ownerId) ?? info.billing?.invoiceEmail ?? '',
      billing: info.billing,
      delivery: info.delivery,
      ...(info.note ? { note: info.note } : {}),
      placedAt: info.placedAt,
      ...(record.deliveryDate ? { deliveryDate: record.deliveryDate } : {}),
      status: record.status as SupplierOrderView['status'],
      supplierState: info.supplierState,
      lines,
      totalCost: lines.reduce((sum, line) => sum + line.units * line.unitCost, 0),
      currency: 'NOK',
      version: record.version,
      closed: isClosed(record.status),
    };
  });
}

export async function viewOf(record: MarketplaceRecord): Promise<SupplierOrderView> {
  return (await viewsOf([record]))[0] as SupplierOrderView;
}

/** A supplier's inbox entries, newest first, and the orders they name (batch reads). */
export async function inboxOf(
  supplierId: string,
  query: { state?: 'waiting' | 'answered'; page?: number; resultsPerPage?: number },
): Promise<{ rows: SupplierOrderView[]; count: number }> {
  const { data: refs } = await tables('marketplace')
    .supplierOrderRef.query.bySupplier({ supplierId })
    .go({ order: 'desc', pages: 'all' });
  const matching = query.state ? refs.filter((ref) => ref.state === query.state) : refs;
  const perPage = query.resultsPerPage ?? 50;
  const start = ((query.page ?? 1) - 1) * perPage;
  const page = matching.slice(start, start + perPage);
  const records: MarketplaceRecord[] = [];
  for (let i = 0; i < page.length; i += 100) {
    const data = await orderRecordsOf(
      page.slice(i, i + 100).map((ref) => ({ ownerId: ref.ownerId, id: ref.orderId })),
    );
    const byKey = new Map(data.map((r) => [`${r.ownerId}/${r.id}`, r]));
    for (const ref of page.slice(i, i + 100)) {
      const record = byKey.get(`${ref.ownerId}/${ref.orderId}`);
      if (record && isMarketplaceRecord(record) && record.marketplace.supplierId === supplierId)
        records.push(record);
    }
  }
  return { rows: await viewsOf(records), count: matching.length };
}
