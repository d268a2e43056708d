import { convertMinor, MARKET_VALUE_WINDOW_DAYS } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { calendar } from './cascade';
import { type Holding, marketValueAnswer } from './market-value-answer';
import { ownValueChanges } from './wine-valuations';

const days = calendar('2026-10-01', '2026-11-28');
const last = days.length - 1;
const rates = { NOK: 1, EUR: 11.7 };

/** A market wine whose price rises by `step` a day from `start`. */
function rising(id: string, bottles: number, start: number, step: number): Holding {
  const path = days.map((_, i) => start + i * step);
  return {
    ownWineId: id,
    wineDisplayName: `Vin ${id}`,
    vintage: 2015,
    bottles,
    region: 'Bordeaux',
    categoryId: 'uncategorized',
    value: {
      price: path[last] as number,
      currency: 'NOK',
      asOf: '2026-11-28',
      source: 'market',
      priceType: 'retailAverage',
      provider: 'demo',
      demo: true,
    },
    path,
    purchase: { price: 10_000, currency: 'NOK' },
  };
}

const own: Holding = {
  ownWineId: 'own',
  wineDisplayName: 'Eget anslag',
  vintage: null,
  bottles: 2,
  categoryId: 'C1',
  value: { price: 50_000, currency: 'NOK', asOf: '2026-03-01', source: 'own', demo: false },
};
const none: Holding = {
  ownWineId: 'none',
  wineDisplayName: 'Uten verdi',
  vintage: 2020,
  bottles: 9,
  categoryId: 'C1',
};

describe('the analytics answer', () => {
  const holdings = [rising('up', 3, 20_000, 100), rising('down', 1, 40_000, -50), own, none];
  const answer = marketValueAnswer(holdings, {
    calendar: days,
    viewCurrency: 'NOK',
    nokPerUnit: rates,
    sample: false,
  });

  it('sums the valued wines, counts the unvalued one apart, and ends its series on the total', () => {
    const upNow = 3 * (20_000 + last * 100);
    const downNow = 40_000 - last * 50;
    expect(answer.total).toBe(upNow + downNow + 100_000);
    expect(answer).toMatchObject({
      valued: 3,
      unvalued: 1,
      bySource: { own: 1, market: 2, community: 0, purchase: 0 },
    });
    expect(answer.series.at(-1)).toEqual({ date: '2026-11-28', total: answer.total });
    // The own value is flat: it is in every day's total.
    expect(answer.series[0]?.total).toBe(3 * 20_000 + 40_000 + 100_000);
    expect(answer.wines.map((wine) => wine.ownWineId)).toEqual(['own', 'up', 'down']);
    expect(answer.asOf).toBe('2026-11-28');
  });

  it('measures the 30-day change and the movers on the same bottles', () => {
    const change = 3 * 100 * MARKET_VALUE_WINDOW_DAYS - 50 * MARKET_VALUE_WINDOW_DAYS;
    expect(answer.change30d.amount).toBe(change);
    expect(answer.change30d.amount).toBe(
      (answer.series.at(-1)?.total ?? 0) - (answer.series.at(-1 - MARKET_VALUE_WINDOW_DAYS)?.total ?? 0),
    );
    expect(answer.topMovers.up.map((move) => [move.ownWineId, move.amount])).toEqual([['up', 9_000]]);
    expect(answer.topMovers.down.map((move) => [move.ownWineId, move.amount])).toEqual([['down', -1_500]]);
    expect(answer.sincePurchase.purchaseValue).toBe(40_000);
  });

  it('groups by region (else country, else none), vintage (NV last) and category', () => {
    expect(answer.byRegion.map((group) => group.key)).toEqual(['Bordeaux', '']);
    expect(answer.byVintage.map((group) => group.key)).toEqual(['2015', 'NV']);
    expect(answer.byCategory.find((group) => group.key === 'C1')).toMatchObject({ value: 100_000, wines: 1 });
  });

  it('converts every figure into the viewer’s currency per bottle, as convertMinor does', () => {
    const eur = marketValueAnswer(holdings, {
      calendar: days,
      viewCurrency: 'EUR',
      nokPerUnit: rates,
      sample: true,
    });
    const unit = convertMinor(50_000, 'NOK', 'EUR', rates);
    expect(eur.wines.find((wine) => wine.ownWineId === 'own')).toMatchObject({
      unitValue: unit,
      value: 2 * unit,
    });
    expect(eur.total).toBe(eur.wines.reduce((sum, wine) => sum + wine.value, 0));
    expect(eur.series.at(-1)?.total).toBe(eur.total);
    expect(eur).toMatchObject({ currency: 'EUR', sample: true });
  });
});

describe('the owner’s own value over time', () => {
  it('takes each change of marketValue from the wine’s history, newest first', () => {
    const entry = (at: string, before: number | undefined, after: number | undefined) => ({
      id: at,
      at,
      action: 'PRICES' as const,
      ownWineId: 'w',
      wineDisplayName: 'w',
      actorId: 'a',
      actorName: 'a',
      before: { marketValue: before },
      after: { marketValue: after },
    });
    expect(
      ownValueChanges([
        entry('2026-01-01T00:00:00Z', undefined, 100),
        entry('2026-02-01T00:00:00Z', 100, 100),
        entry('2026-03-01T00:00:00Z', 100, 120),
        entry('2026-04-01T00:00:00Z', 120, undefined),
      ]),
    ).toEqual([
      { at: '2026-03-01T00:00:00Z', price: 120 },
      { at: '2026-01-01T00:00:00Z', price: 100 },
    ]);
  });
});
