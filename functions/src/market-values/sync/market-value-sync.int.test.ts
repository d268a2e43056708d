/**
 * The market-value sync against DynamoDB Local: the job sends every wine held in a paying cellar, each
 * message is delivered twice and the provider fails a tenth of its calls, and still every wine has
 * exactly one value for the day; a second run the same day sends nothing; a free cellar's wines are not
 * valued.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { demoValuationProvider } from '@kork/functions/adapters/demo-valuation-provider';
import { useQueue } from '@kork/functions/adapters/queue';
import {
  useValuationProvider,
  type ValuationProviderPort,
  type ValuationQuote,
  type ValuationRequest,
} from '@kork/functions/adapters/valuation-provider';
import { setPlanByHand } from '@kork/functions/billing/admin-plan-service';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { allWines } from '@kork/functions/catalog/wine-lookup';
import { cellarByWineSeed } from '@kork/functions/cellar/community/purchase-prices-service';
import { inventoryOf } from '@kork/functions/cellar/kernel/wine-reads';
import { cellarSeed } from '@kork/functions/cellar/seed';
import { createOwnWines } from '@kork/functions/cellar/wines/cellar-wine-adds';
import { db } from '@kork/functions/data/entities';
import { CellarWineInput } from '@kork/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../../test/seeded-stack';
import { marketValuesSeed } from '../seed';
import { keysValuedOn, recordQuote, reserveBudget } from '../valuation-writes';
import { planSync } from './plan-sync';
import { type HeldWine, syncKeysOf } from './sync-keys';

const { origin } = useSeededStack({
  seeds: [accountsSeed, catalogSeed, cellarSeed, cellarByWineSeed],
  stack: { queueVisibilityTimeoutMs: 50 },
  timeout: 240_000,
});

/** A provider that knows every wine, fails one call in ten (seeded), and remembers what it answered. */
class FlakyProvider implements ValuationProviderPort {
  readonly name = 'flaky';
  readonly demo = false;
  calls = 0;
  faults = 0;
  asked = new Map<string, number>();
  answered = new Map<string, number[]>();
  private state = 17;

  private next(): number {
    this.state = (Math.imul(this.state, 1103515245) + 12345) >>> 0;
    return this.state / 0x1_0000_0000;
  }

  async quote(requests: ValuationRequest[], day: string) {
    const quotes: ValuationQuote[] = [];
    const misses: { key: string; reason: 'failed' }[] = [];
    for (const request of requests) {
      this.calls += 1;
      this.asked.set(request.key, (this.asked.get(request.key) ?? 0) + 1);
      if (this.next() < 0.1) {
        this.faults += 1;
        misses.push({ key: request.key, reason: 'failed' });
        continue;
      }
      const price = 10_000 + this.calls;
      this.answered.set(request.key, [...(this.answered.get(request.key) ?? []), price]);
      quotes.push({
        key: request.key,
        asOf: day,
        price,
        currency: 'NOK',
        priceType: 'mid',
        source: this.name,
        demo: false,
      });
    }
    return { quotes, misses };
  }
}

const provider = new FlakyProvider();
const now = new Date();
const today = now.toISOString().slice(0, 10);
const mmdd = `${today.slice(5, 7)}${today.slice(8, 10)}`;

async function keysHeldBy(ownerId: string): Promise<string[]> {
  const wines: HeldWine[] = (await inventoryOf(ownerId))
    .filter((w) => w.quantity > 0)
    .map((w) => ({
      ...(w.wineId ? { wineId: w.wineId } : {}),
      wineName: w.wineName,
      vintage: w.vintage ?? null,
      bottleSize: w.bottleSize,
      ...(w.vinmonopoletNumber ? { vinmonopoletNumber: w.vinmonopoletNumber } : {}),
    }));
  return (await syncKeysOf(wines)).map((k) => k.key);
}

/** A catalogue wine only the free cellar holds. */
let freeOnly: string | undefined;

beforeAll(async () => {
  const held = new Set((await inventoryOf('demo-restaurant')).map((w) => w.wineId));
  for await (const page of allWines()) {
    freeOnly ??= page.find((w) => w.status === 'active' && !held.has(w.id))?.id;
  }
  if (!freeOnly) throw new Error('every catalogue wine is in the restaurant');
  await createOwnWines(
    'demo-private',
    [CellarWineInput.parse({ source: 'KORK', wineId: freeOnly, quantity: 2, purchasePriceWovat: 20_000 })],
    { userId: 'demo-private', role: 'user' },
    { bulk: false },
  );
  await setPlanByHand('demo-restaurant', { plan: 'pro', reason: 'sync test' }, { userId: 'test' });
  useValuationProvider(provider);
  // Every message the job sends is delivered twice.
  const broker = origin.stack.broker;
  useQueue({ send: (queue, messages) => broker.send(queue, [...messages, ...messages]) });
}, 60_000);

afterAll(() => {
  useValuationProvider(undefined);
  useQueue(origin.stack.broker);
});

