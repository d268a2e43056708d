/**
 * A catalogue wine as a list shows it (feed rows, a wine's vintages and related wines, an event's
 * lists): prices and availability go to registered users only.
 */
import { type CurrencyCode, convertFromNokMinor, type Locale, styleDetail, type WineRow } from '@kork/shared';
import type { Principal } from '../platform/auth';
import type { SearchDoc } from './search/types';

export interface Viewer {
  principal: Principal | undefined;
  currency: CurrencyCode;
  locale?: Locale;
}

/** The price in the viewer's currency, for registered viewers only. */
export function priceOf(doc: { priceMinor?: number }, viewer: Viewer): Pick<WineRow, 'price' | 'currency'> {
  if (!viewer.principal || doc.priceMinor === undefined) return {};
  return { price: convertFromNokMinor(doc.priceMinor, viewer.currency), currency: viewer.currency };
}

export function toRow(doc: SearchDoc, viewer: Viewer): WineRow {
  const row: WineRow = {
    id: doc.id,
    name: doc.name,
    producer: doc.producer,
    vintage: doc.vintage,
    bottleSize: doc.bottleSize,
    mainCategoryId: doc.mainCategoryId,
    style: doc.style,
    styleDetail: styleDetail(doc.mainCategoryId, doc.style),
    country: doc.country,
    region: doc.region,
    grapes: doc.grapes,
    imageUrl: doc.imageUrl,
    rating: doc.rating,
    expertRating: doc.expertRating,
    expertCount: doc.expertCount,
    communityRating: doc.communityRating,
    communityCount: doc.communityCount,
    ...priceOf(doc, viewer),
  };
  if (viewer.principal) row.isAvailable = doc.isAvailable;
  for (const key of Object.keys(row) as (keyof WineRow)[]) if (row[key] === undefined) delete row[key];
  return row;
}
