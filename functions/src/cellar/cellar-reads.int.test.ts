/**
 * The cellar's reads at scale (docs/cellar-reads.md): a listing or dashboard with nothing changed costs
 * one small read, and every kind of change shows at once, in the instance that holds the cellar and in
 * a new one.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { cellarDashboard } from '@kork/functions/cellar/dashboard/dashboard-service';
import { markWholeCellarChanged } from '@kork/functions/cellar/kernel/cellar-changes';
import {
  cellarSnapshot,
  heldSnapshots,
  lastSnapshotRead,
  resetCellarSnapshots,
} from '@kork/functions/cellar/kernel/cellar-snapshot';
import {
  bumpCellarVersion,
  cellarVersionOf,
  commitWithVersionBump,
} from '@kork/functions/cellar/kernel/cellar-version';
import { listOwnWines } from '@kork/functions/cellar/wines/cellar-wine-reads';
import { db } from '@kork/functions/data/entities';
import { dynamoClient } from '@kork/functions/platform/dynamo';
import type {
  Cellar,
  CellarDashboard,
  CellarLocation,
  CellarWine,
  CellarWinePage,
  WineListCategory,
} from '@kork/shared';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant', 'private', 'expert', 'sommelier'],
});
const { tokens, userIds } = accounts;

/** A DynamoDB command as the client sent it. */
interface Sent {
  command: string;
  input: string;
  /** The kinds of item a Query read, before the ones not asked for were dropped. */
  kinds?: string[];
}
let sending: Sent[] | undefined;

/** The DynamoDB commands `run` sends (every client call goes through the one low-level client). */
async function commandsOf<T>(run: () => Promise<T>): Promise<{ value: T; sent: Sent[] }> {
  const sent: Sent[] = [];
  sending = sent;
  try {
    return { value: await run(), sent };
  } finally {
    sending = undefined;
  }
}

beforeAll(async () => {
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      const sent: Sent = {
        command: String((context as { commandName?: string }).commandName),
        input: JSON.stringify(args.input),
      };
      sending?.push(sent);
      const result = await next(args);
      // As the document client answers them (already unmarshalled) or as DynamoDB does.
      const items = (result.output as { Items?: { __edb_e__?: string | { S?: string } }[] }).Items;
      const kind = (value: string | { S?: string } | undefined) =>
        typeof value === 'string' ? value : value?.S;
      if (items) sent.kinds = [...new Set(items.map((item) => String(kind(item.__edb_e__))))];
      return result;
    },
    { step: 'initialize', name: 'recordCommands' },
  );
});

afterEach(() => {
  delete process.env.CELLAR_SNAPSHOT_MAX_AGE_MS;
  delete process.env.CELLAR_CACHE_RECORDS;
});

// — helpers —

const base = (user: string) => `/api/wine-cellars/users/${userIds[user]}`;

async function list(user: string, query = ''): Promise<CellarWinePage> {
  const answer = await origin.api<CellarWinePage>('GET', `${base(user)}/own-wines${query}`, {
    token: tokens[user],
  });
  expect(answer.error).toBeUndefined();
  return answer.payload;
}

async function dashboard(user: string): Promise<CellarDashboard> {
  const answer = await origin.api<CellarDashboard>('GET', `${base(user)}/dashboard`, {
    token: tokens[user],
    headers: { 'X-Currency': 'NOK' },
  });
  expect(answer.error).toBeUndefined();
  return answer.payload;
}

function custom(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    source: 'CUSTOM',
    wineName: name,
    producerName: 'Lesetest',
    vintage: 2018,
    bottleSize: 0.75,
    quantity: 4,
    mainCategoryId: 'red',
    sellingPrice: 50_000,
    purchasePriceWovat: 20_000,
    ...extra,
  };
}

const addWine = (user: string, body: Record<string, unknown>) => accounts.addWine(user, body);

async function createLocation(user: string, name: string, parentId?: string): Promise<CellarLocation> {
  const answer = await origin.api<CellarLocation>('POST', `${base(user)}/locations`, {
    token: tokens[user],
    json: { name, parentId },
  });
  expect(answer.status).toBe(201);
  return answer.payload;
}

/** The instance reads the cellar now, so that what follows must be found by its version. */
async function warm(user: string): Promise<void> {
  await list(user);
  await dashboard(user);
}

