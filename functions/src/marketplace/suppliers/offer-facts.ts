/**
 * What a supplier offers of a wine (docs/marketplace.md): the HORECA price (its own, else derived from
 * the retail price), the stock (its own, else the demo figure), the case size and the availability.
 * Prices and stock go to professional viewers only; everyone sees the availability.
 */
import {
  availabilityOf,
  convertFromNokMinor,
  horecaPriceFromRetail,
  type MainCategory,
  type SupplierWine,
} from '@kork/shared';
import { type EntityRecord, tables } from '../../data/tables';
import { isProfessional, type MarketViewer } from '../viewer';
import { caseSizeOf, demoStock } from './supplier-demo';

export type SupplierOfferRecord = EntityRecord<'supplierOffer'>;

/** The catalogue fields an offer shows, from a wine record or a search document alike. */
export interface OfferedWine {
  id: string;
  name: string;
  producer?: string;
  vintage?: number | null;
  bottleSize: number;
  mainCategoryId: MainCategory;
  country?: string;
  imageUrl?: string;
  vinmonopoletNumber?: string;
  /** Retail price incl. VAT, NOK øre; absent: no price. */
  priceMinor?: number;
}

/** The price and stock of a (supplier, wine) pair as they are now; undefined: not offered. */
export function offerTerms(
  supplierId: string,
  wine: Pick<OfferedWine, 'id' | 'priceMinor' | 'bottleSize'>,
  own: Pick<SupplierOfferRecord, 'horecaPriceMinor' | 'stock'> | undefined,
): { horecaPriceMinor: number; stock: number; caseSize: number } | undefined {
  const horecaPriceMinor =
    own?.horecaPriceMinor ??
    (typeof wine.priceMinor === 'number' && wine.priceMinor > 0
      ? horecaPriceFromRetail(wine.priceMinor)
      : undefined);
  if (horecaPriceMinor === undefined) return undefined;
  return {
    horecaPriceMinor,
    stock: own?.stock ?? demoStock(supplierId, wine.id),
    caseSize: caseSizeOf(wine.bottleSize),
  };
}

/** A wine as a supplier offers it, to this viewer. */
export function supplierWineOf(
  supplier: { id: string; name: string },
  wine: OfferedWine,
  terms: { horecaPriceMinor: number; stock: number; caseSize: number },
  viewer: MarketViewer,
): SupplierWine {
  const row: SupplierWine = {
    wineId: wine.id,
    supplierId: supplier.id,
    supplierName: supplier.name,
    name: wine.name,
    producer: wine.producer,
    vintage: wine.vintage ?? null,
    bottleSize: wine.bottleSize,
    mainCategoryId: wine.mainCategoryId,
    country: wine.country,
    imageUrl: wine.imageUrl,
    vinmonopoletNumber: wine.vinmonopoletNumber,
    availability: availabilityOf(terms.stock),
    caseSize: terms.caseSize,
    currency: viewer.currency,
  };
  if (isProfessional(viewer)) {
    row.stock = terms.stock;
    row.horecaPriceMinor = terms.horecaPriceMinor;
    row.horecaPrice = convertFromNokMinor(terms.horecaPriceMinor, viewer.currency);
  }
  return row;
}

/** What suppliers set themselves for these pairs, keyed `${supplierId}/${wineId}` (batch reads). */
export async function ownOffers(
  pairs: readonly { supplierId: string; wineId: string }[],
): Promise<Map<string, SupplierOfferRecord>> {
  const found = new Map<string, SupplierOfferRecord>();
  const keys = [...new Map(pairs.map((p) => [`${p.supplierId}/${p.wineId}`, p])).values()];
  for (let i = 0; i < keys.length; i += 100) {
    const { data } = await tables('marketplace')
      .supplierOffer.get(keys.slice(i, i + 100).map(({ supplierId, wineId }) => ({ supplierId, wineId })))
      .go();
    for (const offer of data) found.set(`${offer.supplierId}/${offer.wineId}`, offer);
  }
  return found;
}

/** Everything one supplier set itself, by wine id. */
export async function ownOffersOfSupplier(supplierId: string): Promise<Map<string, SupplierOfferRecord>> {
  const { data } = await tables('marketplace')
    .supplierOffer.query.bySupplier({ supplierId })
    .go({ pages: 'all' });
  return new Map(data.map((offer) => [offer.wineId, offer]));
}
