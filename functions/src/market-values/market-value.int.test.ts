/**
 * Market value through the API (docs/market-value.md): the demo restaurant on Pro sees what its cellar is
 * worth from a year of demo values, every figure saying where it comes from; a free account is refused
 * with `planRequired` and shown the sample instead; another person's cellar is refused.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { setPlanByHand } from '@kork/functions/billing/admin-plan-service';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { cellarByWineSeed } from '@kork/functions/cellar/community/purchase-prices-service';
import { latestRates } from '@kork/functions/cellar/currency/exchange-rate-service';
import { cellarSeed } from '@kork/functions/cellar/seed';
import { marketValuesSeed } from '@kork/functions/market-values/seed';
import {
  type CellarWine,
  convertMinor,
  MARKET_VALUE_HISTORY_DAYS,
  MARKET_VALUE_WINDOW_DAYS,
  type MarketValueAnswer,
  type ValuationsAnswer,
} from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, catalogSeed, cellarSeed, cellarByWineSeed, marketValuesSeed],
  signIn: ['restaurant', 'private'],
  timeout: 300_000,
});
const { tokens } = accounts;
const R = 'restaurant';
const P = 'private';

async function marketValue(user: string, owner = user, headers: Record<string, string> = {}, query = '') {
  return origin.api<MarketValueAnswer>('GET', `${accounts.base(owner)}/market-value${query}`, {
    token: tokens[user],
    headers: { 'x-currency': 'NOK', ...headers },
  });
}

async function ok(
  user: string,
  headers: Record<string, string> = {},
  query = '',
): Promise<MarketValueAnswer> {
  const answer = await marketValue(user, user, headers, query);
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(200);
  return answer.payload;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The answer's own arithmetic: what a person reading the page would check. */
function expectConsistent(answer: MarketValueAnswer): void {
  expect(answer.total).toBe(sum(answer.wines.map((wine) => wine.value)));
  for (const wine of answer.wines) expect(wine.value).toBe(wine.bottles * wine.unitValue);
  expect(answer.valued).toBe(answer.wines.length);
  expect(sum(Object.values(answer.bySource))).toBe(answer.valued);
  expect(answer.series).toHaveLength(MARKET_VALUE_HISTORY_DAYS);
  const last = answer.series[answer.series.length - 1];
  expect(last?.total).toBe(answer.total);
  const before = answer.series[answer.series.length - 1 - MARKET_VALUE_WINDOW_DAYS];
  expect(answer.change30d.amount).toBe(answer.total - (before?.total ?? 0));
  const up = answer.topMovers.up.map((move) => move.amount);
  const down = answer.topMovers.down.map((move) => move.amount);
  expect(up.every((amount) => amount > 0)).toBe(true);
  expect(down.every((amount) => amount < 0)).toBe(true);
  expect(up).toEqual([...up].sort((a, b) => b - a));
  expect(down).toEqual([...down].sort((a, b) => a - b));
  expect(sum(answer.byRegion.map((group) => group.value))).toBe(answer.total);
  expect(sum(answer.byVintage.map((group) => group.value))).toBe(answer.total);
  expect(sum(answer.byCategory.map((group) => group.value))).toBe(answer.total);
}

