/**
 * The community's price of a wine (docs/market-value.md): the average of what distinct owners paid per
 * bottle without VAT for the same wine, vintage and bottle size, in NOK (other cellar currencies
 * converted with the day's exchange rates), kept only when at least `COMMUNITY_MIN_OWNERS` owners paid
 * something. An owner holding the wine twice counts once, with the average of their prices.
 */
import { COMMUNITY_MIN_OWNERS, type CurrencyCode, convertMinor } from '@kork/shared';
import { type PurchasePrice, purchasePricesOfWines } from '../../cellar/community/purchase-prices-service';
import { latestRates } from '../../cellar/currency/exchange-rate-service';
import { recordCommunityPrice } from '../valuation-writes';
import type { SyncKey } from './sync-keys';

export interface CommunityPrice {
  average: number;
  owners: number;
  currency: 'NOK';
}

type Rates = Partial<Record<CurrencyCode, number>>;

/** The community's price of one key from its wine's purchase prices, or undefined below the minimum. */
export function communityPriceOf(
  key: Pick<SyncKey, 'vintage' | 'bottleSize'>,
  prices: readonly PurchasePrice[],
  nokPerUnit: Rates,
): CommunityPrice | undefined {
  const byOwner = new Map<string, number[]>();
  for (const price of prices) {
    if (price.purchasePriceWovat === undefined) continue;
    if (price.vintage !== key.vintage || Math.abs(price.bottleSize - key.bottleSize) > 0.001) continue;
    const nok = convertMinor(price.purchasePriceWovat, price.currency, 'NOK', nokPerUnit);
    byOwner.set(price.ownerId, [...(byOwner.get(price.ownerId) ?? []), nok]);
  }
  if (byOwner.size < COMMUNITY_MIN_OWNERS) return undefined;
  const perOwner = [...byOwner.values()].map((p) => p.reduce((a, b) => a + b, 0) / p.length);
  const average = Math.round(perOwner.reduce((a, b) => a + b, 0) / perOwner.length);
  return { average, owners: byOwner.size, currency: 'NOK' };
}

/** Stores the community's price of every key of a catalogue wine that has one; answers how many. */
export async function recordCommunityPrices(keys: readonly SyncKey[], day: string): Promise<number> {
  const withWine = keys.filter((k) => k.wineId);
  if (withWine.length === 0) return 0;
  const [rates, prices] = await Promise.all([
    latestRates(),
    purchasePricesOfWines(withWine.map((k) => k.wineId as string)),
  ]);
  const found = withWine.flatMap((key) => {
    const community = communityPriceOf(
      key,
      prices.get(key.wineId as string) ?? [],
      rates.nokPerUnit as Rates,
    );
    return community ? [{ key: key.key, day, ...community }] : [];
  });
  await Promise.all(found.map((price) => recordCommunityPrice(price)));
  return found.length;
}
