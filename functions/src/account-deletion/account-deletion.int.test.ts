/**
 * Account deletion as a job, against the local stack: the demo restaurant (a year of sales, its cellar,
 * lists and events) with a 5,000-line batch import asks to be deleted. The request answers 202 at once
 * and the account is locked and hidden everywhere; the account-deletions queue's consumer purges it in
 * batches, sending itself on, and mails the person once; a duplicate message does nothing.
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { purgeCoverage } from '@kork/functions/account-deletion/purge';
import { accountsSeed, directorySeed } from '@kork/functions/accounts/seed';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { cellarSeed } from '@kork/functions/cellar/seed';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { eventsSeed } from '@kork/functions/events/seed';
import { suppliersLinkedTo } from '@kork/functions/marketplace/portal/portal-supplier';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import { dynamoClient } from '@kork/functions/platform/dynamo';
import { demoYearSeed } from '@kork/functions/sales-analytics/demo-year-seed';
import { wineListsSeed } from '@kork/functions/wine-lists/seed';
import type { AccountDeletionRequested } from '@kork/queue-messages';
import type { EventsPage, LoginResult, UserStatistic } from '@kork/shared';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqsHandler } from '../../../infra/local/queue-broker';
import { startTestOrigin, type TestOrigin } from '../../test/test-stack';

let origin: TestOrigin;
/** The account-deletions consumer waits for this before each delivery (so "hidden at once" is checked before any purge). */
let gate: Promise<void> = Promise.resolve();
let open: () => void = () => undefined;
const deliveries: AccountDeletionRequested[] = [];

const RESTAURANT = 'restaurant@kork.local';
const RESTAURANT_PASSWORD = 'Restaurant1';
const IMPORT_LINES = 5_000;

beforeAll(async () => {
  // A short slice per delivery, so the purge has to send itself on many times.
  process.env.ACCOUNT_PURGE_SLICE_MS = '400';
  origin = await startTestOrigin({
    loadConsumer: async (_name, def) => {
      const { handler } = (await import(`@kork/functions/${def.consumer.handler}`)) as {
        handler: SqsHandler;
      };
      if (def.consumer.handler !== 'account-deletion/purge-account') return handler;
      return async (event: SQSEvent, context: unknown): Promise<SQSBatchResponse | undefined> => {
        await gate;
        for (const record of event.Records) deliveries.push(JSON.parse(record.body));
        return handler(event, context);
      };
    },
  });
  await applySeeds([
    accountsSeed,
    directorySeed,
    catalogSeed,
    cellarSeed,
    wineListsSeed,
    demoYearSeed,
    eventsSeed,
    marketplaceSeed,
  ]);
}, 600_000);

afterAll(async () => {
  delete process.env.ACCOUNT_PURGE_SLICE_MS;
  await origin?.stop();
});