describe('the market-value sync', () => {
  it('values every wine of a paying cellar once for the day, though messages come twice and calls fail', async () => {
    const restaurant = await keysHeldBy('demo-restaurant');
    expect(restaurant.length).toBeGreaterThan(100);

    const plan = await planSync(now);
    await origin.stack.broker.idle();

    expect(plan.keys).toBe(restaurant.length);
    expect(plan.messages).toBe(Math.ceil(restaurant.length / 25));
    expect(provider.faults).toBeGreaterThan(0);
    expect(origin.stack.broker.deadLetters('market-values')).toHaveLength(0);
    const valued = await keysValuedOn(restaurant, today);
    expect(valued.size).toBe(restaurant.length);
    for (const key of restaurant) {
      const { data } = await db()
        .entities.valuationYear.get({ key, year: today.slice(0, 4) })
        .go();
      const days = data?.days as Record<string, number>;
      expect(Object.keys(days), key).toEqual([mmdd]);
      // The value stored is one the provider gave for this wine, and the wine's newest.
      expect(provider.answered.get(key)).toContain(days[mmdd]);
      expect(data?.lastDay).toBe(today);
      expect(data?.lastPrice).toBe(days[mmdd]);
    }
    // Wines both demo cellars hold have a community price: the average of what the two owners paid.
    const { data: community } = await db().entities.communityPrice.scan.go({ pages: 'all' });
    expect(community.length).toBeGreaterThan(0);
    expect(community.every((c) => c.owners >= 2 && c.average > 0 && c.currency === 'NOK')).toBe(true);
    // Duplicates found the wine valued and did not ask again: few more asks than wines and faults.
    expect(provider.calls).toBeLessThan(restaurant.length * 1.5 + provider.faults);
  });

  it('sends nothing on a second run the same day, and asks the provider nothing', async () => {
    const calls = provider.calls;
    const plan = await planSync(now);
    await origin.stack.broker.idle();
    expect(plan.messages).toBe(0);
    expect(plan.alreadyValued).toBe(plan.keys);
    expect(provider.calls).toBe(calls);
  });

  it("does not value a free cellar's wines", async () => {
    const restaurant = new Set(await keysHeldBy('demo-restaurant'));
    const own = (await keysHeldBy('demo-private')).filter((key) => !restaurant.has(key));
    expect(own.length).toBeGreaterThan(0);
    for (const key of own) expect(provider.asked.has(key), key).toBe(false);
    expect((await keysValuedOn(own, today)).size).toBe(0);
  });

  it('writes a day once: a second quote for a valued day changes nothing', async () => {
    const quote = (
      await demoValuationProvider.quote(
        [
          {
            key: 'wine:sync-test:2010:750',
            wineName: 'x',
            vintage: 2010,
            bottleSize: 0.75,
            hints: { referencePrice: 30_000 },
          },
        ],
        '2025-03-01',
      )
    ).quotes[0] as ValuationQuote;
    expect(await recordQuote(quote)).toBe(true);
    expect(await recordQuote({ ...quote, price: quote.price + 1 })).toBe(false);
    const older = { ...quote, asOf: '2025-02-27', price: 1 };
    expect(await recordQuote(older)).toBe(true);
    const { data } = await db().entities.valuationYear.get({ key: quote.key, year: '2025' }).go();
    expect(data?.days).toEqual({ '0301': quote.price, '0227': 1 });
    expect(data?.lastDay).toBe('2025-03-01');
    expect(data?.lastPrice).toBe(quote.price);
  });

  it("never passes the day's provider budget, however many take from it at once", async () => {
    const taken = await Promise.all(
      Array.from({ length: 10 }, () => reserveBudget('budget-test', '2026-01-02', 5, 32)),
    );
    expect(taken.reduce((a, b) => a + b, 0)).toBe(32);
    expect(taken.filter((n) => n === 5)).toHaveLength(6);
    expect(await reserveBudget('budget-test', '2026-01-02', 5, 32)).toBe(0);
    // The next day starts afresh.
    expect(await reserveBudget('budget-test', '2026-01-03', 40, 32)).toBe(32);
  });

  it('seeds a year of daily demo values for every wine of both demo cellars, one item per wine and year', async () => {
    const started = Date.now();
    const summary = await marketValuesSeed.run(() => {});
    const took = Date.now() - started;
    expect(summary).toMatch(/given a year of demo values/);
    const keys = [
      ...new Set([...(await keysHeldBy('demo-restaurant')), ...(await keysHeldBy('demo-private'))]),
    ];
    const from = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
    for (const key of keys.slice(0, 40)) {
      const { data } = await db().entities.valuationYear.query.byKey({ key }).go();
      const days = data.flatMap((item) => Object.keys(item.days as object).map((d) => `${item.year}${d}`));
      expect(days, key).toHaveLength(366);
      expect(data.length).toBeLessThanOrEqual(2);
      expect(data.every((item) => item.demo && item.source === 'demo')).toBe(true);
      expect(days.sort()[0]).toBe(from.replace(/-/g, ''));
    }
    // Seeded once per run of the browser journeys: it must stay quick (a few hundred wines).
    expect(took).toBeLessThan(60_000);
  });
});