/**
 * Checks the listing and the dashboard twice: in this instance, which held the cellar as it was before
 * the change, and in a new instance that holds nothing.
 */
async function seenEverywhere(
  user: string,
  check: (page: CellarWinePage, home: CellarDashboard) => void | Promise<void>,
  query = '?resultsPerPage=500',
): Promise<void> {
  await check(await list(user, query), await dashboard(user));
  resetCellarSnapshots();
  await check(await list(user, query), await dashboard(user));
}

/** For this test, instances share no copies of cellars (kernel/shared-snapshot.ts). */
function withoutSharedCopies(): void {
  const bucket = process.env.CELLAR_SNAPSHOTS_BUCKET;
  process.env.CELLAR_SNAPSHOTS_BUCKET = '';
  onTestFinished(() => {
    process.env.CELLAR_SNAPSHOTS_BUCKET = bucket;
  });
}

const byId = (page: CellarWinePage, id: string) => page.rows.find((row) => row.id === id);
const versionRead = (sent: Sent) =>
  sent.command === 'GetItemCommand' &&
  sent.input.includes('$cellarversion_1') &&
  sent.input.includes('"ConsistentRead":true');

// — cost —

describe('a listing and a dashboard with nothing changed', () => {
  const user = 'restaurant';

  it('cost one strongly-consistent read of the version item, and answer what the cellar holds', async () => {
    const owner = userIds[user] as string;
    const bulk = await origin.api('POST', `${base(user)}/own-wines/bulk_create`, {
      token: tokens[user],
      json: {
        ownWines: Array.from({ length: 30 }, (_, i) =>
          custom(`Kostvin ${i}`, { mainCategoryId: i % 2 ? 'white' : 'red', quantity: i % 5 }),
        ),
      },
    });
    expect(bulk.status).toBe(201);
    const query = { mainCategoryId: ['red'], inStock: true, sortColumn: 'sellingPrice' as const };
    const first = await listOwnWines(owner, query);
    expect(first.count).toBe(12);
    await cellarDashboard(owner, 'NOK');

    const listing = await commandsOf(() => listOwnWines(owner, query));
    expect(listing.sent).toHaveLength(1);
    expect(versionRead(listing.sent[0] as Sent)).toBe(true);
    expect(listing.value).toEqual(first);

    const home = await commandsOf(() => cellarDashboard(owner, 'EUR'));
    expect(home.sent).toHaveLength(1);
    expect(versionRead(home.sent[0] as Sent)).toBe(true);
    expect(home.value.totals.wines).toBe(30);

    // Through the route: the session check reads the account, the listing its version; nothing else.
    const route = await commandsOf(() =>
      list(user, '?mainCategoryId=red&inStock=true&sortColumn=sellingPrice'),
    );
    expect(route.sent.map((s) => s.command)).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect(route.sent.filter(versionRead)).toHaveLength(1);
    expect(route.value.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
  });

  it('in a new instance take the copy stored at the same version: the version read, no query, the same answer', async () => {
    const owner = userIds[user] as string;
    expect(process.env.CELLAR_SNAPSHOTS_BUCKET).toBeTruthy();
    const warmAnswer = await list(user, '?sortColumn=quantity&sortDirection=asc&resultsPerPage=7&page=2');
    resetCellarSnapshots();
    const cold = await commandsOf(() =>
      listOwnWines(owner, { sortColumn: 'quantity', sortDirection: 'asc', resultsPerPage: 7, page: 2 }),
    );
    expect(cold.sent).toHaveLength(1);
    expect(versionRead(cold.sent[0] as Sent)).toBe(true);
    expect(cold.value).toEqual(warmAnswer);
  });

  it('read the whole cellar again in a new instance when no copy is shared, with the same answer', async () => {
    const owner = userIds[user] as string;
    const warmAnswer = await list(user, '?sortColumn=quantity&sortDirection=asc&resultsPerPage=7&page=2');
    withoutSharedCopies();
    resetCellarSnapshots();
    const cold = await commandsOf(() =>
      listOwnWines(owner, { sortColumn: 'quantity', sortDirection: 'asc', resultsPerPage: 7, page: 2 }),
    );
    expect(cold.sent.filter(versionRead)).toHaveLength(1);
    expect(cold.sent.some((s) => s.command === 'QueryCommand')).toBe(true);
    expect(
      cold.sent
        .filter((s) => s.command === 'QueryCommand')
        .every((s) => s.input.includes('"ConsistentRead":true')),
    ).toBe(true);
    expect(cold.value).toEqual(warmAnswer);
  });
});

// — every kind of change —

describe('every change shows at once, in this instance and in a new one', () => {
  const user = 'private';

  it('a wine added, and wines added in bulk over several transactions', async () => {
    await warm(user);
    const before = await list(user);
    const wine = await addWine(user, custom('Nyvin', { quantity: 6 }));
    await seenEverywhere(user, (page, home) => {
      expect(byId(page, wine.id)?.quantity).toBe(6);
      expect(page.count).toBe(before.count + 1);
      expect(home.totals.bottles).toBe(before.totals.bottles + 6);
      expect(home.recentHistory[0]).toMatchObject({ ownWineId: wine.id, action: 'ADDED' });
    });

    await warm(user);
    const bulk = await origin.api<{ rows: CellarWine[] }>('POST', `${base(user)}/own-wines/bulk_create`, {
      token: tokens[user],
      json: { ownWines: Array.from({ length: 120 }, (_, i) => custom(`Bulkvin ${i}`, { quantity: 1 })) },
    });
    expect(bulk.status).toBe(201);
    await seenEverywhere(user, (page, home) => {
      expect(page.count).toBe(before.count + 121);
      expect(home.totals.wines).toBe(before.count + 121);
      expect(home.totals.bottles).toBe(before.totals.bottles + 126);
    });
  });

  it('a wine changed: its total, prices and low stock', async () => {
    const wine = await addWine(user, custom('Endrevin', { quantity: 5 }));
    await warm(user);
    const patch = await origin.api<CellarWine>('PATCH', `${base(user)}/own-wines/${wine.id}`, {
      token: tokens[user],
      json: { quantity: 0, sellingPrice: 123_400 },
    });
    expect(patch.status).toBe(200);
    await seenEverywhere(user, (page, home) => {
      expect(byId(page, wine.id)).toMatchObject({ quantity: 0, sellingPrice: 123_400 });
      expect(home.lowStock[0]?.quantity).toBe(0);
      expect(home.lowStock.map((row) => row.id)).toContain(wine.id);
    });
  });

  it('bottles moved between locations', async () => {
    const cellarA = await createLocation(user, 'Lesekjeller');
    const wine = await addWine(user, custom('Flyttevin', { quantity: 3 }));
    await warm(user);
    await list(user, `?locationId=${cellarA.id}`);
    const moved = await origin.api('POST', `${base(user)}/own-wines/move`, {
      token: tokens[user],
      json: { moves: [{ ownWineId: wine.id, fromLocationId: null, toLocationId: cellarA.id, quantity: 2 }] },
    });
    expect(moved.status).toBe(200);
    await seenEverywhere(
      user,
      (page) => {
        expect(page.rows.map((row) => row.id)).toEqual([wine.id]);
        expect(page.rows[0]?.placements).toEqual([
          { locationId: cellarA.id, quantity: 2 },
          { locationId: null, quantity: 1 },
        ]);
      },
      `?locationId=${cellarA.id}`,
    );
  });

  it('wines deleted', async () => {
    const doomed = await addWine(user, custom('Slettevin', { quantity: 9 }));
    await warm(user);
    const before = await dashboard(user);
    const gone = await origin.api('DELETE', `${base(user)}/own-wines?includeId=${doomed.id}`, {
      token: tokens[user],
    });
    expect(gone.status).toBe(200);
    await seenEverywhere(user, (page, home) => {
      expect(byId(page, doomed.id)).toBeUndefined();
      expect(home.totals.wines).toBe(before.totals.wines - 1);
      expect(home.totals.bottles).toBe(before.totals.bottles - 9);
    });
  });

  it('locations added, moved under another, renamed and deleted', async () => {
    const before = await dashboard(user);
    const top = await createLocation(user, 'Hovedlager');
    await seenEverywhere(user, (_page, home) => expect(home.locations).toBe(before.locations + 1));

    const other = await createLocation(user, 'Bar');
    const shelf = await createLocation(user, 'Hylle', top.id);
    const wine = await addWine(user, custom('Hyllevin', { quantity: 2, locationId: shelf.id }));
    await warm(user);
    expect((await list(user, `?locationId=${other.id}`)).count).toBe(0);
    const moved = await origin.api('PATCH', `${base(user)}/locations/${shelf.id}`, {
      token: tokens[user],
      json: { parentId: other.id, name: 'Barhylle' },
    });
    expect(moved.status).toBe(200);
    await seenEverywhere(
      user,
      async (page) => {
        expect(page.rows.map((row) => row.id)).toEqual([wine.id]);
        const held = await cellarSnapshot(userIds[user] as string);
        expect(held.locations.find((l) => l.id === shelf.id)).toMatchObject({
          name: 'Barhylle',
          parentId: other.id,
        });
      },
      `?locationId=${other.id}`,
    );

    await warm(user);
    const counted = await dashboard(user);
    const deleted = await origin.api('DELETE', `${base(user)}/locations/${other.id}`, {
      token: tokens[user],
    });
    expect(deleted.status).toBeLessThan(300);
    await seenEverywhere(user, (page, home) => {
      expect(byId(page, wine.id)?.placements).toEqual([{ locationId: null, quantity: 2 }]);
      expect(home.locations).toBe(counted.locations - 2);
    });
  });

  it('a wine list category deleted: its wines lose it', async () => {
    const category = (
      await origin.api<WineListCategory>('POST', `${base(user)}/wine-list-categories`, {
        token: tokens[user],
        json: { name: 'Leseliste' },
      })
    ).payload;
    const wine = await addWine(user, custom('Kategorivin', { wineListCategoryId: category.id }));
    await warm(user);
    expect((await list(user, `?wineListCategoryId=${category.id}`)).count).toBe(1);
    const deleted = await origin.api('DELETE', `${base(user)}/wine-list-categories/${category.id}`, {
      token: tokens[user],
    });
    expect(deleted.status).toBeLessThan(300);
    await seenEverywhere(user, (page) => {
      expect(byId(page, wine.id)?.wineListCategoryId).toBeUndefined();
    });
    expect((await list(user, `?wineListCategoryId=${category.id}`)).count).toBe(0);
  });

  it('a wine’s picture, and the cellar’s base currency', async () => {
    const wine = await addWine(user, custom('Bildevin'));
    await warm(user);
    const form = new FormData();
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#7b2236' } })
      .png()
      .toBuffer();
    form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'etikett.png');
    const pictured = await origin.api<CellarWine>('POST', `${base(user)}/own-wines/${wine.id}/images`, {
      token: tokens[user],
      form,
    });
    expect(pictured.status).toBe(200);
    await seenEverywhere(user, (page) =>
      expect(byId(page, wine.id)?.imageUrl).toBe(pictured.payload.imageUrl),
    );

    const cellar = (
      await origin.api<{ rows: Cellar[] }>('GET', `${base(user)}/cellars`, { token: tokens[user] })
    ).payload.rows[0] as Cellar;
    await warm(user);
    const changed = await origin.api('PATCH', `/api/wine-cellars/cellars/${cellar.id}`, {
      token: tokens[user],
      json: { baseCurrency: 'EUR' },
    });
    expect(changed.status).toBe(200);
    await seenEverywhere(user, (page, home) => {
      expect(page.rows.every((row) => row.currency === 'EUR')).toBe(true);
      expect(home.baseCurrency).toBe('EUR');
    });
  });
});

