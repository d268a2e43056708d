/**
 * The history page costs what it is asked, not the years behind it: with 6,000 entries over two years,
 * a page reads as far back as it needs (and one entry more), a day range reads that range, and a text
 * search that finds little stops at the read limit and says how far back it searched.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { putAll } from '@kork/functions/data/batch-writes';
import { tables } from '@kork/functions/data/tables';
import { dynamoClient } from '@kork/functions/platform/dynamo';
import type { HistoryPage } from '@kork/shared';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../../test/seeded-stack';
import { HISTORY_READ_LIMIT } from './history-service';

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant'] });

const ENTRIES = 6_000;
const DAY_MS = 86_400_000;
/** The newest entry's time: two years of entries before it, about eight a day. */
const NEWEST = Date.parse('2026-06-30T18:00:00.000Z');
const step = (2 * 365 * DAY_MS) / ENTRIES;
const atOf = (i: number) => NEWEST - i * step; // i = 0 is the newest
/** The oldest ten entries name a wine nothing newer names. */
const RARE = 'Clos Rougeard Le Bourg';

beforeAll(async () => {
  const ownerId = accounts.userIds.restaurant as string;
  const entries = Array.from({ length: ENTRIES }, (_, i) => {
    const ms = atOf(i);
    const rare = i >= ENTRIES - 10;
    return {
      ownerId,
      id: ulid(ms),
      at: new Date(ms).toISOString(),
      action: i % 3 === 0 ? 'SOLD' : 'QUANTITY',
      ownWineId: rare ? 'rare-wine' : `wine-${i % 40}`,
      wineDisplayName: rare ? `${RARE} 2015` : `Husets rødvin ${i % 40}`,
      actorId: ownerId,
      actorName: 'Demo Restaurant',
      before: { quantity: 2 },
      after: { quantity: 1 },
    };
  });
  await putAll(tables('cellar').cellarHistory, entries, 'history entries');
}, 120_000);

/** Items the table read for the history's queries while `run` ran. */
async function itemsRead<T>(run: () => Promise<T>): Promise<{ answer: T; scanned: number }> {
  let scanned = 0;
  const name = `history-reads-${ulid()}`;
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'QueryCommand')
        scanned += (result.output as { ScannedCount?: number }).ScannedCount ?? 0;
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    return { answer: await run(), scanned };
  } finally {
    dynamoClient().middlewareStack.remove(name);
  }
}

async function history(query: string): Promise<HistoryPage> {
  const answer = await origin.api<HistoryPage>(
    'GET',
    `/api/wine-cellars/users/${accounts.userIds.restaurant}/history?${query}`,
    { token: accounts.tokens.restaurant },
  );
  expect(answer.error).toBeUndefined();
  return answer.payload;
}

describe('the history page of a long history', () => {
  it('answers the first page newest first from one query page, and says more follow', async () => {
    const { answer, scanned } = await itemsRead(() => history('resultsPerPage=50'));
    expect(answer.rows).toHaveLength(50);
    expect(answer.rows[0]?.at).toBe(new Date(atOf(0)).toISOString());
    expect(answer.rows[49]?.at).toBe(new Date(atOf(49)).toISOString());
    expect(answer.more).toBe(true);
    expect(answer.count).toBeGreaterThanOrEqual(51);
    expect(scanned).toBeLessThanOrEqual(300);
  });

  it('answers page three with the entries after the first hundred, reading only that far', async () => {
    const { answer, scanned } = await itemsRead(() => history('resultsPerPage=50&page=3'));
    expect(answer.rows.map((e) => e.at)).toEqual(
      Array.from({ length: 50 }, (_, i) => new Date(atOf(100 + i)).toISOString()),
    );
    expect(answer.count).toBeGreaterThanOrEqual(151);
    expect(answer.more).toBe(true);
    expect(scanned).toBeLessThanOrEqual(300);
  });

  it('counts a day exactly and reads only around it', async () => {
    const day = '2025-07-01';
    const expected = Array.from({ length: ENTRIES }, (_, i) => new Date(atOf(i)).toISOString()).filter((at) =>
      at.startsWith(day),
    );
    expect(expected.length).toBeGreaterThan(3);
    const { answer, scanned } = await itemsRead(() => history(`from=${day}&to=${day}&resultsPerPage=200`));
    expect(answer.more).toBeUndefined();
    expect(answer.count).toBe(expected.length);
    expect(answer.rows.map((e) => e.at)).toEqual(expected);
    expect(scanned).toBeLessThanOrEqual(expected.length + 2);
  });

  it('stops a search that finds little at the read limit, says how far back it looked, and finds the rest in a date range', async () => {
    const { answer, scanned } = await itemsRead(() => history(`search=${encodeURIComponent('rougeard')}`));
    expect(answer.rows).toEqual([]);
    expect(answer.more).toBe(true);
    expect(scanned).toBeLessThan(HISTORY_READ_LIMIT + 300);
    expect(answer.searchedBackTo).toBeDefined();
    expect(Date.parse(answer.searchedBackTo as string)).toBeGreaterThan(atOf(ENTRIES - 1));

    const oldest = new Date(atOf(ENTRIES - 1)).toISOString().slice(0, 10);
    const older = await history(
      `search=${encodeURIComponent('rougeard')}&from=${oldest}&to=${(answer.searchedBackTo as string).slice(0, 10)}`,
    );
    expect(older.count).toBe(10);
    expect(older.more).toBeUndefined();
    expect(older.rows.every((e) => e.wineDisplayName.startsWith(RARE))).toBe(true);
  });

  it("finds a wine's entries however far back they are, as its drawer asks", async () => {
    const answer = await history('ownWineId=rare-wine&resultsPerPage=10');
    expect(answer.rows).toHaveLength(10);
    expect(answer.count).toBe(10);
    expect(answer.more).toBeUndefined();
    expect(answer.searchedBackTo).toBeUndefined();
  });
});
