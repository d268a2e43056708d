/**
 * A batch import's writer against DynamoDB Local: items land whole (wine and history entry) across
 * transactions, with their sources and external ids; a guard that fails stops the write with the earlier
 * transactions kept and nothing of its own; many imports of one catalogue wine into one cellar meet on
 * one row whose history sums to its bottles.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { allWines, type WineRecord } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { inventoryOf } from '@kork/functions/cellar/kernel/wine-reads';
import {
  type ImportGuard,
  ImportGuardFailed,
  type ImportItem,
  ImportItemsRefused,
  importOwnWines,
  slicesOf,
} from '@kork/functions/cellar/wines/cellar-wine-imports';
import { db } from '@kork/functions/data/entities';
import { writeItems } from '@kork/functions/data/tables';
import { type CellarWine, EMPTY_IMPORT_COUNTS, type ExternalId, type HistoryState } from '@kork/shared';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedHistoryOf } from '../../test/cellar-history';
import { useSeededStack } from '../../test/seeded-stack';

const { accounts } = useSeededStack({
  seeds: [accountsSeed, catalogSeed],
  signIn: ['restaurant', 'private', 'expert'],
});
const { userIds } = accounts;
const reds: WineRecord[] = [];
const whites: WineRecord[] = [];

beforeAll(async () => {
  for await (const page of allWines()) {
    for (const wine of page) {
      if (wine.status !== 'active') continue;
      if (wine.mainCategoryId === 'red') reds.push(wine);
      if (wine.mainCategoryId === 'white') whites.push(wine);
    }
  }
  expect(reds.length).toBeGreaterThan(3);
  expect(whites.length).toBeGreaterThan(0);
});

// — helpers —

const principalOf = (user: string) => ({ userId: userIds[user] as string, role: 'user' as const });

/** An import job in `importing`, nothing written yet. */
async function newJob(ownerId: string): Promise<string> {
  const id = ulid();
  const now = new Date().toISOString();
  await db()
    .entities.importJob.create({
      ownerId,
      id,
      kind: 'magic',
      status: 'importing',
      version: 1,
      counts: EMPTY_IMPORT_COUNTS,
      writtenThrough: -1,
      createdAt: now,
      updatedAt: now,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    })
    .go();
  return id;
}

async function writtenThrough(ownerId: string, id: string): Promise<number> {
  const { data } = await db().entities.importJob.get({ ownerId, id }).go({ consistent: true });
  return data?.writtenThrough as number;
}

/** The job moves past the lines a transaction writes, only from where it stands (as the pipeline's guard). */
function jobGuard(ownerId: string, id: string, slices: { first: number; last: number }[] = []): ImportGuard {
  return (slice, entities = writeItems('imports')) => {
    slices.push(slice);
    return [
      entities.importJob
        .patch({ ownerId, id })
        .set({ writtenThrough: slice.last })
        .where((a, op) => op.eq(a.writtenThrough, slice.first - 1))
        .commit(),
    ];
  };
}

const custom = (name: string, quantity: number, externalIds: ExternalId[] = []): ImportItem => ({
  kind: 'new',
  input: {
    source: 'CUSTOM',
    wineName: name,
    producerName: 'Importert',
    vintage: 2019,
    bottleSize: 0.75,
    quantity,
  },
  externalIds,
});

const catalogue = (wine: WineRecord, quantity: number, externalIds: ExternalId[] = []): ImportItem => ({
  kind: 'new',
  input: { source: 'KORK', wineId: wine.id, quantity },
  externalIds,
});

/** Every wine's history adds up to its bottles (nothing half-written); answers the entries by wine. */
async function expectHistoryAgrees(ownerId: string) {
  const [wines, history] = await Promise.all([inventoryOf(ownerId), storedHistoryOf(ownerId)]);
  const byWine = new Map<string, typeof history>();
  for (const entry of history) byWine.set(entry.ownWineId, [...(byWine.get(entry.ownWineId) ?? []), entry]);
  for (const wine of wines) {
    const entries = byWine.get(wine.id) ?? [];
    const sum = entries.reduce(
      (total, e) =>
        total +
        ((e.after as HistoryState | null)?.quantity ?? 0) -
        ((e.before as HistoryState | null)?.quantity ?? 0),
      0,
    );
    expect(sum, wine.id).toBe(wine.quantity);
  }
  // No entry of a wine that is not there.
  const ids = new Set(wines.map((wine) => wine.id));
  for (const entry of history) expect(ids.has(entry.ownWineId)).toBe(true);
  return byWine;
}

