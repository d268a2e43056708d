/**
 * The market-value sync's writes: a day's quote into the wine's `valuationYear` item (once per wine and
 * day, however often it is written), a year of demo history at once, the community's price, and the
 * provider's daily request budget.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ValuationQuote } from '../adapters/valuation-provider';
import { tables } from '../data/tables';
import { isConditionFailure } from '../data/transactions';
import { documentClient } from '../platform/dynamo';

/** `VALUATION_PROVIDER_DAILY_BUDGET`: provider requests a day, 10,000 unless set. */
export function dailyBudget(): number {
  const value = Number(process.env.VALUATION_PROVIDER_DAILY_BUDGET);
  return Number.isInteger(value) && value >= 0 && process.env.VALUATION_PROVIDER_DAILY_BUDGET
    ? value
    : 10_000;
}

function mmdd(day: string): string {
  return `${day.slice(5, 7)}${day.slice(8, 10)}`;
}

function descriptionOf(quote: ValuationQuote) {
  return {
    currency: quote.currency,
    priceType: quote.priceType,
    source: quote.source,
    demo: quote.demo,
    ...(quote.sampleSize !== undefined ? { sampleSize: quote.sampleSize } : {}),
    ...(quote.confidence !== undefined ? { confidence: quote.confidence } : {}),
  };
}

/** The table and key of a wine's year item, as ElectroDB writes them. */
function yearKey(key: string, year: string): { TableName: string; Key: Record<string, unknown> } {
  const params = tables('market-values').valuationYear.get({ key, year }).params() as {
    TableName: string;
    Key: Record<string, unknown>;
  };
  return { TableName: params.TableName, Key: params.Key };
}

/**
 * Adds the day of `quote` to its wine's year, unless that day is already there. One conditional update
 * when the year item exists; the year's first day creates it. When the day is newer than the item's
 * newest, it becomes the item's newest with its description (type, source, sample size, confidence).
 * Answers whether the day was written (`false`: it was already there, nothing changed).
 */