// — after a change —

/** Whether a command read the cellar's wines with a Query (the whole inventory), not by id. */
const inventoryQuery = (sent: Sent) => sent.command === 'QueryCommand' && sent.input.includes('cellarwine_1');

/** The listing as a whole read answers it: a new instance without shared copies. */
async function wholeRead(owner: string, query: Parameters<typeof listOwnWines>[1]): Promise<CellarWinePage> {
  const bucket = process.env.CELLAR_SNAPSHOTS_BUCKET;
  process.env.CELLAR_SNAPSHOTS_BUCKET = '';
  try {
    resetCellarSnapshots();
    const page = await listOwnWines(owner, query);
    expect(lastSnapshotRead().source).toBe('whole cellar');
    return page;
  } finally {
    process.env.CELLAR_SNAPSHOTS_BUCKET = bucket;
    resetCellarSnapshots();
  }
}

describe('after a change, only the wines changed are read again', () => {
  // A cellar no earlier test changed: a copy re-reads at most a tenth of its wines (25 at least), and the
  // changes of a minute before the copy was read count too (kernel/cellar-changes.ts).
  const user = 'sommelier';
  const query = { resultsPerPage: 50, sortColumn: 'quantity' as const, sortDirection: 'desc' as const };

  it('in the instance that held the cellar: the changes and the wine by id, never the inventory', async () => {
    const owner = userIds[user] as string;
    await warm(user);
    const before = await listOwnWines(owner, query);
    const wine = await addWine(user, custom('Endringsvin', { quantity: 999 }));
    const after = await commandsOf(() => listOwnWines(owner, query));
    expect(lastSnapshotRead()).toEqual({ source: 'own copy brought up to date', winesRead: 1 });
    expect(after.sent.some(inventoryQuery)).toBe(false);
    // Every query read only items of its own kind (the change items, the locations, the newest history),
    // none of the rest of the cellar's partition.
    for (const sent of after.sent) expect(sent.kinds?.length ?? 0, sent.input).toBeLessThanOrEqual(1);
    expect(after.sent.filter((s) => s.command === 'BatchGetItemCommand')).toHaveLength(1);
    expect(after.value.rows[0]?.id).toBe(wine.id);
    expect(after.value.count).toBe(before.count + 1);
    expect(after.value.totals.bottles).toBe(before.totals.bottles + 999);
    expect(after.value).toEqual(await wholeRead(owner, query));
  });

  it('in a new instance: the shared copy brought up to date the same way, and stored again', async () => {
    const owner = userIds[user] as string;
    await warm(user);
    const wine = await addWine(user, custom('Nyinstansvin', { quantity: 998 }));
    const gone = await origin.api('DELETE', `${base(user)}/own-wines?includeId=${wine.id}`, {
      token: tokens[user],
    });
    expect(gone.status).toBe(200);
    const kept = await addWine(user, custom('Blir igjen', { quantity: 997 }));
    resetCellarSnapshots();
    const cold = await commandsOf(() => listOwnWines(owner, query));
    expect(lastSnapshotRead().source).toBe('shared copy brought up to date');
    expect(cold.sent.some(inventoryQuery)).toBe(false);
    expect(cold.value.rows.some((row) => row.id === wine.id)).toBe(false);
    expect(cold.value.rows.some((row) => row.id === kept.id)).toBe(true);
    expect(cold.value).toEqual(await wholeRead(owner, query));
    // The next new instance finds the copy at this version: nothing to bring up to date.
    resetCellarSnapshots();
    const next = await commandsOf(() => listOwnWines(owner, query));
    expect(lastSnapshotRead().source).toBe('shared copy');
    expect(next.sent).toHaveLength(1);
  });

  it('twelve writers at once: every change in the copy brought up to date, as a whole read answers', async () => {
    const owner = userIds[user] as string;
    const bulk = await origin.api<{ rows: CellarWine[] }>('POST', `${base(user)}/own-wines/bulk_create`, {
      token: tokens[user],
      json: { ownWines: Array.from({ length: 12 }, (_, i) => custom(`Tolv ${i}`, { quantity: 1 })) },
    });
    const wines = bulk.payload.rows;
    await warm(user);
    const answers = await Promise.all(
      wines.map((wine, i) =>
        origin.api('PATCH', `${base(user)}/own-wines/${wine.id}`, {
          token: tokens[user],
          json: { quantity: 500 + i, sellingPrice: 10_000 + i },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(wines.map(() => 200));
    const page = await listOwnWines(owner, query);
    expect(lastSnapshotRead().source).toBe('own copy brought up to date');
    for (const [i, wine] of wines.entries())
      expect(page.rows.find((row) => row.id === wine.id)).toMatchObject({
        quantity: 500 + i,
        sellingPrice: 10_000 + i,
      });
    expect(page).toEqual(await wholeRead(owner, query));
  });

  it('wines written around the transactions (a seed, which marks them) make it read the whole cellar', async () => {
    const owner = userIds[user] as string;
    const wine = await addWine(user, custom('Rundtvin', { quantity: 3 }));
    await warm(user);
    await db().entities.cellarWine.patch({ ownerId: owner, id: wine.id }).set({ quantity: 996 }).go();
    await markWholeCellarChanged(owner);
    await bumpCellarVersion(owner);
    const page = await listOwnWines(owner, query);
    expect(lastSnapshotRead().source).toBe('whole cellar');
    expect(page.rows.find((row) => row.id === wine.id)?.quantity).toBe(996);
  });
});

// — many writers —

describe('writes to one cellar at the same moment', () => {
  const user = 'expert';

  it('all succeed, each raises the version once, and the listing shows every one', async () => {
    const owner = userIds[user] as string;
    const bulk = await origin.api<{ rows: CellarWine[] }>('POST', `${base(user)}/own-wines/bulk_create`, {
      token: tokens[user],
      json: { ownWines: Array.from({ length: 12 }, (_, i) => custom(`Samtidig ${i}`, { quantity: 1 })) },
    });
    const wines = bulk.payload.rows;
    await warm(user);
    const version = await cellarVersionOf(owner);
    const answers = await Promise.all(
      wines.map((wine, i) =>
        origin.api('PATCH', `${base(user)}/own-wines/${wine.id}`, {
          token: tokens[user],
          json: { quantity: 10 + i },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(wines.map(() => 200));
    expect(await cellarVersionOf(owner)).toBe(version + wines.length);
    await seenEverywhere(user, (page) => {
      for (const [i, wine] of wines.entries()) expect(byId(page, wine.id)?.quantity).toBe(10 + i);
    });
  });

  it('a write whose version item keeps meeting another still succeeds, and raises the version after', async () => {
    const owner = userIds[user] as string;
    const version = await cellarVersionOf(owner);
    const attempts: boolean[] = [];
    await commitWithVersionBump([owner], (bump) => {
      attempts.push(bump);
      return {
        go: async () =>
          bump
            ? {
                canceled: true,
                data: [
                  { rejected: false, code: 'None' },
                  { rejected: true, code: 'TransactionConflict' },
                ],
              }
            : { canceled: false, data: [] },
      };
    });
    expect(attempts).toEqual([true, true, true, false]);
    expect(await cellarVersionOf(owner)).toBe(version + 1);
  });
});

// — bounds —

describe('what an instance holds', () => {
  it('is bounded by records: the least recently used cellar is read again, one larger than the bound is never kept', async () => {
    // What one instance holds, so without the copies instances share (read again here would be one GET).
    withoutSharedCopies();
    const a = userIds.restaurant as string;
    const b = userIds.sommelier as string;
    await addWine('sommelier', custom('Grensevin'));
    resetCellarSnapshots();
    await listOwnWines(a, {});
    const sizeA = heldSnapshots().records;
    resetCellarSnapshots();
    await listOwnWines(b, {});
    const sizeB = heldSnapshots().records;
    resetCellarSnapshots();

    process.env.CELLAR_CACHE_RECORDS = String(sizeA + sizeB - 1);
    await listOwnWines(a, {});
    await listOwnWines(b, {});
    expect(heldSnapshots()).toEqual({ cellars: 1, records: sizeB });
    const again = await commandsOf(() => listOwnWines(a, {}));
    expect(again.sent.some((s) => s.command === 'QueryCommand')).toBe(true);

    process.env.CELLAR_CACHE_RECORDS = String(Math.min(sizeA, sizeB) - 1);
    resetCellarSnapshots();
    const small = sizeA < sizeB ? a : b;
    await listOwnWines(small, {});
    expect(heldSnapshots().cellars).toBe(0);
    const twice = await commandsOf(() => listOwnWines(small, {}));
    expect(twice.sent.some((s) => s.command === 'QueryCommand')).toBe(true);
  });

  it('reads the cellar again past the maximum age, even when no version was raised', async () => {
    const user = 'sommelier';
    const owner = userIds[user] as string;
    const wine = await addWine(user, custom('Aldersvin', { quantity: 2 }));
    expect(byId(await list(user), wine.id)?.quantity).toBe(2);
    // A write that goes around the cellar's services (an operator's fix in the console).
    await db().entities.cellarWine.patch({ ownerId: owner, id: wine.id }).set({ quantity: 7 }).go();
    expect(byId(await list(user), wine.id)?.quantity).toBe(2);
    process.env.CELLAR_SNAPSHOT_MAX_AGE_MS = '0';
    expect(byId(await list(user), wine.id)?.quantity).toBe(7);
  });
});
