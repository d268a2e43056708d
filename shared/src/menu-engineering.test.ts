import { describe, expect, it } from 'vitest';
import {
  classifyMenu,
  deadStock,
  LAST_SALE_LOOKBACK_DAYS,
  lastSaleSearch,
  MenuEngineeringQuery,
  menuThresholds,
  priceLadder,
} from './menu-engineering';

describe('wine-list engineering: Kasavana–Smith classes', () => {
  // Four wines, 100 bottles: fair share 25, popularity threshold 0.7 × 25 = 17.5 bottles.
  // Weighted mean margin: (400×40 + 200×40 + 500×5 + 150×15) ÷ 100 = 287.5 (kr, as minor units ×100 below).
  const list = [
    { ownWineId: 'house-red', margin: 20_000, bottles: 40 },
    { ownWineId: 'chablis', margin: 40_000, bottles: 40 },
    { ownWineId: 'barolo', margin: 50_000, bottles: 5 },
    { ownWineId: 'rose', margin: 15_000, bottles: 15 },
  ];

  it('weights the margin threshold by bottles sold and takes 70 % of a fair share', () => {
    const t = menuThresholds(list);
    // (20,000×40 + 40,000×40 + 50,000×5 + 15,000×15) ÷ 100 = 28,750
    expect(t.margin).toBe(28_750);
    expect(t.fairShare).toBe(25);
    expect(t.popularity).toBe(17.5);
    expect(t.bottles).toBe(100);
    expect(t.wines).toBe(4);
  });

  it('places each wine and suggests what its class asks for', () => {
    const { rows } = classifyMenu(list);
    const byId = Object.fromEntries(rows.map((r) => [r.ownWineId, [r.class, r.action]]));
    expect(byId).toEqual({
      'house-red': ['plowhorse', 'reprice'],
      chablis: ['star', 'keep'],
      barolo: ['puzzle', 'feature'],
      rose: ['dog', 'drop'],
    });
  });

  it('counts a wine exactly on both thresholds as high, and one that never sold as unpopular', () => {
    // Two wines, 10 bottles: mean margin (100×7 + 100×3) ÷ 10 = 100; popularity 0.7 × 5 = 3.5.
    const { rows } = classifyMenu([
      { ownWineId: 'a', margin: 100, bottles: 7 },
      { ownWineId: 'b', margin: 100, bottles: 3 },
      { ownWineId: 'c', margin: 500, bottles: 0 },
    ]);
    // With c: 10 bottles over 3 wines, popularity 0.7 × 3.33 = 2.33; mean margin 100.
    expect(rows.map((r) => r.class)).toEqual(['star', 'star', 'puzzle']);
  });

  it('uses the plain mean margin when nothing sold, and every wine is then unpopular', () => {
    const { rows, thresholds } = classifyMenu([
      { ownWineId: 'a', margin: 100, bottles: 0 },
      { ownWineId: 'b', margin: 300, bottles: 0 },
    ]);
    expect(thresholds.margin).toBe(200);
    expect(rows.map((r) => r.class)).toEqual(['dog', 'puzzle']);
  });

  it('takes bottles in fractions (a popularity threshold is rarely whole)', () => {
    const { rows, thresholds } = classifyMenu([
      { ownWineId: 'a', margin: 100, bottles: 2.4 },
      { ownWineId: 'b', margin: 100, bottles: 1.6 },
    ]);
    expect(thresholds.popularity).toBe(1.4);
    expect(rows.map((r) => r.class)).toEqual(['star', 'star']);
  });
});

