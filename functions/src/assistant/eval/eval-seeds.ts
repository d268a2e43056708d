/**
 * The demo data the evaluation set is asked on: accounts with their directory, the catalogue, the demo
 * cellars, their wine lists, a year of trade and the marketplace's suppliers. One list for the tests
 * and the scripts that run the set.
 */
import { accountsSeed, directorySeed } from '../../accounts/seed';
import { catalogSeed } from '../../catalog/seed';
import { cellarSeed } from '../../cellar/seed';
import type { SeedStep } from '../../data/seed-step';
import { marketplaceSeed } from '../../marketplace/seed';
import { demoYearSeed } from '../../sales-analytics/demo-year-seed';
import { wineListsSeed } from '../../wine-lists/seed';

export const EVAL_SEEDS: readonly SeedStep[] = [
  accountsSeed,
  directorySeed,
  catalogSeed,
  cellarSeed,
  wineListsSeed,
  demoYearSeed,
  marketplaceSeed,
];
