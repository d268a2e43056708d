/**
 * The sales analytics' day rollups shared between function instances (sales-rollups-held.ts,
 * kernel/shared-derived.ts, docs/sales-analytics.md "Shared between instances"), against DynamoDB Local
 * and the S3 emulator: a new instance answers from the copy stored at the cellar's version (a rollup
 * item written around the services stays unseen until the version moves), reads only the days the copy
 * lacks, reads afresh after a sale or past the snapshots' maximum age, ignores a broken copy, and the
 * copy goes with the account.
 */
import { gunzipSync } from 'node:zlib';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { purgeAccountData } from '@kork/functions/cellar/account-purge';
import { resetCellarSnapshots } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { cellarVersionOf } from '@kork/functions/cellar/kernel/cellar-version';
import {
  type SharedDerived,
  sharedDerivedKey,
  writeSharedDerived,
} from '@kork/functions/cellar/kernel/shared-derived';
import { sharedSnapshotKey } from '@kork/functions/cellar/kernel/shared-snapshot';
import { db } from '@kork/functions/data/entities';
import { s3Client } from '@kork/functions/platform/s3';
import type { RollupColumns } from '@kork/functions/sales-analytics/rollup-columns';
import { SHARED_ROLLUPS } from '@kork/functions/sales-analytics/sales-rollups-held';
import { type CellarWine, dayNumber, isoOfDay, type SalesAnalytics, todayIso } from '@kork/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant'] });
const R = 'restaurant';
const owner = () => accounts.userIds[R] as string;
const bucket = () => process.env.CELLAR_SNAPSHOTS_BUCKET as string;
const today = dayNumber(todayIso());
const ago = (days: number) => isoOfDay(today - days);

let wine: CellarWine;

afterEach(() => {
  delete process.env.CELLAR_SNAPSHOT_MAX_AGE_MS;
});

async function analytics(query = ''): Promise<SalesAnalytics> {
  const answer = await origin.api<SalesAnalytics>(
    'GET',
    `/api/wine-cellars/users/${owner()}/sales-analytics${query}`,
    { token: accounts.tokens[R] },
  );
  expect(answer.status).toBe(200);
  return answer.payload;
}

/** A sale of today through the route: its rollups added and the version raised in its transaction. */
async function sell(units: number): Promise<void> {
  const answer = await origin.api('POST', `/api/wine-cellars/users/${owner()}/sales`, {
    token: accounts.tokens[R],
    json: { products: [{ ownWineId: wine.id, units, unitPrice: 40_000 }] },
  });
  expect(answer.status).toBe(201);
}

/** A rollup item written around the sales' services (an operator's fix): no version raised. */
async function rollupAround(day: string, units: number): Promise<void> {
  await db()
    .entities.saleRollup.put({
      ownerId: owner(),
      day,
      group: `${wine.id}|red|Italia`,
      ownWineId: wine.id,
      wineDisplayName: wine.wineDisplayName,
      mainCategoryId: 'red',
      country: 'Italia',
      units,
      revenue: units * 32_000,
      revenueWithVat: units * 40_000,
      sales: 1,
      daySales: 1,
      categorySales: 1,
      countrySales: 1,
    })
    .go();
}

async function stored(): Promise<SharedDerived<RollupColumns> | undefined> {
  try {
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: bucket(), Key: sharedDerivedKey(owner(), SHARED_ROLLUPS) }),
    );
    const body = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    return JSON.parse(gunzipSync(body).toString('utf8')) as SharedDerived<RollupColumns>;
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

async function dropCopy(): Promise<void> {
  await s3Client().send(
    new DeleteObjectCommand({ Bucket: bucket(), Key: sharedDerivedKey(owner(), SHARED_ROLLUPS) }),
  );
}

beforeAll(async () => {
  wine = await accounts.addWine(R, {
    source: 'CUSTOM',
    wineName: 'Delt Barolo',
    vintage: 2019,
    bottleSize: 0.75,
    quantity: 100,
    mainCategoryId: 'red',
    country: 'Italia',
    purchasePriceWovat: 10_000,
  });
  await sell(2);
});