describe('market value', () => {
  beforeAll(async () => {
    await setPlanByHand(
      accounts.userIds[R] as string,
      { plan: 'pro', reason: 'demo' },
      { userId: 'test', source: 'seed' },
    );
  });

  it('gives the Pro restaurant its cellar’s worth: Σ of the wines’ values, a year of daily totals, the 30-day change and sorted movers', async () => {
    const answer = await ok(R);
    expect(answer.sample).toBe(false);
    expect(answer.currency).toBe('NOK');
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.bySource.market).toBeGreaterThan(100);
    expect(answer.demo).toBe(true);
    expectConsistent(answer);
    // A year of demo values moves: the series is not flat, and some wines moved over 30 days.
    expect(new Set(answer.series.map((day) => day.total)).size).toBeGreaterThan(10);
    expect(answer.topMovers.up.length + answer.topMovers.down.length).toBeGreaterThan(0);
    const market = answer.wines.find((wine) => wine.source === 'market');
    expect(market?.priceType).toBeDefined();
    expect(market?.asOf).toBe(answer.asOf);
    expect(answer.byVintage.every((group) => group.key === 'NV' || /^\d{4}$/.test(group.key))).toBe(true);
  });

  it('takes the owner’s own value first, counts a wine without any value as unvalued (not 0), and falls back to the purchase price', async () => {
    const before = await ok(R);
    const target = before.wines.find(
      (wine) => wine.source === 'market',
    ) as MarketValueAnswer['wines'][number];
    const patched = await origin.api<CellarWine>(
      'PATCH',
      `${accounts.base(R)}/own-wines/${target.ownWineId}`,
      {
        token: tokens[R],
        json: { marketValue: 123_400 },
      },
    );
    expect(patched.status).toBe(200);
    const nothing = await accounts.addWine(R, {
      source: 'CUSTOM',
      wineName: 'Ukjent flaske',
      bottleSize: 0.75,
      quantity: 4,
    });
    const paid = await accounts.addWine(R, {
      source: 'CUSTOM',
      wineName: 'Husets egen',
      bottleSize: 0.75,
      quantity: 3,
      purchasePriceWovat: 10_000,
    });

    const after = await ok(R);
    expectConsistent(after);
    const own = after.wines.find((wine) => wine.ownWineId === target.ownWineId);
    expect(own).toMatchObject({ source: 'own', unitValue: 123_400, value: target.bottles * 123_400 });
    expect(after.wines.some((wine) => wine.ownWineId === nothing.id)).toBe(false);
    expect(after.unvalued).toBe(before.unvalued + 1);
    expect(after.wines.find((wine) => wine.ownWineId === paid.id)).toMatchObject({
      source: 'purchase',
      unitValue: 10_000,
      value: 30_000,
      purchaseValue: 30_000,
    });
    expect(after.total).toBe(before.total - target.value + target.bottles * 123_400 + 30_000);
    expect(after.bySource.own).toBe(before.bySource.own + 1);

    const own2 = await origin.api<ValuationsAnswer>(
      'GET',
      `${accounts.base(R)}/own-wines/${target.ownWineId}/valuations`,
      { token: tokens[R], headers: { 'x-currency': 'NOK' } },
    );
    expect(own2.status).toBe(200);
    expect(own2.payload.current).toMatchObject({ source: 'own', price: 123_400 });
    expect(own2.payload.rows.some((row) => row.source === 'own' && row.price === 123_400)).toBe(true);
    const market = own2.payload.rows.filter((row) => row.source === 'market');
    expect(market.length).toBeGreaterThan(300);
    const dates = own2.payload.rows.map((row) => row.asOf);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(market[0]).toMatchObject({ currency: 'NOK', demo: true });
  });

  it('filters by location and category, counting only the bottles there', async () => {
    const all = await ok(R);
    const category = all.byCategory[0];
    const one = await ok(R, {}, `?categoryIds=${category?.key}`);
    expectConsistent(one);
    expect(one.total).toBe(category?.value);
    expect(one.wines.every((wine) => wine.categoryId === category?.key)).toBe(true);

    // The bar and what is below it: only the bottles placed there count.
    const places = await origin.api<{ rows: { id: string; name: string; parentId: string | null }[] }>(
      'GET',
      `${accounts.base(R)}/locations`,
      { token: tokens[R] },
    );
    const bar = places.payload.rows.find((place) => place.name === 'Bar');
    expect(bar).toBeDefined();
    const inBar = new Set([
      bar?.id,
      ...places.payload.rows.filter((place) => place.parentId === bar?.id).map((place) => place.id),
    ]);
    const stock = await origin.api<{ rows: CellarWine[] }>(
      'GET',
      `${accounts.base(R)}/own-wines?locationId=${bar?.id}&resultsPerPage=500`,
      { token: tokens[R] },
    );
    const bottlesThere = new Map(
      stock.payload.rows.map((wine) => [
        wine.id,
        sum(wine.placements.filter((p) => inBar.has(p.locationId ?? '')).map((p) => p.quantity)),
      ]),
    );
    const there = await ok(R, {}, `?locationIds=${bar?.id}`);
    expectConsistent(there);
    expect(there.valued).toBeGreaterThan(0);
    expect(there.total).toBeLessThan(all.total);
    for (const wine of there.wines) expect(wine.bottles).toBe(bottlesThere.get(wine.ownWineId));
  });

  it('answers in the viewer’s currency (EUR)', async () => {
    const nok = await ok(R);
    const eur = await ok(R, { 'x-currency': 'EUR' });
    expect(eur.currency).toBe('EUR');
    expectConsistent(eur);
    const { nokPerUnit } = await latestRates();
    const expected = convertMinor(nok.total, 'NOK', 'EUR', nokPerUnit);
    // Each wine is converted per bottle and rounded to the cent: the totals agree to within a cent a bottle.
    const bottles = sum(eur.wines.map((wine) => wine.bottles));
    expect(Math.abs(eur.total - expected)).toBeLessThanOrEqual(bottles);
    expect(eur.total).toBeLessThan(nok.total / 5);
  });

  it('refuses a free account with planRequired, and another person’s cellar with 403', async () => {
    const free = await marketValue(P);
    expect(free.status).toBe(403);
    expect(free.error?.code).toBe('planRequired');
    const wines = await origin.api<{ rows: CellarWine[] }>('GET', `${accounts.base(P)}/own-wines`, {
      token: tokens[P],
    });
    const first = wines.payload.rows[0] as CellarWine;
    const valuations = await origin.api('GET', `${accounts.base(P)}/own-wines/${first.id}/valuations`, {
      token: tokens[P],
    });
    expect(valuations.status).toBe(403);
    expect(valuations.error?.code).toBe('planRequired');

    const others = await marketValue(P, R);
    expect(others.status).toBe(403);
    expect(others.error?.code).not.toBe('planRequired');
    const theirs = await marketValue(R, P);
    expect(theirs.status).toBe(403);
  });

  it('shows a free account the sample: a fixed demo cellar, labelled as a sample of demo data', async () => {
    const answer = await origin.api<MarketValueAnswer>('GET', '/api/market-value/sample', {
      token: tokens[P],
      headers: { 'x-currency': 'NOK' },
    });
    expect(answer.status).toBe(200);
    expect(answer.payload).toMatchObject({ sample: true, demo: true, currency: 'NOK' });
    expect(answer.payload.valued).toBeGreaterThanOrEqual(20);
    expect(answer.payload.wines.every((wine) => wine.ownWineId.startsWith('sample-'))).toBe(true);
    expectConsistent(answer.payload);
    const again = await origin.api<MarketValueAnswer>('GET', '/api/market-value/sample', {
      token: tokens[R],
      headers: { 'x-currency': 'NOK' },
    });
    expect(again.payload.total).toBe(answer.payload.total);
  });
});