// — tests —

describe('importOwnWines', () => {
  it('writes catalogue, custom and add-to items across transactions, each whole, with sources and ids', async () => {
    const ownerId = userIds.restaurant as string;
    const [red0, red1] = reds as [WineRecord, WineRecord];
    const white = whites[0] as WineRecord;
    const there = await accounts.addWine('restaurant', { wineId: red0.id, quantity: 2 });
    const mine = await accounts.addWine('restaurant', {
      source: 'CUSTOM',
      wineName: 'Husets røde',
      bottleSize: 0.75,
      quantity: 3,
    });
    const items: ImportItem[] = [
      catalogue(red1, 6, [{ kind: 'VinmonopoletID', value: '1234567' }]),
      catalogue(red0, 4),
      ...Array.from({ length: 60 }, (_, i) =>
        custom(`Vin ${i}`, 1, i % 2 ? [] : [{ kind: 'VecturaID', value: `V${i}` }]),
      ),
      catalogue(red1, 6),
      { kind: 'addTo', ownWineId: mine.id, quantity: 5 },
      { kind: 'addTo', ownWineId: mine.id, quantity: 1 },
      catalogue(white, 2),
      catalogue(white, 3),
    ];
    const jobId = await newJob(ownerId);
    const slices: { first: number; last: number }[] = [];
    const ids = await importOwnWines(
      ownerId,
      items,
      principalOf('restaurant'),
      jobGuard(ownerId, jobId, slices),
    );

    expect(ids).toHaveLength(items.length);
    expect(new Set(slices.map((s) => s.first)).size).toBeGreaterThanOrEqual(2);
    expect(await writtenThrough(ownerId, jobId)).toBe(items.length - 1);
    expect(ids[0]).toBe(red1.id);
    expect(ids[1]).toBe(there.id);
    expect(ids[62]).toBe(red1.id);
    expect(ids[63]).toBe(mine.id);
    expect(ids[64]).toBe(mine.id);
    expect(ids[65]).toBe(white.id);
    expect(ids[66]).toBe(white.id);

    const imported = await accounts.getWine('restaurant', red1.id);
    expect(imported.source).toBe('SCAN_MATCHING_KORK');
    expect(imported.quantity).toBe(12);
    expect(imported.externalIds).toEqual([{ kind: 'VinmonopoletID', value: '1234567' }]);
    const added = await accounts.getWine('restaurant', there.id);
    expect(added.source).toBe('KORK');
    expect(added.quantity).toBe(6);
    expect((await accounts.getWine('restaurant', mine.id)).quantity).toBe(9);
    expect((await accounts.getWine('restaurant', white.id)).quantity).toBe(5);
    const first = await accounts.getWine('restaurant', ids[2] as string);
    expect(first).toMatchObject<Partial<CellarWine>>({
      source: 'SCAN_MATCHING_CUSTOM',
      wineName: 'Vin 0',
      quantity: 1,
      externalIds: [{ kind: 'VecturaID', value: 'V0' }],
    });
    expect(new Set(ids.slice(2, 62)).size).toBe(60);

    const byWine = await expectHistoryAgrees(ownerId);
    expect(
      byWine
        .get(red1.id)
        ?.map((e) => e.action)
        .sort(),
    ).toEqual(['ADDED', 'QUANTITY']);
    expect(byWine.get(white.id)?.map((e) => e.action)).toEqual(['ADDED']);
    expect(
      byWine
        .get(mine.id)
        ?.map((e) => e.action)
        .sort(),
    ).toEqual(['ADDED', 'QUANTITY']);
  });

  it('stops at a transaction whose guard fails, keeping the ones before whole; a second run resumes', async () => {
    const ownerId = userIds.private as string;
    const items: ImportItem[] = [
      ...Array.from({ length: 100 }, (_, i) => custom(`Privat ${i}`, 2)),
      catalogue(reds[2] as WineRecord, 3),
    ];
    const slices = slicesOf(items);
    expect(slices.length).toBeGreaterThanOrEqual(3);
    const firstSlice = slices[0] as { first: number; last: number };
    const jobId = await newJob(ownerId);
    const honest = jobGuard(ownerId, jobId);
    // The job is cancelled before the second transaction: its condition no longer holds.
    const cancelledAfterFirst: ImportGuard = (slice, entities = writeItems('imports')) =>
      slice.first === 0
        ? honest(slice)
        : [
            entities.importJob
              .patch({ ownerId, id: jobId })
              .set({ writtenThrough: slice.last })
              .where((a, op) => op.eq(a.status, 'cancelled'))
              .commit(),
          ];

    const error = await importOwnWines(ownerId, items, principalOf('private'), cancelledAfterFirst).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportGuardFailed);
    const written = (error as ImportGuardFailed).written;
    expect(written).toHaveLength(firstSlice.last + 1);
    expect(await writtenThrough(ownerId, jobId)).toBe(firstSlice.last);
    const wines = await inventoryOf(ownerId);
    expect(wines.map((wine) => wine.id).sort()).toEqual([...written].sort());
    const byWine = await expectHistoryAgrees(ownerId);
    for (const id of written) expect(byWine.get(id)?.map((e) => e.action)).toEqual(['ADDED']);

    // A redelivered step writes the rest, from the line after the last one written.
    const from = (await writtenThrough(ownerId, jobId)) + 1;
    const rest = await importOwnWines(ownerId, items.slice(from), principalOf('private'), (slice) =>
      honest({ first: slice.first + from, last: slice.last + from }),
    );
    expect(rest).toHaveLength(items.length - from);
    expect(await writtenThrough(ownerId, jobId)).toBe(items.length - 1);
    expect(await inventoryOf(ownerId)).toHaveLength(items.length);
    await expectHistoryAgrees(ownerId);
  });

  it('refuses bottles for a wine no longer in the cellar, writing nothing', async () => {
    const ownerId = userIds.private as string;
    const before = (await inventoryOf(ownerId)).length;
    const jobId = await newJob(ownerId);
    const error = await importOwnWines(
      ownerId,
      [custom('Ny', 1), { kind: 'addTo', ownWineId: ulid(), quantity: 2 }],
      principalOf('private'),
      jobGuard(ownerId, jobId),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportItemsRefused);
    expect((error as ImportItemsRefused).fields).toEqual({ 'items.1.ownWineId': 'importWineGone' });
    expect((error as ImportItemsRefused).indexes).toEqual([1]);
    expect(await inventoryOf(ownerId)).toHaveLength(before);
    expect(await writtenThrough(ownerId, jobId)).toBe(-1);
  });

  it('twenty imports of one catalogue wine at once end in one row holding all their bottles', async () => {
    const ownerId = userIds.expert as string;
    const wine = reds[3] as WineRecord;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const jobId = await newJob(ownerId);
        return importOwnWines(
          ownerId,
          [catalogue(wine, i + 1)],
          principalOf('expert'),
          jobGuard(ownerId, jobId),
        );
      }),
    );
    for (const ids of answers) expect(ids).toEqual([wine.id]);
    const rows = (await inventoryOf(ownerId)).filter((row) => row.wineId === wine.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.quantity).toBe(210);
    expect(rows[0]?.source).toBe('SCAN_MATCHING_KORK');
    const byWine = await expectHistoryAgrees(ownerId);
    const actions = byWine.get(wine.id)?.map((e) => e.action) ?? [];
    expect(actions.filter((a) => a === 'ADDED')).toHaveLength(1);
    expect(actions.filter((a) => a === 'QUANTITY')).toHaveLength(19);
  });
});