describe('the sales rollups shared between instances', () => {
  it('are stored by the instance that read them, at the version it read, with the days they cover', async () => {
    expect(bucket()).toBeTruthy();
    resetCellarSnapshots();
    expect((await analytics()).totals.units).toBe(2);
    const copy = await stored();
    expect(copy?.version).toBe(await cellarVersionOf(owner()));
    expect(copy?.value).toMatchObject({ from: today - 364, to: today });
    expect(copy?.value.groups).toEqual([[wine.id, wine.wineDisplayName, 'red', 'Italia']]);
  });

  it('answer a new instance at the same version: an item written around the services stays unseen', async () => {
    const before = await analytics();
    await rollupAround(ago(3), 5);
    // A new instance takes the copy, so it answers what was read before the item was written.
    resetCellarSnapshots();
    expect(await analytics()).toEqual(before);
    // Without the copy, the new instance reads the rollups and sees the item.
    await dropCopy();
    resetCellarSnapshots();
    expect((await analytics()).totals.units).toBe(before.totals.units + 5);
    // …and stores them again.
    resetCellarSnapshots();
    expect((await analytics()).totals.units).toBe(before.totals.units + 5);
  });

  it('are read afresh after a sale, which the next answer and the next copy include', async () => {
    const before = await analytics();
    const version = await cellarVersionOf(owner());
    await rollupAround(ago(4), 7);
    resetCellarSnapshots();
    expect(await analytics()).toEqual(before);

    await sell(1);
    // The version moved: the same instance and a new one read the rollups, the item and the sale with them.
    expect((await analytics()).totals.units).toBe(before.totals.units + 7 + 1);
    expect((await stored())?.version).toBeGreaterThan(version);
    resetCellarSnapshots();
    expect((await analytics()).totals.units).toBe(before.totals.units + 7 + 1);
  });

  it('cover what they cover: a new instance reads only the days the copy lacks', async () => {
    const week = await analytics(`?from=${ago(6)}&to=${ago(0)}`);
    await dropCopy();
    // One instance asks a week: the copy covers that week.
    resetCellarSnapshots();
    expect(await analytics(`?from=${ago(6)}&to=${ago(0)}`)).toEqual(week);
    expect((await stored())?.value).toMatchObject({ from: today - 6, to: today });
    const older = await yearBeforeWeek();
    // Items written around the services inside and outside the week the copy covers.
    await rollupAround(ago(1), 11);
    await rollupAround(ago(30), 13);
    resetCellarSnapshots();
    const year = await analytics();
    // The week from the copy (without the 11), the rest of the year read (with the 13).
    expect(year.totals.units).toBe(week.totals.units + older + 13);
    expect((await stored())?.value).toMatchObject({ from: today - 364, to: today });
  });

  it('are not used once the cellar is read again past the maximum age, even at the same version', async () => {
    // Everything written so far, read from the table.
    await dropCopy();
    resetCellarSnapshots();
    const before = await analytics();
    await rollupAround(ago(50), 17);
    resetCellarSnapshots();
    expect(await analytics()).toEqual(before);
    process.env.CELLAR_SNAPSHOT_MAX_AGE_MS = '0';
    resetCellarSnapshots();
    expect((await analytics()).totals.units).toBe(before.totals.units + 17);
  });

  it('when broken, are read as none: the rollups are read and the copy written again', async () => {
    const answer = await analytics();
    const version = await cellarVersionOf(owner());
    const valid = await stored();
    const put = (body: string | Buffer) =>
      s3Client().send(
        new PutObjectCommand({
          Bucket: bucket(),
          Key: sharedDerivedKey(owner(), SHARED_ROLLUPS),
          Body: body,
        }),
      );
    await put('not a copy');
    await rollupAround(ago(60), 19);
    resetCellarSnapshots();
    expect((await analytics()).totals.units).toBe(answer.totals.units + 19);
    expect((await stored())?.version).toBe(version);
    // A copy whose envelope is right but whose columns do not fit together.
    const value = valid?.value as RollupColumns;
    await writeSharedDerived(owner(), SHARED_ROLLUPS, version, Date.now(), {
      ...value,
      group: value.group.slice(1),
    });
    resetCellarSnapshots();
    expect((await analytics()).totals.units).toBe(answer.totals.units + 19);
    // Of another cellar's version.
    await writeSharedDerived(owner(), SHARED_ROLLUPS, version + 1, Date.now(), value);
    resetCellarSnapshots();
    expect((await analytics()).totals.units).toBe(answer.totals.units + 19);
    expect((await stored())?.version).toBe(version);
  });

  it('go with the account', async () => {
    await analytics();
    expect(await stored()).toBeDefined();
    await writeSharedDerived(owner(), 'another-value', 1, Date.now(), { any: 'thing' });
    expect(await purgeAccountData(owner(), Date.now() + 60_000)).toBe(true);
    for (const Key of [
      sharedDerivedKey(owner(), SHARED_ROLLUPS),
      sharedDerivedKey(owner(), 'another-value'),
      sharedSnapshotKey(owner()),
    ])
      await expect(s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key }))).rejects.toMatchObject({
        name: 'NotFound',
      });
  });
});

/** Bottles of the wine in the year before the last week, read from the table (no copy, no instance). */
async function yearBeforeWeek(): Promise<number> {
  const { data } = await db()
    .entities.saleRollup.query.byDay({ ownerId: owner() })
    .between({ day: ago(364) }, { day: `${ago(7)}~` })
    .go({ pages: 'all' });
  return data.filter((item) => item.ownWineId === wine.id).reduce((sum, item) => sum + (item.units ?? 0), 0);
}