describe('price ladders', () => {
  it('flags a jump of more than 50 % as a gap and three prices within 5 % as crowding', () => {
    const steps = priceLadder([
      { ownWineId: 'e', price: 120_000 },
      { ownWineId: 'a', price: 50_000 },
      { ownWineId: 'b', price: 51_000 },
      { ownWineId: 'c', price: 52_000 },
      { ownWineId: 'd', price: 75_000 },
    ]);
    expect(steps.map((s) => s.ownWineId)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(steps.map((s) => s.crowded)).toEqual([true, true, true, false, false]);
    // 52,000 → 75,000 is 44 %: no gap; 75,000 → 120,000 is 60 %: a gap.
    expect(steps.map((s) => s.gapPercent)).toEqual([undefined, undefined, undefined, undefined, 60]);
  });

  it('does not call two close prices crowding, and leaves out wines without a price', () => {
    const steps = priceLadder([
      { ownWineId: 'a', price: 50_000 },
      { ownWineId: 'b', price: 50_500 },
      { ownWineId: 'none', price: 0 },
    ]);
    expect(steps.map((s) => [s.ownWineId, s.crowded])).toEqual([
      ['a', false],
      ['b', false],
    ]);
  });
});

describe('dead stock', () => {
  it('lists wines in stock with no sale in the last N days, with the capital they hold', () => {
    const asOf = 20_000;
    const result = deadStock(
      [
        { ownWineId: 'sold-lately', stock: 5, unitCost: 10_000, lastSaleDay: asOf - 10 },
        { ownWineId: 'sold-long-ago', stock: 3, unitCost: 20_000, lastSaleDay: asOf - 120 },
        { ownWineId: 'never-sold', stock: 12, unitCost: 15_000 },
        { ownWineId: 'sold-out', stock: 0, unitCost: 15_000 },
        { ownWineId: 'no-cost', stock: 2 },
      ],
      asOf,
      90,
    );
    expect(result.rows.map((r) => [r.ownWineId, r.capital, r.daysSinceSale])).toEqual([
      ['never-sold', 180_000, undefined],
      ['sold-long-ago', 60_000, 120],
      ['no-cost', 0, undefined],
    ]);
    expect(result.capital).toBe(240_000);
  });

  it('says "at least" the days searched for a wine with no sale found, when older sales were not read', () => {
    const asOf = 20_000;
    const searchedFrom = asOf - LAST_SALE_LOOKBACK_DAYS + 1;
    const result = deadStock(
      [
        { ownWineId: 'sold-in-window', stock: 1, unitCost: 100, lastSaleDay: searchedFrom },
        { ownWineId: 'none-found', stock: 2, unitCost: 100 },
      ],
      asOf,
      30,
      searchedFrom,
    );
    expect(result.rows.map((r) => [r.ownWineId, r.daysSinceSale, r.atLeastDays])).toEqual([
      ['none-found', undefined, LAST_SALE_LOOKBACK_DAYS],
      ['sold-in-window', LAST_SALE_LOOKBACK_DAYS - 1, undefined],
    ]);
  });

  it('looks for last sales in the lookback days before the period end, or the whole period, and no further back than the first sale', () => {
    const to = 20_000;
    // A year's period, sales for three years: the lookback's days, not the first sale's.
    expect(lastSaleSearch({ from: to - 364, to }, to - 1095)).toEqual({
      from: to - LAST_SALE_LOOKBACK_DAYS + 1,
      complete: false,
    });
    // Sales only since within the lookback: from the first sale, and a wine without one never sold.
    expect(lastSaleSearch({ from: to - 364, to }, to - 500)).toEqual({ from: to - 500, complete: true });
    // A period longer than the lookback is read whole.
    expect(lastSaleSearch({ from: to - 1000, to }, to - 2000)).toEqual({ from: to - 1000, complete: false });
  });
});

describe('the query', () => {
  it('takes a period and bounded dead-stock days, and refuses an upside-down period', () => {
    expect(
      MenuEngineeringQuery.safeParse({ from: '2026-01-01', to: '2026-03-31', deadDays: '60' }).data,
    ).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      deadDays: 60,
    });
    expect(MenuEngineeringQuery.safeParse({ deadDays: '3' }).success).toBe(false);
    expect(MenuEngineeringQuery.safeParse({ from: '2026-04-01', to: '2026-03-31' }).success).toBe(false);
    expect(MenuEngineeringQuery.safeParse({ from: 'yesterday' }).success).toBe(false);
  });
});