export async function recordQuote(quote: ValuationQuote, now = new Date()): Promise<boolean> {
  const year = quote.asOf.slice(0, 4);
  const day = mmdd(quote.asOf);
  const target = yearKey(quote.key, year);
  const described = descriptionOf(quote);
  const updatedAt = now.toISOString();
  const newest = async () => {
    const names: Record<string, string> = { '#days': 'days', '#d': day, '#lastDay': 'lastDay' };
    const values: Record<string, unknown> = { ':p': quote.price, ':asOf': quote.asOf, ':u': updatedAt };
    const sets = ['#days.#d = :p', '#lastDay = :asOf', 'lastPrice = :p', 'updatedAt = :u'];
    const removes: string[] = [];
    for (const field of ['currency', 'priceType', 'source', 'demo', 'sampleSize', 'confidence'] as const) {
      const value = (described as Record<string, unknown>)[field];
      names[`#${field}`] = field;
      if (value === undefined) removes.push(`#${field}`);
      else {
        sets.push(`#${field} = :${field}`);
        values[`:${field}`] = value;
      }
    }
    await documentClient().send(
      new UpdateCommand({
        ...target,
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression:
          'attribute_exists(#days) AND attribute_not_exists(#days.#d) AND #lastDay < :asOf',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  };
  const older = async () => {
    await documentClient().send(
      new UpdateCommand({
        ...target,
        UpdateExpression: 'SET #days.#d = :p',
        ConditionExpression: 'attribute_exists(#days) AND attribute_not_exists(#days.#d)',
        ExpressionAttributeNames: { '#days': 'days', '#d': day },
        ExpressionAttributeValues: { ':p': quote.price },
      }),
    );
  };
  const create = async () => {
    await tables('market-values')
      .valuationYear.create({
        key: quote.key,
        year,
        days: { [day]: quote.price },
        ...described,
        lastDay: quote.asOf,
        lastPrice: quote.price,
        updatedAt,
      })
      .go({ response: 'none' });
  };
  // A day newer than the item's newest (the daily sync), else an older one (a late answer); else the
  // year's first day; a create that meets an item made meanwhile tries the updates once more.
  for (let round = 0; round < 2; round++) {
    for (const attempt of [newest, older, create]) {
      try {
        await attempt();
        return true;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
  }
  return false;
}

/** Which of these keys already have a value on `day` (yyyy-mm-dd). */
export async function keysValuedOn(keys: readonly string[], day: string): Promise<Set<string>> {
  const year = day.slice(0, 4);
  const md = mmdd(day);
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 100) {
    let pending = keys.slice(i, i + 100).map((key) => ({ key, year }));
    for (let round = 0; pending.length > 0; round++) {
      if (round >= 8) throw new Error('Unprocessed valuation keys remained after 8 rounds');
      const { data, unprocessed } = await tables('market-values')
        .valuationYear.get(pending)
        .go({ attributes: ['key', 'days'] });
      for (const item of data) {
        if ((item.days as Record<string, number> | undefined)?.[md] !== undefined) found.add(item.key);
      }
      pending = (unprocessed ?? []) as typeof pending;
    }
  }
  return found;
}

/**
 * Wines' whole histories at once (the demo seed): one item per key and year, written over whatever was
 * there, in batch writes. Each history is one wine's quotes, oldest first.
 */
export async function recordHistories(
  histories: readonly (readonly ValuationQuote[])[],
  now = new Date(),
): Promise<number> {
  const items = histories.flatMap((quotes) => {
    const byYear = new Map<string, ValuationQuote[]>();
    for (const quote of quotes) {
      const year = quote.asOf.slice(0, 4);
      byYear.set(year, [...(byYear.get(year) ?? []), quote]);
    }
    return [...byYear.entries()].map(([year, days]) => {
      const last = days.at(-1) as ValuationQuote;
      return {
        key: last.key,
        year,
        days: Object.fromEntries(days.map((q) => [mmdd(q.asOf), q.price])),
        ...descriptionOf(last),
        lastDay: last.asOf,
        lastPrice: last.price,
        updatedAt: now.toISOString(),
      };
    });
  });
  // 100 puts a transaction, four at once: on DynamoDB Local's disk store each request is a commit, so
  // this is several times faster than 25-item batch writes (a year item is ~3 KB, 100 of them well
  // within a transaction's 4 MB).
  const puts = items.map(
    (item) => tables('market-values').valuationYear.put(item).params() as { TableName: string; Item: object },
  );
  const chunks: (typeof puts)[] = [];
  for (let i = 0; i < puts.length; i += 100) chunks.push(puts.slice(i, i + 100));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++] as typeof puts;
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: chunk.map((put) => ({ Put: { TableName: put.TableName, Item: put.Item } })),
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, chunks.length) }, worker));
  return items.length;
}

/** The community's price of a wine as of a day (replacing the last). */
export async function recordCommunityPrice(
  price: { key: string; day: string; average: number; owners: number; currency: string },
  now = new Date(),
): Promise<void> {
  await tables('market-values')
    .communityPrice.put({ ...price, updatedAt: now.toISOString() })
    .go({ response: 'none' });
}

/**
 * Takes up to `wanted` of the day's provider requests from the budget with one conditional atomic ADD
 * (never past `budget`, whatever runs at once); when fewer are left, takes what is left. Answers how
 * many were granted: the rest wait for tomorrow.
 */
export async function reserveBudget(
  provider: string,
  day: string,
  wanted: number,
  budget = dailyBudget(),
): Promise<number> {
  const expiresAt = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 8 * 86_400;
  wanted = Math.min(wanted, budget);
  for (let round = 0; round < 4 && wanted > 0; round++) {
    try {
      await tables('market-values')
        .valuationBudget.update({ provider, day })
        .add({ requests: wanted })
        .set({ expiresAt })
        .where((a, { notExists, lte }) => `${notExists(a.requests)} OR ${lte(a.requests, budget - wanted)}`)
        .go({ response: 'none' });
      return wanted;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { data } = await tables('market-values')
      .valuationBudget.get({ provider, day })
      .go({ consistent: true });
    wanted = Math.min(wanted, Math.max(0, budget - (data?.requests ?? 0)));
  }
  return 0;
}
