/**
 * What owners paid for a catalogue wine, across every cellar holding it: the community's price
 * (docs/market-value.md) is made of these. Read from the sparse `byWine` index of cellar wines; the
 * seed step `cellar-by-wine` writes its keys on wines stored before the index existed.
 */
import type { CurrencyCode } from '@kork/shared';
import { putAll } from '../../data/batch-writes';
import type { SeedStep } from '../../data/seed-step';
import { type EntityRecord, tables } from '../../data/tables';

/** Index queries in flight at once. */
const QUERY_CONCURRENCY = 8;

export interface PurchasePrice {
  ownerId: string;
  vintage: number | null;
  /** Litres. */
  bottleSize: number;
  /** Minor units per bottle without VAT, in `currency` (the owner's cellar currency); absent when not set. */
  purchasePriceWovat?: number;
  currency: CurrencyCode;
}

/** Every cellar wine of `wineId`, with its owner's purchase price in the owner's cellar currency. */
export async function purchasePricesOfWine(wineId: string): Promise<PurchasePrice[]> {
  return (await purchasePricesOfWines([wineId])).get(wineId) ?? [];
}

/** The same for many catalogue wines: a few index queries at once, each owner's cellar read once. */
export async function purchasePricesOfWines(
  wineIds: readonly string[],
): Promise<Map<string, PurchasePrice[]>> {
  const unique = [...new Set(wineIds)];
  const held = new Map<string, EntityRecord<'cellarWine'>[]>();
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const wineId = unique[next++] as string;
      const { data } = await tables('cellar').cellarWine.query.byWine({ wineId }).go({ pages: 'all' });
      held.set(wineId, data);
    }
  };
  await Promise.all(Array.from({ length: Math.min(QUERY_CONCURRENCY, unique.length) }, worker));
  const owners = [...new Set([...held.values()].flat().map((wine) => wine.ownerId))];
  const currencies = new Map<string, CurrencyCode>();
  for (let i = 0; i < owners.length; i += 100) {
    const keys = owners.slice(i, i + 100).map((ownerId) => ({ ownerId }));
    const { data: cellars } = await tables('cellar').cellar.get(keys).go();
    for (const cellar of cellars) currencies.set(cellar.ownerId, cellar.baseCurrency as CurrencyCode);
  }
  const answer = new Map<string, PurchasePrice[]>();
  for (const [wineId, wines] of held) {
    answer.set(
      wineId,
      wines.map((wine) => {
        const price = (wine.own as { purchasePriceWovat?: unknown } | undefined)?.purchasePriceWovat;
        return {
          ownerId: wine.ownerId,
          vintage: wine.vintage ?? null,
          bottleSize: wine.bottleSize,
          ...(typeof price === 'number' && price > 0 ? { purchasePriceWovat: price } : {}),
          currency: currencies.get(wine.ownerId) ?? 'NOK',
        };
      }),
    );
  }
  return answer;
}

/** Writes the `byWine` keys on cellar wines stored before the index: each wine with a `wineId` put again. */
export const cellarByWineSeed: SeedStep = {
  name: 'cellar-by-wine',
  version: 1,
  description: 'Indexes every cellar wine by its catalogue wine (the community price of market value)',
  async run() {
    const { data } = await tables('cellar').cellarWine.scan.go({ pages: 'all' });
    const withWine = data.filter((wine) => typeof wine.wineId === 'string' && wine.wineId !== '');
    await putAll(tables('cellar').cellarWine, withWine, 'cellar wines');
    return `${withWine.length} cellar wine(s) indexed by catalogue wine`;
  },
};
