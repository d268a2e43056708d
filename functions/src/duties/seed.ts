import type { SeedStep } from '../data/seed-step';
import { loadDutyRates } from './duty-rates-load';
import { SHIPPED_ORIGIN, shippedRates } from './duty-rates-store';

/** The rates the app ships, loaded into the rates table as the `duty-rates` job would. */
export const dutiesSeed: SeedStep = {
  name: 'duty-rates',
  version: 1,
  description: 'The Norwegian duty rates the app ships (2023 onwards), into the rates table',
  async run() {
    const report = await loadDutyRates(shippedRates(), SHIPPED_ORIGIN);
    return `${report.rows} rates ${report.status} (newest from ${report.latest})`;
  },
};
