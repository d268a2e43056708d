/**
 * What the sync knows of a wine: its valuation key (`valuationKeyOf`: LWIN-11 when the cellar wine
 * carries an LWIN, else the Vinmonopolet number, else the catalogue wine, with vintage and bottle size)
 * and what a provider is asked with (the catalogue's price, style, category and region).
 */
import type { MarketValueSync } from '@kork/queue-messages';
import { lwin11 } from '@kork/shared';
import type { ValuationRequest } from '../../adapters/valuation-provider';
import { getWines, type WineRecord } from '../../catalog/wine-lookup';
import { lwin7Of, valuationKeyOf } from '../cascade';

export type SyncKey = MarketValueSync['keys'][number];

/** The year the catalogue's shelf prices were listed (the bundled Vinmonopolet file is 2014's). */
export const CATALOG_PRICE_YEAR = 2014;

/** What the sync reads of a cellar wine. */
export interface HeldWine {
  wineId?: string;
  wineName: string;
  producerName?: string;
  vintage?: number | null;
  bottleSize: number;
  vinmonopoletNumber?: string;
  externalIds?: unknown;
}

/**
 * A held wine's sync key, or undefined when it has nothing to be valued by. The key is the one the
 * analytics read the wine's values by (`valuationKeyOf`, the cellar wine's own identifiers); the
 * catalogue wine adds only what the provider is asked with.
 */
export function syncKeyOf(wine: HeldWine, catalogWine?: WineRecord): SyncKey | undefined {
  const vintage = wine.vintage ?? null;
  const externalIds = Array.isArray(wine.externalIds)
    ? (wine.externalIds as { kind?: unknown; value?: unknown }[]).filter(
        (id): id is { kind: string; value: string } =>
          typeof id?.kind === 'string' && typeof id.value === 'string',
      )
    : undefined;
  const key = valuationKeyOf({
    ...(externalIds ? { externalIds } : {}),
    ...(wine.vinmonopoletNumber ? { vinmonopoletNumber: wine.vinmonopoletNumber } : {}),
    ...(wine.wineId ? { wineId: wine.wineId } : {}),
    vintage,
    bottleSize: wine.bottleSize,
  });
  if (!key) return undefined;
  const lwin7 = lwin7Of(externalIds);
  const lwin = lwin7 ? lwin11(lwin7, vintage) : undefined;
  const vinmonopoletNumber = wine.vinmonopoletNumber ?? catalogWine?.vinmonopoletNumber ?? undefined;
  return {
    key,
    ...(wine.wineId ? { wineId: wine.wineId } : {}),
    ...(lwin ? { lwin11: lwin } : {}),
    ...(vinmonopoletNumber ? { vinmonopoletNumber } : {}),
    vintage,
    bottleSize: wine.bottleSize,
    wineName: wine.wineName.slice(0, 300),
    ...(wine.producerName ? { producerName: wine.producerName.slice(0, 300) } : {}),
  };
}

/** The sync keys of many held wines, each key once (two cellars holding a wine share its key). */
export async function syncKeysOf(wines: readonly HeldWine[]): Promise<SyncKey[]> {
  const ids = [...new Set(wines.flatMap((w) => (w.wineId ? [w.wineId] : [])))];
  const catalog = await getWines(ids);
  const keys = new Map<string, SyncKey>();
  for (const wine of wines) {
    const key = syncKeyOf(wine, wine.wineId ? catalog.get(wine.wineId) : undefined);
    if (key && !keys.has(key.key)) keys.set(key.key, key);
  }
  return [...keys.values()];
}

/** The provider's request of a key, with what the catalogue knows of the wine. */
export function requestOf(key: SyncKey, catalogWine?: WineRecord): ValuationRequest {
  const hints: ValuationRequest['hints'] = {};
  if (catalogWine?.priceMinor) {
    hints.referencePrice = catalogWine.priceMinor;
    hints.referenceCurrency = (catalogWine.priceCurrency ?? 'NOK') as NonNullable<
      ValuationRequest['hints']['referenceCurrency']
    >;
    hints.referenceYear = CATALOG_PRICE_YEAR;
  }
  if (catalogWine?.mainCategoryId) hints.categoryId = catalogWine.mainCategoryId;
  if (catalogWine?.style) hints.style = catalogWine.style;
  if (catalogWine?.country) hints.country = catalogWine.country;
  if (catalogWine?.region) hints.region = catalogWine.region;
  const producerName = key.producerName ?? catalogWine?.producer ?? undefined;
  return {
    key: key.key,
    ...(key.lwin11 ? { lwin11: key.lwin11 } : {}),
    ...(key.vinmonopoletNumber ? { vinmonopoletNumber: key.vinmonopoletNumber } : {}),
    wineName: key.wineName ?? catalogWine?.name ?? key.key,
    ...(producerName ? { producerName } : {}),
    vintage: key.vintage,
    bottleSize: key.bottleSize,
    hints,
  };
}

/** The provider's requests of many keys, the catalogue read once. */
export async function requestsOf(keys: readonly SyncKey[]): Promise<ValuationRequest[]> {
  const ids = [...new Set(keys.flatMap((k) => (k.wineId ? [k.wineId] : [])))];
  const catalog = await getWines(ids);
  return keys.map((key) => requestOf(key, key.wineId ? catalog.get(key.wineId) : undefined));
}
