import { describe, expect, it } from 'vitest';
import {
  countDifference,
  exactCount,
  hasAtMostOneDecimal,
  openBottleCentiCl,
  openBottleTenths,
  splitTenths,
  tenthsOf,
} from './count-tenths';
import { appliedTenths, blindLine, blindSummary, lineOf, summarize } from './stock-count-rules';
import { StockCountCounted, StockCountEntriesInput, StockCountWholeCounted } from './stock-counts';

const label = () => ({ wineDisplayName: 'Chablis', vintage: 2022 });

describe('counting in tenths of a bottle', () => {
  it('takes one decimal and refuses two, naming the rule', () => {
    expect(StockCountCounted.safeParse(3.4).success).toBe(true);
    expect(StockCountCounted.safeParse(0.1 * 3).success).toBe(true);
    const refused = StockCountCounted.safeParse(3.45);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('atMostOneDecimal');
    expect(StockCountCounted.safeParse(-0.5).success).toBe(false);
    expect(hasAtMostOneDecimal(12.5)).toBe(true);
    expect(hasAtMostOneDecimal(12.05)).toBe(false);
  });

  it('keeps whole bottles only where the cellar does not count tenths', () => {
    expect(StockCountWholeCounted.safeParse(3).success).toBe(true);
    expect(StockCountWholeCounted.safeParse(3.4).success).toBe(false);
  });

  it('refuses a batch with a figure past one decimal', () => {
    const input = { entries: [{ ownWineId: 'w1', locationId: 'l1', counted: 2.55 }] };
    const result = StockCountEntriesInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('atMostOneDecimal');
  });

  it('stores and adds figures exactly: no float noise', () => {
    expect(exactCount(0.1 + 0.2)).toBe(0.3);
    expect(String(exactCount(3.4))).toBe('3.4');
    expect(tenthsOf(3.4)).toBe(34);
    expect(countDifference(3.4, 3)).toBe(0.4);
    expect(3.4 - 3).not.toBe(0.4);
    expect(countDifference(2, 2.7)).toBe(-0.7);
  });

  it('splits a figure into whole bottles and the open one', () => {
    expect(splitTenths(34)).toEqual({ whole: 3, openTenths: 4 });
    expect(splitTenths(30)).toEqual({ whole: 3, openTenths: 0 });
  });

  it('turns an open bottle’s tenths into the till’s centilitres and back', () => {
    // 0.4 of a 0.75 l bottle is 30 cl (3000 hundredths of a cl).
    expect(openBottleCentiCl(4, 0.75)).toBe(3000);
    expect(openBottleCentiCl(5, 1.5)).toBe(7500);
    expect(openBottleTenths(30, 0.75)).toBe(4);
    expect(openBottleTenths(undefined, 0.75)).toBe(0);
  });

  it('sums a sheet in tenths', () => {
    const lines = [
      lineOf(
        'w1',
        'l1',
        3,
        false,
        10_000,
        { counted: 3.4, countedBy: 'u', countedByName: 'U', countedAt: 'x' },
        label,
      ),
      lineOf(
        'w2',
        'l1',
        1,
        false,
        10_000,
        { counted: 0.2, countedBy: 'u', countedByName: 'U', countedAt: 'x' },
        label,
      ),
      lineOf(
        'w3',
        'l1',
        0,
        true,
        undefined,
        { counted: 0.1, countedBy: 'u', countedByName: 'U', countedAt: 'x' },
        label,
      ),
    ];
    expect(lines[0]?.difference).toBe(0.4);
    expect(lines[0]?.differenceValue).toBe(4000);
    const summary = summarize(lines);
    expect(summary.countedBottles).toBe(3.7);
    expect(summary.difference).toBe(-0.3);
    expect(summary.expectedBottles).toBe(4);
  });
});

describe('a blind count', () => {
  it('shows counters what they counted and nothing of what was expected', () => {
    const line = lineOf(
      'w1',
      'l1',
      6,
      false,
      10_000,
      { counted: 5, countedBy: 'u', countedByName: 'U', countedAt: 'x' },
      label,
    );
    const blind = blindLine(line);
    expect(blind).not.toHaveProperty('expected');
    expect(blind).not.toHaveProperty('difference');
    expect(blind).not.toHaveProperty('differenceValue');
    expect(blind.counted).toBe(5);
    const summary = blindSummary(summarize([line]));
    expect(summary).not.toHaveProperty('expectedBottles');
    expect(summary).not.toHaveProperty('difference');
    expect(summary.countedBottles).toBe(5);
  });
});

describe('finishing a count in tenths', () => {
  it('keeps whole bottles and records the open one (the open bottle counted among them, as the till keeps it)', () => {
    // 4 expected in the bar, 3.4 counted: three full and one four tenths full.
    const applied = appliedTenths(new Map([['bar', 4]]), 0, new Map([['bar', -0.6]]));
    expect(applied).toEqual({ bottles: new Map([['bar', 4]]), openTenths: 4 });
  });

  it('opens a bottle where the count found one more than whole bottles', () => {
    const applied = appliedTenths(new Map([['bar', 2]]), 0, new Map([['bar', 0.5]]));
    expect(applied).toEqual({ bottles: new Map([['bar', 3]]), openTenths: 5 });
  });

  it('closes the open bottle when the wine is counted in whole bottles', () => {
    const applied = appliedTenths(new Map([['bar', 4]]), 4, new Map([['bar', -1]]));
    expect(applied).toEqual({ bottles: new Map([['bar', 3]]), openTenths: 0 });
  });

  it('changes nothing when the count found what there was', () => {
    expect(appliedTenths(new Map([['bar', 4]]), 4, new Map([['bar', -0.6]]))).toBeUndefined();
    expect(appliedTenths(new Map([['bar', 4]]), 0, new Map([['bar', 0]]))).toBeUndefined();
  });

  it('makes one open bottle of the fills of two locations, a whole bottle’s worth counting as full', () => {
    const applied = appliedTenths(
      new Map([
        ['bar', 1],
        ['cellar', 2],
      ]),
      0,
      new Map([
        ['bar', 0.6],
        ['cellar', 0.7],
      ]),
    );
    // 1.6 + 2.7 = 4.3 bottles: four full and one three tenths full, the open one in the bar.
    expect(applied?.openTenths).toBe(3);
    expect([...(applied?.bottles.values() ?? [])].reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(applied?.bottles.get('bar')).toBe(3);
  });
});
