/**
 * The demo restaurant's saved default price rule set, as a Norwegian restaurant might price its list
 * from the purchase price with VAT: up to 200 kr × 2.5, 200–500 kr × 2.2, above 500 kr + 600 kr; a
 * glass at a quarter of the bottle; prices ending in 9. It is saved, not applied: it proposes prices
 * for wines whose purchase price changes (price reviews).
 */
import type { PriceRuleSetInput } from '@kork/shared';
import type { SeedStep } from '../data/seed-step';
import { createRuleSet, listRuleSets } from './rule-sets';

const RESTAURANT = 'demo-restaurant';
const NAME = 'Standard restaurant';
const kr = (n: number) => n * 100;

export const DEMO_RULE_SET: PriceRuleSetInput = {
  name: NAME,
  basis: 'incVat',
  direction: 'increase',
  rounding: 'endsIn9',
  ranges: [
    {
      from: 0,
      to: kr(200),
      sellingPrice: { kind: 'percentage', value: 150 },
      glassPrice: { kind: 'percentage', value: 25 },
    },
    {
      from: kr(200),
      to: kr(500),
      sellingPrice: { kind: 'percentage', value: 120 },
      glassPrice: { kind: 'percentage', value: 25 },
    },
    {
      from: kr(500),
      to: null,
      sellingPrice: { kind: 'fixed', value: kr(600) },
      glassPrice: { kind: 'percentage', value: 25 },
    },
  ],
  isDefault: true,
};

export const pricingSeed: SeedStep = {
  name: 'pricing',
  version: 1,
  description: "The demo restaurant's default price rule set (saved, not applied)",
  async run() {
    const { rows } = await listRuleSets(RESTAURANT);
    if (rows.some((set) => set.name === NAME)) return 'already there';
    await createRuleSet(RESTAURANT, DEMO_RULE_SET);
    return `${NAME} for ${RESTAURANT}`;
  },
};
