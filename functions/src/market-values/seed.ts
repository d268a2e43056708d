/**
 * Demo history: a year of daily values (`MARKET_VALUE_HISTORY_DAYS` days up to today) for every wine of
 * the demo accounts' cellars, from the labelled demo provider's price path, one item per wine and year.
 * The community's prices of those wines are stored too. Runs after the cellar and plan seeds.
 */
import { MARKET_VALUE_HISTORY_DAYS } from '@kork/shared';
import { DEMO_ACCOUNTS } from '../accounts/seed';
import { demoValuationProvider } from '../adapters/demo-valuation-provider';
import type { ValuationQuote } from '../adapters/valuation-provider';
import { inventoryOf } from '../cellar/kernel/wine-reads';
import type { SeedStep } from '../data/seed-step';
import { recordCommunityPrices } from './sync/community-prices';
import { type HeldWine, requestsOf, syncKeysOf } from './sync/sync-keys';
import { recordHistories } from './valuation-writes';

const DAY_MS = 86_400_000;

/** A year of demo history for every wine the given accounts hold; answers keys and items written. */
export async function seedDemoHistory(
  ownerIds: readonly string[],
  now = new Date(),
): Promise<{ keys: number; valued: number; items: number; community: number }> {
  const wines: HeldWine[] = [];
  for (const ownerId of ownerIds) {
    for (const wine of await inventoryOf(ownerId)) {
      wines.push({
        ...(wine.wineId ? { wineId: wine.wineId } : {}),
        wineName: wine.wineName,
        ...(wine.producerName ? { producerName: wine.producerName } : {}),
        vintage: wine.vintage ?? null,
        bottleSize: wine.bottleSize,
        ...(wine.vinmonopoletNumber ? { vinmonopoletNumber: wine.vinmonopoletNumber } : {}),
        externalIds: wine.externalIds,
      });
    }
  }
  const keys = await syncKeysOf(wines);
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (MARKET_VALUE_HISTORY_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const histories: ValuationQuote[][] = [];
  for (const request of await requestsOf(keys)) {
    const history = (await demoValuationProvider.history?.(request, from, to)) ?? [];
    if (history.length > 0) histories.push(history);
  }
  const items = await recordHistories(histories, now);
  const community = await recordCommunityPrices(keys, to);
  return { keys: keys.length, valued: histories.length, items, community };
}

export const marketValuesSeed: SeedStep = {
  name: 'market-values',
  version: 1,
  description: 'A year of daily demo values for every wine of the demo cellars',
  async run() {
    const started = Date.now();
    const ids = DEMO_ACCOUNTS.map((account) => `demo-${account.email.split('@')[0]}`);
    const { keys, valued, items, community } = await seedDemoHistory(ids);
    return `${valued} of ${keys} demo wine(s) given a year of demo values (${items} item(s)), ${community} community price(s), in ${Date.now() - started} ms`;
  },
};
