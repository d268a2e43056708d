/**
 * Demo-data seed steps. Each domain registers its steps here; the local runner applies every step whose
 * version has not been applied yet (on first start and with `npm run seed`), so seeding is idempotent.
 */
import { accountsSeed, directorySeed } from './accounts/seed';
import { billingSeed } from './billing/seed';
import { catalogSeed } from './catalog/seed';
import { cellarByWineSeed } from './cellar/community/purchase-prices-service';
import { cellarSeed } from './cellar/seed';
import type { SeedStep } from './data/seed-step';
import { dutiesSeed } from './duties/seed';
import { eventsSeed } from './events/seed';
import { marketValuesSeed } from './market-values/seed';
import { marketplaceSeed } from './marketplace/seed';
import { mediaSeed } from './media/seed';
import { pricingSeed } from './pricing/seed';
import { recipesSeed } from './recipes/seed';
import { saleRollupsSeed } from './sales/seed';
import { demoYearSeed } from './sales-analytics/demo-year-seed';
import { tastingsSeed } from './tastings/seed';
import { wineListsSeed } from './wine-lists/seed';

export type { SeedStep };

export const seedSteps: readonly SeedStep[] = [
  mediaSeed,
  accountsSeed,
  directorySeed,
  catalogSeed,
  dutiesSeed,
  tastingsSeed,
  cellarSeed,
  cellarByWineSeed,
  wineListsSeed,
  demoYearSeed,
  // After the demo year's sales: their day rollups for the sales analytics.
  saleRollupsSeed,
  recipesSeed,
  pricingSeed,
  marketplaceSeed,
  eventsSeed,
  billingSeed,
  // After the cellars (and the plans): every demo cellar's wines get a year of demo values.
  marketValuesSeed,
];
