/**
 * A cellar's copy shared between function instances (kernel/shared-snapshot.ts, docs/cellar-reads.md),
 * against DynamoDB Local and the S3 emulator: a new instance takes the copy stored at the cellar's
 * version, never one of another version or past the maximum age; a broken copy is read as none and
 * written again; the copy goes with the account.
 */
import { gunzipSync } from 'node:zlib';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { purgeAccountData } from '@kork/functions/cellar/account-purge';
import { markWholeCellarChanged } from '@kork/functions/cellar/kernel/cellar-changes';
import { lastSnapshotRead, resetCellarSnapshots } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { bumpCellarVersion, cellarVersionOf } from '@kork/functions/cellar/kernel/cellar-version';
import { type SharedSnapshot, sharedSnapshotKey } from '@kork/functions/cellar/kernel/shared-snapshot';
import { listOwnWines } from '@kork/functions/cellar/wines/cellar-wine-reads';
import { db } from '@kork/functions/data/entities';
import { s3Client } from '@kork/functions/platform/s3';
import type { CellarWine } from '@kork/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['private', 'expert'] });

afterEach(() => {
  delete process.env.CELLAR_SNAPSHOT_MAX_AGE_MS;
});

const bucket = () => process.env.CELLAR_SNAPSHOTS_BUCKET as string;
const owner = (user: string) => accounts.userIds[user] as string;

function custom(name: string): Record<string, unknown> {
  return {
    source: 'CUSTOM',
    wineName: name,
    vintage: 2019,
    bottleSize: 0.75,
    quantity: 3,
    mainCategoryId: 'red',
  };
}

async function stored(ownerId: string): Promise<SharedSnapshot | undefined> {
  try {
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: bucket(), Key: sharedSnapshotKey(ownerId) }),
    );
    const body = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    return JSON.parse(gunzipSync(body).toString('utf8')) as SharedSnapshot;
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

async function wineIn(ownerId: string, id: string): Promise<CellarWine | undefined> {
  const page = await listOwnWines(ownerId, { resultsPerPage: 500 });
  return page.rows.find((row) => row.id === id);
}

/** A write that goes around the cellar's services and raises no version (an operator's fix). */
async function renameAround(ownerId: string, id: string, wineName: string): Promise<void> {
  await db().entities.cellarWine.patch({ ownerId, id }).set({ wineName }).go();
}

describe('a cellar copy shared between instances', () => {
  it('is stored by the instance that read the cellar, labelled with the version it read', async () => {
    expect(bucket()).toBeTruthy();
    const wine = await accounts.addWine('private', custom('Delt vin'));
    resetCellarSnapshots();
    expect((await wineIn(owner('private'), wine.id))?.quantity).toBe(3);
    const copy = await stored(owner('private'));
    expect(copy?.version).toBe(await cellarVersionOf(owner('private')));
    expect(copy?.wines.find((w) => w.id === wine.id)?.wineName).toBe('Delt vin');
  });

  it('answers a new instance at the same version, and is left once the version moves', async () => {
    const ownerId = owner('private');
    const wine = await accounts.addWine('private', custom('Original'));
    expect((await wineIn(ownerId, wine.id))?.wineName).toBe('Original');
    // A new instance brings the copy up to date with the wine added, and stores it at this version.
    resetCellarSnapshots();
    expect((await wineIn(ownerId, wine.id))?.wineName).toBe('Original');
    // The wines changed since the copy was read, and those of a minute before it (the slack): this one
    // and the one the test before added.
    expect(lastSnapshotRead().source).toBe('shared copy brought up to date');
    expect(lastSnapshotRead().winesRead).toBeGreaterThanOrEqual(1);
    expect(lastSnapshotRead().winesRead).toBeLessThanOrEqual(2);
    expect((await stored(ownerId))?.version).toBe(await cellarVersionOf(ownerId));

    await renameAround(ownerId, wine.id, 'Endret utenom');
    // A new instance: the copy at this version, so still the name it was read with.
    resetCellarSnapshots();
    expect((await wineIn(ownerId, wine.id))?.wineName).toBe('Original');

    // Once the version moves with wines written around the transactions (a seed marks them so), a new
    // instance reads the cellar itself, and stores it again.
    await markWholeCellarChanged(ownerId);
    await bumpCellarVersion(ownerId);
    resetCellarSnapshots();
    expect((await wineIn(ownerId, wine.id))?.wineName).toBe('Endret utenom');
    expect(lastSnapshotRead().source).toBe('whole cellar');
    expect((await stored(ownerId))?.version).toBe(await cellarVersionOf(ownerId));
  });

  it('is not used past the maximum age, even at the same version', async () => {
    const ownerId = owner('private');
    const wine = await accounts.addWine('private', custom('Gammel kopi'));
    expect((await wineIn(ownerId, wine.id))?.wineName).toBe('Gammel kopi');
    await renameAround(ownerId, wine.id, 'Lest på nytt');
    process.env.CELLAR_SNAPSHOT_MAX_AGE_MS = '0';
    resetCellarSnapshots();
    expect((await wineIn(ownerId, wine.id))?.wineName).toBe('Lest på nytt');
  });

  it('when broken, is read as none: the cellar is read and the copy written again', async () => {
    const ownerId = owner('private');
    const wine = await accounts.addWine('private', custom('Hel vin'));
    const answer = await listOwnWines(ownerId, { resultsPerPage: 500 });
    await s3Client().send(
      new PutObjectCommand({ Bucket: bucket(), Key: sharedSnapshotKey(ownerId), Body: 'not a snapshot' }),
    );
    resetCellarSnapshots();
    expect(await listOwnWines(ownerId, { resultsPerPage: 500 })).toEqual(answer);
    expect((await stored(ownerId))?.wines.some((w) => w.id === wine.id)).toBe(true);
  });

  it('goes with the account', async () => {
    const ownerId = owner('expert');
    await accounts.addWine('expert', custom('Ekspertvin'));
    resetCellarSnapshots();
    await listOwnWines(ownerId, {});
    expect(await stored(ownerId)).toBeDefined();
    expect(await purgeAccountData(ownerId, Date.now() + 60_000)).toBe(true);
    await expect(
      s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: sharedSnapshotKey(ownerId) })),
    ).rejects.toMatchObject({ name: 'NotFound' });
  });
});
