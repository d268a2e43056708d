/**
 * The demo restaurant's saved default price rule set, as the demo restaurant prices its list: from the
 * purchase price with VAT, up to 200 kr × 2.5 and from 200 kr × 2.4 (the demo's wines are priced at
 * about 2.4×, docs/pricing.md "Demo data"); a glass at a fifth of the bottle, for wines sold by the
 * glass; prices ending in 9; raise only, so it never lowers a price the restaurant set higher (the
 * house wines at about 4.4×). It is saved, not applied: it proposes prices for wines whose purchase
 * price changes (price reviews).
 */
import type { PriceRuleSet, PriceRuleSetInput } from '@kork/shared';
import type { SeedStep } from '../data/seed-step';
import { createRuleSet, listRuleSets, updateRuleSet } from './rule-sets';

const RESTAURANT = 'demo-restaurant';
const NAME = 'Standard restaurant';
const kr = (n: number) => n * 100;

export const DEMO_RULE_SET: PriceRuleSetInput = {
  name: NAME,
  basis: 'incVat',
  direction: 'increase',
  rounding: 'endsIn9',
  raiseOnly: true,
  ranges: [
    {
      from: 0,
      to: kr(200),
      sellingPrice: { kind: 'percentage', value: 150 },
      glassPrice: { kind: 'percentage', value: 20 },
    },
    {
      from: kr(200),
      to: null,
      sellingPrice: { kind: 'percentage', value: 140 },
      glassPrice: { kind: 'percentage', value: 20 },
    },
  ],
  isDefault: true,
};

/**
 * The set as the first demo seeded it: × 2.5, × 2.2 and + 600 kr under prices set at about 2.4× (and
 * 4.4× for the house wines), so applying it lowered most prices. Replaced where nobody changed it.
 */
const FIRST_RANGES = JSON.stringify([
  { from: 0, to: kr(200), sellingPrice: { kind: 'percentage', value: 150 } },
  { from: kr(200), to: kr(500), sellingPrice: { kind: 'percentage', value: 120 } },
  { from: kr(500), to: null, sellingPrice: { kind: 'fixed', value: kr(600) } },
]);

const asFirstSeeded = (set: PriceRuleSet) =>
  !set.raiseOnly &&
  set.rounding === 'endsIn9' &&
  JSON.stringify(set.ranges.map(({ glassPrice: _glass, ...range }) => range)) === FIRST_RANGES;

export const pricingSeed: SeedStep = {
  name: 'pricing',
  version: 2,
  description: "The demo restaurant's default price rule set (saved, not applied; raise only)",
  async run() {
    const { rows } = await listRuleSets(RESTAURANT);
    const existing = rows.find((set) => set.name === NAME);
    if (!existing) {
      await createRuleSet(RESTAURANT, DEMO_RULE_SET);
      return `${NAME} for ${RESTAURANT}`;
    }
    if (!asFirstSeeded(existing)) return 'already there';
    const { name: _name, isDefault: _default, ...rules } = DEMO_RULE_SET;
    await updateRuleSet(RESTAURANT, existing.id, rules);
    return `${NAME} for ${RESTAURANT}: priced as the demo prices its list, raise only`;
  },
};
