/** Reading a cellar's sales: one, or a filtered page with the totals of everything the filters match. */
import {
  foldText,
  type Sale,
  type SaleLine,
  type SaleParty,
  type SalesList,
  type SalesQuery,
} from '@kork/shared';
import { cellarOf } from '../cellar/cellar-service';
import { type SaleRecord, saleRecordOf, salesOf, toSale } from './sale-store';

const DEFAULT_PAGE_SIZE = 50;

export async function getSale(ownerId: string, saleId: string): Promise<Sale> {
  const [cellar, record] = await Promise.all([cellarOf(ownerId), saleRecordOf(ownerId, saleId)]);
  return toSale(record, cellar.baseCurrency);
}

const partyText = (party: unknown) => Object.values((party as SaleParty | undefined) ?? {}).join(' ');

/** What a search looks in: customer, contact person, distributor, store for delivery and wine names. */
function searchTextOf(record: SaleRecord): string {
  return foldText(
    [
      partyText(record.customer),
      partyText(record.contactPerson),
      record.distributor ?? '',
      record.storeForDelivery ?? '',
      ...(record.products as SaleLine[]).map((line) => line.wineDisplayName),
    ].join(' '),
  );
}

/** Newest first (the sale's day, then when it was recorded); totals over every match, not the page. */
export async function listSales(ownerId: string, query: SalesQuery): Promise<SalesList> {
  const [cellar, records] = await Promise.all([cellarOf(ownerId), salesOf(ownerId)]);
  const terms = foldText(query.search?.trim() ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const matches = records.filter((record) => {
    if (query.from && record.date < query.from) return false;
    if (query.to && record.date > query.to) return false;
    if (
      query.ownWineId &&
      !(record.products as SaleLine[]).some((line) => line.ownWineId === query.ownWineId)
    )
      return false;
    if (terms.length > 0) {
      const text = searchTextOf(record);
      if (!terms.every((term) => text.includes(term))) return false;
    }
    return true;
  });
  matches.sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
  const size = query.resultsPerPage ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  return {
    rows: matches.slice((page - 1) * size, page * size).map((record) => toSale(record, cellar.baseCurrency)),
    count: matches.length,
    totals: {
      sales: matches.length,
      units: matches.reduce((sum, record) => sum + record.units, 0),
      totalPrice: matches.reduce((sum, record) => sum + record.totalPrice, 0),
    },
    currency: cellar.baseCurrency,
  };
}
