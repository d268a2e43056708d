/**
 * The demo restaurant's year of trade: a year of sales (busier in summer and December, and on Fridays
 * and Saturdays; some poured by the glass; customers and contacts on some, catering deliveries on a
 * few), twenty orders in every status and of every type, and three finished stock counts with small
 * differences, all consistent with the cellar's history.
 *
 * The cellar's seed made the wines and their history at seed time. This step replaces that history
 * with the year it simulates: each wine is ADDED a year ago, and from then on its bottles on its
 * fullest location move with every sale (SOLD), delivery (RECEIVED) and count (COUNTED) on the day it
 * happened, each entry with a ULID of its moment, so the history reads in time order and, summed from
 * zero, gives the wine's quantity. Other placements stay as they are. Wines the cellar seed left at 0
 * sell out during the year. The final stock is written back to the wines and the cellar's version
 * raised.
 *
 * Everything is written with batch writes (25 items a call, several calls at once), not a transaction
 * per sale; a seeded random generator makes the same year every time (relative to the day it runs).
 */
import { actorOf } from '../accounts/account-lookup';
import { cellarOf } from '../cellar/cellar-service';
import { putDemoHistory, putDemoWines, removeDemoHistory } from '../cellar/demo-year-writes';
import { bumpCellarVersion } from '../cellar/kernel/cellar-version';
import { locationsOf } from '../cellar/kernel/locations';
import { inventoryOf } from '../cellar/kernel/wine-reads';
import type { SeedStep } from '../data/seed-step';
import { putDemoOrders } from '../orders/demo-year-writes';
import { hasSales, putDemoSales } from '../sales/demo-year-writes';
import { rebuildRollups } from '../sales/sale-rollup-rebuild';
import { putDemoCounts } from '../stock-counts/demo-year-writes';
import { generator } from './demo-year-people';
import { RESTAURANT, simulate } from './demo-year-simulation';
import { NO_LOCATION, placementsOf, quantityOf, simWines } from './demo-year-wines';

export async function seedDemoYear(log: (line: string) => void = () => {}): Promise<string> {
  const started = performance.now();
  if (await hasSales(RESTAURANT)) return 'the demo restaurant already has sales';
  const records = await inventoryOf(RESTAURANT);
  if (records.length === 0) return 'no demo restaurant cellar to trade from';
  const cellar = await cellarOf(RESTAURANT);
  const locations = await locationsOf(RESTAURANT);
  const locationsByName = new Map(locations.map((location) => [location.name, location.id]));
  const actor = await actorOf({ userId: RESTAURANT, role: 'business' });

  const random = generator(20_240_601);
  const wines = simWines(
    [...records].sort((a, b) => a.id.localeCompare(b.id)),
    cellar,
    locationsByName.get('Lager') ?? NO_LOCATION,
    random,
  );
  const now = Date.now();
  const year = simulate(wines, locationsByName, actor, random, now);

  await removeDemoHistory(RESTAURANT);
  const stamp = new Date(now).toISOString();
  const finalWines = wines.map((wine) => ({
    ...wine.record,
    quantity: quantityOf(wine),
    placements: placementsOf(wine),
    updatedAt:
      stamp > wine.record.updatedAt ? stamp : new Date(Date.parse(wine.record.updatedAt) + 1).toISOString(),
  }));
  await Promise.all([
    putDemoHistory(year.history),
    putDemoSales(year.sales),
    putDemoOrders(year.orders),
    putDemoCounts(year.counts, year.entries),
  ]);
  await putDemoWines(finalWines);
  // The sales analytics read the day rollups, which the year's sales (written in bulk) did not add to.
  await rebuildRollups(RESTAURANT, { force: true });
  await bumpCellarVersion(RESTAURANT);

  const lines = year.sales.reduce((sum, sale) => sum + (sale.products as unknown[]).length, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(
    `  demo restaurant: ${year.sales.length} sales (${lines} lines), ${year.orders.length} orders, ${year.counts.length} counts, ${year.history.length} history entries in ${seconds} s`,
  );
  return `a year of trade for the demo restaurant: ${year.sales.length} sales, ${year.orders.length} orders, ${year.counts.length} finished counts (${seconds} s)`;
}

export const demoYearSeed: SeedStep = {
  name: 'sales.demo-year',
  version: 1,
  description: "a year of sales, orders and stock counts in the demo restaurant's cellar, with its history",
  run: (log) => seedDemoYear(log),
};
