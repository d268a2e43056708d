/**
 * Adding wines to a cellar (SPEC §1 cellar management), from the catalogue or as custom wines, one or
 * a bulk. Every wine is written with its history entry (cellar-wine-store.ts).
 */
import type { CellarWine, MainCategory, ParsedCellarWineInput } from '@kork/shared';
import { ulid } from 'ulid';
import { getWines } from '../catalog/catalog-store';
import { retryOnConflict } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ValidationError } from '../platform/errors';
import { categoryIdsOf } from './category-service';
import { cellarOf } from './cellar-service';
import { isKnownLocation, locationKey, ownFieldsOf } from './cellar-wine-fields';
import {
  actorOf,
  type CellarWineRecord,
  historyRecord,
  placementMap,
  toCellarWine,
  writeChanges,
} from './cellar-wine-store';
import { locationIdsOf } from './location-store';

/**
 * Records for new wines. Catalogue wines are read in batches and copied (identity, window, rating), so
 * the cellar keeps them whatever happens to the catalogue later.
 */
async function newRecords(
  ownerId: string,
  inputs: readonly ParsedCellarWineInput[],
  path: (index: number) => string,
): Promise<CellarWineRecord[]> {
  const cellar = await cellarOf(ownerId);
  const locationIds = await locationIdsOf(ownerId);
  const categoryIds = inputs.some((input) => input.wineListCategoryId)
    ? await categoryIdsOf(ownerId)
    : new Set<string>();
  const catalogIds = inputs.flatMap((input) => (input.source === 'CUSTOM' ? [] : [input.wineId]));
  const catalog = catalogIds.length > 0 ? await getWines(catalogIds) : new Map();
  const now = new Date().toISOString();
  const fields: Record<string, string> = {};
  const records = inputs.map((input, index) => {
    if (!isKnownLocation(locationIds, input.locationId))
      fields[`${path(index)}locationId`] = 'unknownLocation';
    if (input.wineListCategoryId && !categoryIds.has(input.wineListCategoryId)) {
      fields[`${path(index)}wineListCategoryId`] = 'unknownCategory';
    }
    const base = {
      ownerId,
      id: ulid(),
      cellarId: cellar.id,
      quantity: input.quantity,
      placements: placementMap([{ locationId: locationKey(input.locationId), quantity: input.quantity }]),
      createdAt: now,
      updatedAt: now,
    };
    if (input.source === 'CUSTOM') {
      const style = input.mainCategoryId ?? 'red';
      return {
        ...base,
        source: 'CUSTOM',
        wineName: input.wineName,
        producerName: input.producerName?.trim() || undefined,
        vintage: input.vintage ?? undefined,
        bottleSize: input.bottleSize,
        mainCategoryId: style,
        country: input.country?.trim() || undefined,
        region: input.region?.trim() || undefined,
        grapes: input.grapes ?? [],
        own: ownFieldsOf(input, {}, cellar.vats[style]),
      } as CellarWineRecord;
    }
    const wine = catalog.get(input.wineId);
    if (wine?.status !== 'active') {
      fields[`${path(index)}wineId`] = 'wineNotInCatalog';
      return undefined as unknown as CellarWineRecord;
    }
    const style = wine.mainCategoryId as MainCategory;
    const rating = wine.expertCount
      ? (wine.expertSum ?? 0) / wine.expertCount
      : wine.communityCount
        ? (wine.communitySum ?? 0) / wine.communityCount
        : undefined;
    return {
      ...base,
      source: 'KORK',
      wineId: wine.id,
      wineName: wine.name,
      producerName: wine.producer,
      vintage: wine.vintage ?? undefined,
      bottleSize: wine.bottleSize,
      mainCategoryId: style,
      country: wine.country,
      region: wine.region,
      grapes: wine.grapes ?? [],
      imageUrl: wine.imageUrl,
      vinmonopoletNumber: wine.vinmonopoletNumber,
      suggestedDrinkingWindowFrom: wine.suggestedDrinkingWindowFrom,
      suggestedDrinkingWindowTo: wine.suggestedDrinkingWindowTo,
      catalogRating: rating === undefined ? undefined : Math.round(rating),
      own: ownFieldsOf(input, {}, cellar.vats[style]),
    } as CellarWineRecord;
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return records;
}

/**
 * Adds wines (one or a bulk of up to 500); each is written with its ADDED history entry, in as many
 * transactions as they need and all or nothing (writeChanges takes back what was written when one
 * fails). A location or category deleted meanwhile is read again: the answer is then 400.
 */
export async function createOwnWines(
  ownerId: string,
  inputs: readonly ParsedCellarWineInput[],
  principal: Principal,
  options: { bulk: boolean },
): Promise<CellarWine[]> {
  const [actor, cellar] = await Promise.all([actorOf(principal), cellarOf(ownerId)]);
  const records = await retryOnConflict(async () => {
    const records = await newRecords(ownerId, inputs, (index) => (options.bulk ? `ownWines.${index}.` : ''));
    await writeChanges(
      records.map((after) => ({ after, history: historyRecord(after, 'ADDED', null, after, actor) })),
    );
    return records;
  });
  return records.map((record) => toCellarWine(record, cellar.baseCurrency));
}
