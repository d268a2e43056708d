/**
 * Demo-data seed steps. Each domain registers its steps here; the local runner applies every step whose
 * version has not been applied yet (on first start and with `npm run seed`), so seeding is idempotent.
 */
import { accountsSeed } from './accounts/seed';
import { mediaSeed } from './media/seed';

export interface SeedStep {
  name: string;
  /** Raise it to apply a changed step again. */
  version: number;
  description: string;
  run(): Promise<string | undefined>;
}

export const seedSteps: readonly SeedStep[] = [mediaSeed, accountsSeed];
