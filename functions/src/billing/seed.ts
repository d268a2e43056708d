/**
 * The demo plans (docs/billing.md): the demo restaurant is on Pro, set by hand with the audit reason
 * "demo"; every other demo account stays free (the private collector upgrades through the local payment
 * emulator). Applied again, it leaves a plan already set alone.
 */
import type { SeedStep } from '../data/seed-step';
import { setPlanByHand } from './admin-plan-service';
import { readSubscription } from './subscription-store';

export const DEMO_PRO_ACCOUNT = 'demo-restaurant';

export const billingSeed: SeedStep = {
  name: 'billing',
  version: 1,
  description: 'The demo restaurant on the Pro plan (set by hand, audit "demo")',
  async run() {
    const current = await readSubscription(DEMO_PRO_ACCOUNT);
    if (current?.manualPlan === 'pro') return 'the demo restaurant is already on Pro';
    await setPlanByHand(
      DEMO_PRO_ACCOUNT,
      { plan: 'pro', reason: 'demo' },
      { userId: 'seed', source: 'seed' },
    );
    return 'the demo restaurant is on Pro';
  },
};