async function scanTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new ScanCommand({ TableName: 'kork', ExclusiveStartKey: start as never }),
    );
    for (const item of page.Items ?? []) items.push(unmarshall(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A batch import of `lines` lines waiting for review, as the import pipeline leaves it. */
async function bigImport(ownerId: string, lines: number): Promise<void> {
  const now = new Date().toISOString();
  const expiresAt = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
  const importId = `del${Date.now().toString(36)}`;
  await db()
    .entities.importJob.create({
      ownerId,
      id: importId,
      kind: 'table',
      status: 'review',
      version: 1,
      counts: { lines, matched: 0 },
      writtenThrough: 0,
      createdAt: now,
      updatedAt: now,
      expiresAt,
    } as never)
    .go();
  const items = Array.from({ length: lines }, (_, index) => ({
    ownerId,
    importId,
    lineKey: String(index).padStart(5, '0'),
    index,
    at: { row: index + 2 },
    raw: `Wine number ${index};2019;6`,
    parsed: { name: `Wine number ${index}`, vintage: 2019, quantity: 6 },
    match: { kind: 'none' },
    choice: null,
    onDuplicate: 'add',
    confirmed: false,
    expiresAt,
  }));
  for (let i = 0; i < items.length; i += 500) {
    const result = (await db()
      .entities.importLine.put(items.slice(i, i + 500) as never)
      .go()) as unknown as { unprocessed?: unknown[] };
    expect(result.unprocessed ?? []).toEqual([]);
  }
}

/** The items that belong to or name the account (the seed log, which names the demo accounts, aside). */
const ofAccount = (items: Record<string, unknown>[], id: string, email: string) =>
  items.filter((item) => {
    if (item.__edb_e__ === 'seedRun') return false;
    const text = JSON.stringify(item);
    return text.includes(`"${id}"`) || item.ownerId === id || text.includes(email);
  });

describe('account deletion as a job', () => {
  it('has a domain purge for every entity an account owns', () => {
    expect(purgeCoverage().filter((c) => !c.covered)).toEqual([]);
  });

  it('answers 202 at once, hides and locks the account, purges it all in batches and mails once', async () => {
    const login = await origin.api<LoginResult>('POST', '/api/auth/log-in', {
      json: { email: RESTAURANT, password: RESTAURANT_PASSWORD },
    });
    expect(login.status).toBe(200);
    const { access_token: token, user } = login.payload;
    await bigImport(user.id, IMPORT_LINES);
    const before = ofAccount(await scanTable(), user.id, RESTAURANT);
    expect(before.filter((i) => i.__edb_e__ === 'importLine')).toHaveLength(IMPORT_LINES);
    expect(before.filter((i) => i.__edb_e__ === 'sale').length).toBeGreaterThan(1_500);
    // The profile's counts read only what they count, not the year of sales and the import.
    const counting = Date.now();
    const stats = await origin.api<UserStatistic>('GET', `/api/users/${user.id}/statistic`, { token });
    expect(stats.status).toBe(200);
    expect(Date.now() - counting).toBeLessThan(3_000);
    expect(stats.payload.cellarWines).toBe(before.filter((i) => i.__edb_e__ === 'cellarWine').length);
    expect(stats.payload.wineLists).toBe(before.filter((i) => i.__edb_e__ === 'wineList').length);
    expect(stats.payload.wineLists).toBeGreaterThan(0);
    const events = await origin.api<EventsPage>('GET', '/api/events?when=upcoming');
    expect(events.payload.rows.some((e) => e.organiser.id === user.id)).toBe(true);

    gate = new Promise((resolve) => {
      open = resolve;
    });
    const started = Date.now();
    const removed = await origin.api('DELETE', `/api/users/${user.id}`, {
      token,
      json: { action: 'delete', confirmation: 'DELETE' },
    });
    expect(removed.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(3_000);

    // Locked: the session is over and signing in is refused.
    expect((await origin.api('GET', '/api/auth/viewer', { token })).status).toBe(401);
    const again = await origin.api('POST', '/api/auth/log-in', {
      json: { email: RESTAURANT, password: RESTAURANT_PASSWORD },
    });
    expect(again.status).toBe(401);
    // Hidden, though nothing is purged yet: profile, lists, events and search show none of it.
    expect((await origin.api('GET', `/api/users/${user.id}/profile`)).status).toBe(404);
    expect((await origin.api('GET', `/api/users/${user.id}/wine-lists`)).status).toBe(404);
    const eventsAfter = await origin.api<EventsPage>('GET', '/api/events?when=upcoming');
    expect(eventsAfter.status).toBe(200);
    expect(eventsAfter.payload.rows.filter((e) => e.organiser.id === user.id)).toEqual([]);
    const demoEvent = events.payload.rows.find((e) => e.organiser.id === user.id);
    expect((await origin.api('GET', `/api/events/${demoEvent?.id}`)).status).toBe(404);
    const search = await origin.api<{ rows: { kind: string; name: string }[] }>(
      'GET',
      `/api/search?q=${encodeURIComponent('Fjord Bistro')}`,
    );
    expect(JSON.stringify(search.payload ?? {})).not.toContain('Fjord Bistro');
    expect(ofAccount(await scanTable(), user.id, RESTAURANT).length).toBe(before.length);

    // Every delete goes in a BatchWriteItem of at most 25.
    const batches: number[] = [];
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'BatchWriteItemCommand') {
          const items = (args.input as { RequestItems?: Record<string, unknown[]> }).RequestItems ?? {};
          batches.push(Object.values(items).reduce((sum, list) => sum + list.length, 0));
        }
        return next(args);
      },
      { step: 'initialize', name: 'count-batch-writes' },
    );
    open();
    await origin.stack.broker.idle();
    dynamoClient().middlewareStack.remove('count-batch-writes');
    expect(Math.max(...batches)).toBeLessThanOrEqual(25);
    expect(batches.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(before.length - 10);

    expect(ofAccount(await scanTable(), user.id, RESTAURANT)).toEqual([]);
    // It sent itself on with the step it reached, many times over.
    expect(deliveries.length).toBeGreaterThan(2);
    expect(Math.max(...deliveries.map((d) => d.step))).toBeGreaterThan(0);
    const mails = () => origin.stack.outbox.list().filter((m) => m.to === RESTAURANT);
    expect(mails().map((m) => m.subject)).toEqual(['Your Kork account is deleted']);
    expect(origin.stack.broker.deadLetters('account-deletions')).toEqual([]);

    // A duplicate of the first message (a retried delivery) finds nothing to do.
    await origin.stack.broker.send('account-deletions', [deliveries[0]]);
    await origin.stack.broker.idle();
    expect(mails()).toHaveLength(1);
    expect(origin.stack.broker.deadLetters('account-deletions')).toEqual([]);
    expect(
      (
        await origin.api('POST', '/api/auth/log-in', {
          json: { email: RESTAURANT, password: RESTAURANT_PASSWORD },
        })
      ).status,
    ).toBe(401);
  }, 300_000);

  it('does nothing for a message about an account that is not being deleted', async () => {
    const login = await origin.api<LoginResult>('POST', '/api/auth/log-in', {
      json: { email: 'private@kork.local', password: 'Private1234' },
    });
    const { user } = login.payload;
    const before = ofAccount(await scanTable(), user.id, user.email).length;
    const message: AccountDeletionRequested = {
      name: 'accounts.deletion.requested',
      version: 1,
      userId: user.id,
      requestedAt: new Date().toISOString(),
      locale: 'en',
      step: 0,
      round: 0,
    };
    await origin.stack.broker.send('account-deletions', [message]);
    await origin.stack.broker.idle();
    expect(ofAccount(await scanTable(), user.id, user.email).length).toBe(before);
    expect((await origin.api('GET', '/api/auth/viewer', { token: login.payload.access_token })).status).toBe(
      200,
    );
  });

  it('unlinks a deleted importer from the supplier it answered for, so no link names it', async () => {
    const login = await origin.api<LoginResult>('POST', '/api/auth/log-in', {
      json: { email: 'importer@kork.local', password: 'Importer1' },
    });
    expect(login.status).toBe(200);
    const { access_token: token, user } = login.payload;
    const linked = await suppliersLinkedTo(user.id);
    expect(linked).toHaveLength(1);
    const removed = await origin.api('DELETE', `/api/users/${user.id}`, {
      token,
      json: { action: 'delete', confirmation: 'DELETE' },
    });
    expect(removed.status).toBe(202);
    await origin.stack.broker.idle();
    expect(await suppliersLinkedTo(user.id)).toEqual([]);
    expect(ofAccount(await scanTable(), user.id, user.email)).toEqual([]);
    expect(origin.stack.broker.deadLetters('account-deletions')).toEqual([]);
  }, 120_000);
});
