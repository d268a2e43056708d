import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appliedBottles,
  cappedCountedAt,
  cellarAtMoment,
  countAsOf,
  isLatestCount,
  mergeEntries,
  mergeEntry,
  sheetLines,
  summarize,
} from './stock-count-rules';
import type { StockCountEntry } from './stock-counts';

const label = (ownWineId: string) => ({ wineDisplayName: `Wine ${ownWineId}`, vintage: 2020 });

function entry(ownWineId: string, locationId: string, counted: number, countedAt: string): StockCountEntry {
  return { ownWineId, locationId, counted, countedAt, countedBy: 'u1', countedByName: 'Ada' };
}

describe('countAsOf', () => {
  const now = new Date('2025-03-10T12:34:56.789Z');
  it('is now for a count dated today', () => {
    expect(countAsOf('2025-03-10', now)).toBe('2025-03-10T12:34:56.789Z');
  });
  it('is the end of the day (UTC) for an earlier date', () => {
    expect(countAsOf('2025-03-01', now)).toBe('2025-03-01T23:59:59.999Z');
  });
});

describe('cellarAtMoment', () => {
  it('takes the wine as it is when nothing happened since', () => {
    const at = cellarAtMoment(
      [{ ownWineId: 'a', placements: [{ locationId: null, quantity: 3 }], purchasePriceWovat: 100 }],
      [],
    );
    expect([...(at.get('a')?.bottles ?? [])]).toEqual([['uncategorized', 3]]);
    expect(at.get('a')?.purchasePriceWovat).toBe(100);
  });

  it('undoes later changes: the first later entry tells the state at the moment', () => {
    const at = cellarAtMoment(
      [{ ownWineId: 'a', placements: [{ locationId: 'L1', quantity: 1 }] }],
      [
        { ownWineId: 'a', before: { quantity: 5, placements: [{ locationId: 'L1', quantity: 5 }] } },
        { ownWineId: 'a', before: { quantity: 2, placements: [{ locationId: 'L1', quantity: 2 }] } },
      ],
    );
    expect(at.get('a')?.bottles.get('L1')).toBe(5);
  });

  it('leaves out a wine added later and keeps one deleted later', () => {
    const at = cellarAtMoment(
      [{ ownWineId: 'new', placements: [{ locationId: null, quantity: 2 }] }],
      [
        { ownWineId: 'new', before: null },
        { ownWineId: 'gone', before: { quantity: 4, placements: [{ locationId: 'L2', quantity: 4 }] } },
      ],
    );
    expect(at.has('new')).toBe(false);
    expect(at.get('gone')?.bottles.get('L2')).toBe(4);
  });

  it('keeps a wine present with no bottles (it may be counted as extra)', () => {
    const at = cellarAtMoment([{ ownWineId: 'a', placements: [] }], []);
    expect(at.get('a')?.bottles.size).toBe(0);
  });
});

describe('merging entries', () => {
  it('keeps the later countedAt whichever arrives last', () => {
    const older = entry('a', 'L1', 3, '2025-01-01T10:00:00.000Z');
    const newer = entry('a', 'L1', 5, '2025-01-01T11:00:00.000Z');
    expect(mergeEntry(older, newer).counted).toBe(5);
    expect(mergeEntry(newer, older).counted).toBe(5);
  });

  it('is order-independent (property)', () => {
    const arb = fc.array(
      fc.record({
        w: fc.constantFrom('a', 'b'),
        l: fc.constantFrom('L1', 'L2'),
        n: fc.nat(50),
        t: fc.integer({ min: 0, max: 1_000_000 }),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (raw) => {
        // distinct moments per pair, so the winner is unique
        const seen = new Set<string>();
        const entries = raw
          .filter((r) => !seen.has(`${r.w}${r.l}${r.t}`) && seen.add(`${r.w}${r.l}${r.t}`))
          .map((r) => entry(r.w, r.l, r.n, new Date(r.t).toISOString()));
        const sort = (list: StockCountEntry[]) =>
          [...list].sort((x, y) =>
            `${x.ownWineId}${x.locationId}`.localeCompare(`${y.ownWineId}${y.locationId}`),
          );
        expect(sort(mergeEntries(entries))).toEqual(sort(mergeEntries([...entries].reverse())));
      }),
    );
  });

  it('caps a device moment at the server now', () => {
    const now = new Date('2025-01-01T12:00:00.000Z');
    expect(cappedCountedAt('2030-01-01T00:00:00Z', now)).toBe(now.toISOString());
    expect(cappedCountedAt('2024-12-31T23:00:00+01:00', now)).toBe('2024-12-31T22:00:00.000Z');
    expect(cappedCountedAt(undefined, now)).toBe(now.toISOString());
  });
});

describe('sheet lines and summary', () => {
  const atMoment = cellarAtMoment(
    [
      { ownWineId: 'a', placements: [{ locationId: 'L1', quantity: 6 }], purchasePriceWovat: 10000 },
      { ownWineId: 'b', placements: [{ locationId: 'L2', quantity: 2 }] },
      { ownWineId: 'c', placements: [{ locationId: 'L1', quantity: 1 }], purchasePriceWovat: 500 },
    ],
    [],
  );

  it('lists expected lines in scope, merges the entries and marks extras', () => {
    const lines = sheetLines(
      atMoment,
      [entry('a', 'L1', 4, '2025-01-01T00:00:00Z'), entry('b', 'L1', 1, '2025-01-01T00:00:00Z')],
      new Set(['L1']),
      label,
    );
    expect(lines.map((l) => [l.ownWineId, l.locationId, l.expected, l.counted, l.extra])).toEqual([
      ['a', 'L1', 6, 4, false],
      ['b', 'L1', 0, 1, true],
      ['c', 'L1', 1, undefined, false],
    ]);
    const a = lines[0];
    expect(a?.difference).toBe(-2);
    expect(a?.differenceValue).toBe(-20000);
    expect(summarize(lines)).toEqual({
      lines: 3,
      counted: 2,
      uncounted: 1,
      extra: 1,
      expectedBottles: 7,
      countedBottles: 5,
      difference: -1,
      differenceValue: -20000,
    });
  });

  it('covers every location for a whole-cellar count', () => {
    expect(sheetLines(atMoment, [], null, label)).toHaveLength(3);
  });
});

describe('latest count and finishing', () => {
  it('is latest when no finished count was taken later', () => {
    expect(isLatestCount('2025-02-01T00:00:00.000Z', [{ asOf: '2025-01-01T00:00:00.000Z' }])).toBe(true);
    expect(isLatestCount('2025-01-01T00:00:00.000Z', [{ asOf: '2025-02-01T00:00:00.000Z' }])).toBe(false);
    expect(isLatestCount('2025-01-01T00:00:00.000Z', [])).toBe(true);
  });

  it('adds each difference to the bottles there now, never below 0', () => {
    const next = appliedBottles(
      new Map([
        ['L1', 5],
        ['L2', 1],
      ]),
      new Map([
        ['L1', -2],
        ['L2', -3],
        ['L3', 4],
      ]),
    );
    expect(next && [...next].sort()).toEqual([
      ['L1', 3],
      ['L3', 4],
    ]);
  });

  it('changes nothing when the differences are 0 or cannot take bottles below 0', () => {
    expect(appliedBottles(new Map([['L1', 2]]), new Map([['L1', 0]]))).toBeUndefined();
    expect(appliedBottles(new Map(), new Map([['L1', -1]]))).toBeUndefined();
  });
});
