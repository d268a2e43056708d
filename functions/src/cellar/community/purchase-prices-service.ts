/**
 * What owners paid for a catalogue wine, across every cellar holding it: the community's price
 * (docs/market-value.md) is made of these. Read from the sparse `byWine` index of cellar wines; the
 * seed step `cellar-by-wine` writes its keys on wines stored before the index existed.
 */
import type { CurrencyCode } from '@kork/shared';
import { putAll } from '../../data/batch-writes';
import type { SeedStep } from '../../data/seed-step';
import { tables } from '../../data/tables';

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
  const { data } = await tables('cellar').cellarWine.query.byWine({ wineId }).go({ pages: 'all' });
  const owners = [...new Set(data.map((wine) => wine.ownerId))];
  const currencies = new Map<string, CurrencyCode>();
  for (let i = 0; i < owners.length; i += 100) {
    const keys = owners.slice(i, i + 100).map((ownerId) => ({ ownerId }));
    const { data: cellars } = await tables('cellar').cellar.get(keys).go();
    for (const cellar of cellars) currencies.set(cellar.ownerId, cellar.baseCurrency as CurrencyCode);
  }
  return data.map((wine) => {
    const price = (wine.own as { purchasePriceWovat?: unknown } | undefined)?.purchasePriceWovat;
    return {
      ownerId: wine.ownerId,
      vintage: wine.vintage ?? null,
      bottleSize: wine.bottleSize,
      ...(typeof price === 'number' && price > 0 ? { purchasePriceWovat: price } : {}),
      currency: currencies.get(wine.ownerId) ?? 'NOK',
    };
  });
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
