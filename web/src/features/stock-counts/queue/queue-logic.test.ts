import type { StockCountLine, StockCountSheet } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import {
  applyQueue,
  coalesce,
  entryKey,
  failureOutcome,
  matchesBarcode,
  nextBatch,
  type QueuedEntry,
  settledKeys,
} from './queue-logic';

function figure(ownWineId: string, counted: number, countedAt: string, locationId = 'loc-1') {
  return { ownerId: 'owner', countId: 'count-1', ownWineId, locationId, counted, countedAt };
}

function queueOf(...entries: QueuedEntry[]): Map<string, QueuedEntry> {
  return new Map(entries.map((entry) => [entry.key, entry]));
}

describe('the count queue', () => {
  it('keeps one figure per wine and location, the newest, with the next version', () => {
    const first = coalesce(undefined, figure('w1', 3, '2025-03-01T10:00:00.000Z'));
    const second = coalesce(first, figure('w1', 5, '2025-03-01T10:01:00.000Z'));

    expect(first).toMatchObject({ key: entryKey('count-1', 'w1', 'loc-1'), version: 1, counted: 3 });
    expect(second).toMatchObject({ key: first.key, version: 2, counted: 5 });
    expect(coalesce(undefined, figure('w1', 1, 'x', 'uncategorized')).key).not.toBe(first.key);
  });

  it('sends the oldest figures first, at most 90 in a batch, with the key it was given', () => {
    const entries = Array.from({ length: 95 }, (_, index) =>
      coalesce(
        undefined,
        figure(`w${index}`, index, new Date(Date.UTC(2025, 0, 1, 0, 0, 95 - index)).toISOString()),
      ),
    );
    const batch = nextBatch(entries, 'batch-key-1');

    expect(batch?.idempotencyKey).toBe('batch-key-1');
    expect(batch?.body.entries).toHaveLength(90);
    expect(batch?.body.entries[0]).toMatchObject({ ownWineId: 'w94', counted: 94 });
    expect(batch?.sent[0]).toEqual({ key: entryKey('count-1', 'w94', 'loc-1'), version: 1 });
    expect(nextBatch(entries, 'k', 10)?.body.entries).toHaveLength(10);
    expect(nextBatch([], 'k')).toBeUndefined();
  });

  it('removes only the versions a batch carried: a figure changed on the way stays queued', () => {
    const a = coalesce(undefined, figure('a', 1, '2025-01-01T00:00:00.000Z'));
    const b = coalesce(undefined, figure('b', 2, '2025-01-01T00:00:01.000Z'));
    const batch = nextBatch([a, b], 'key-12345') as NonNullable<ReturnType<typeof nextBatch>>;
    const bAgain = coalesce(b, figure('b', 7, '2025-01-01T00:00:05.000Z'));

    expect(settledKeys(batch, queueOf(a, bAgain))).toEqual([a.key]);
    expect(settledKeys(batch, queueOf(a, b))).toEqual([a.key, b.key]);
    expect(settledKeys(batch, queueOf(a, b), new Set([1]))).toEqual([b.key]);
  });

  it('retries what got no answer and drops what the server refused', () => {
    expect(failureOutcome({ status: 0 }, 3)).toEqual({ kind: 'retry' });
    expect(failureOutcome({ status: 503 }, 3)).toEqual({ kind: 'retry' });
    expect(failureOutcome({ status: 409, fields: { key: 'In progress' } }, 3)).toEqual({ kind: 'retry' });
    expect(failureOutcome({ status: 409, fields: { countId: 'Finished' } }, 3)).toEqual({ kind: 'drop' });
    expect(failureOutcome({ status: 404 }, 3)).toEqual({ kind: 'drop' });
    expect(failureOutcome({ status: 400, fields: { 'entries.1.ownWineId': 'Not there' } }, 3)).toEqual({
      kind: 'dropSome',
      indexes: new Set([1]),
    });
  });
});

const line = (overrides: Partial<StockCountLine>): StockCountLine => ({
  ownWineId: 'w1',
  wineDisplayName: 'Barolo',
  vintage: 2019,
  locationId: 'loc-1',
  expected: 6,
  extra: false,
  unitCost: 20000,
  ...overrides,
});

const sheet = {
  id: 'count-1',
  lines: [line({}), line({ ownWineId: 'w2', wineDisplayName: 'Chablis', expected: 2 })],
  eligibleWines: [{ ownWineId: 'w3', wineDisplayName: 'Rioja', vintage: null, productId: '07012345678901' }],
  summary: {},
} as unknown as StockCountSheet;

describe('the sheet with queued figures', () => {
  it('lays queued figures over the lines and works out the summary again', () => {
    const shown = applyQueue(sheet, [
      coalesce(undefined, figure('w1', 4, '2025-01-01T00:00:00.000Z')),
      coalesce(undefined, figure('w3', 1, '2025-01-01T00:00:00.000Z', 'uncategorized')),
    ]);

    expect(shown.lines[0]).toMatchObject({ counted: 4, difference: -2, differenceValue: -40000 });
    expect(shown.lines[2]).toMatchObject({
      ownWineId: 'w3',
      locationId: 'uncategorized',
      expected: 0,
      extra: true,
    });
    expect(shown.summary).toMatchObject({ lines: 3, counted: 2, uncounted: 1, extra: 1, difference: -1 });
  });

  it('finds a wine by its Vinmonopolet number or product id', () => {
    expect(matchesBarcode({ productId: '07012345678901' }, '7012345678901')).toBe(true);
    expect(matchesBarcode({ vinmonopoletNumber: '12345' }, ' 12345\n')).toBe(true);
    expect(matchesBarcode({ vinmonopoletNumber: '12345' }, '1234')).toBe(false);
    expect(matchesBarcode({}, '')).toBe(false);
  });
});
