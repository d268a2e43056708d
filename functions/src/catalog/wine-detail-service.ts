/**
 * One catalogue wine: its page (`GET /api/wines/{id}`, with the same wine's other vintages and related
 * wines) and the embed card. Prices and availability go to registered users only.
 */
import {
  type CurrencyCode,
  convertFromNokMinor,
  type EmbeddedWine,
  foldText,
  styleDetail,
  type WineDetail,
} from '@kork/shared';
import { NotFoundError } from '../platform/errors';
import { catalogIndex } from './catalog-index-cache';
import { getWine, ratingsOf, toWine } from './catalog-store';
import type { CatalogIndex } from './search/catalog-index';
import type { SearchDoc } from './search/types';
import { priceOf, toRow, type Viewer } from './wine-rows';

/** The same wine in other vintages: same producer and name. */
function otherVintages(index: CatalogIndex, doc: SearchDoc): SearchDoc[] {
  const name = foldText(doc.name);
  const producer = foldText(doc.producer ?? '');
  const found: SearchDoc[] = [];
  for (const other of index.docs()) {
    if (other.id !== doc.id && foldText(other.name) === name && foldText(other.producer ?? '') === producer)
      found.push(other);
  }
  return found.sort((a, b) => (b.vintage ?? 0) - (a.vintage ?? 0)).slice(0, 12);
}

/** Wines that share the producer, the region or a grape, the closest and best rated first. */
function relatedWines(index: CatalogIndex, doc: SearchDoc, exclude: Set<string>): SearchDoc[] {
  const grapes = new Set(doc.grapes.map(foldText));
  const scored: { doc: SearchDoc; score: number }[] = [];
  for (const other of index.docs()) {
    if (exclude.has(other.id) || other.mainCategoryId !== doc.mainCategoryId) continue;
    let score = 0;
    if (doc.producer && other.producer === doc.producer) score += 3;
    if (doc.region && other.region === doc.region && other.country === doc.country) score += 2;
    if (other.grapes.some((g) => grapes.has(foldText(g)))) score += 1;
    if (score > 0) scored.push({ doc: other, score });
  }
  return scored
    .sort(
      (a, b) =>
        b.score - a.score || (b.doc.rating ?? 0) - (a.doc.rating ?? 0) || a.doc.id.localeCompare(b.doc.id),
    )
    .slice(0, 8)
    .map((s) => s.doc);
}

/** `GET /api/wines/{id}`. A merged wine answers with `mergedInto` so the client can follow it. */
export async function wineDetail(id: string, viewer: Viewer): Promise<WineDetail> {
  const record = await getWine(id);
  if (!record || record.status === 'deleted') throw new NotFoundError();
  const { priceMinor, priceCurrency: _currency, isAvailable, ...wine } = toWine(record);
  const detail: WineDetail = {
    ...wine,
    ...ratingsOf(record),
    styleDetail: styleDetail(wine.mainCategoryId, wine.style),
    ...priceOf({ priceMinor }, viewer),
    vintages: [],
    related: [],
  };
  if (viewer.principal) detail.isAvailable = isAvailable;
  // Availability, to restaurants included, is for registered users.
  else delete (detail as Partial<WineDetail>).isHorecaAvailable;
  if (record.status === 'merged') {
    detail.mergedInto = record.mergedInto;
    return detail;
  }
  const { index } = await catalogIndex();
  const doc = index.get(id);
  if (doc) {
    const vintages = otherVintages(index, doc);
    const exclude = new Set([id, ...vintages.map((v) => v.id)]);
    detail.vintages = vintages.map((v) => toRow(v, viewer));
    detail.related = relatedWines(index, doc, exclude).map((r) => toRow(r, viewer));
  }
  return detail;
}

/** `GET /api/embed/wines/{id}`: the embedding page chose whether price and rating show. */
export async function embeddedWine(
  id: string,
  options: { showPrice?: boolean; showRating?: boolean },
  currency: CurrencyCode,
): Promise<EmbeddedWine> {
  const record = await getWine(id);
  if (record?.status !== 'active') throw new NotFoundError();
  const embedded: EmbeddedWine = {
    id: record.id,
    name: record.name,
    producer: record.producer,
    vintage: record.vintage ?? null,
    imageUrl: record.imageUrl,
    mainCategoryId: record.mainCategoryId,
    country: record.country,
    region: record.region,
  };
  if (options.showRating) {
    const ratings = ratingsOf(record);
    embedded.rating = ratings.rating;
    embedded.expertRating = ratings.expertRating;
  }
  if (options.showPrice && record.priceMinor !== undefined) {
    embedded.price = convertFromNokMinor(record.priceMinor, currency);
    embedded.currency = currency;
  }
  return embedded;
}
