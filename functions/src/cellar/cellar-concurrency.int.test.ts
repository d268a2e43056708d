/**
 * The cellar under concurrent writes and failures, through the HTTP API against DynamoDB Local: every
 * 2xx answer's change is there afterwards, a change that cannot apply answers 4xx and changes nothing,
 * history and state agree after any interleaving, and a write that fails half way leaves nothing
 * half-written.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { db } from '@kork/functions/data/entities';
import { dynamoClient } from '@kork/functions/platform/dynamo';
import { env } from '@kork/functions/platform/env';
import { s3Client } from '@kork/functions/platform/s3';
import type {
  Cellar,
  CellarLocation,
  CellarWine,
  HistoryEntry,
  HistoryState,
  SharedLocationView,
  WineListCategory,
} from '@kork/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['private', 'restaurant', 'expert', 'sommelier', 'critic', 'admin'],
});
const { tokens, userIds } = accounts;

// — Fault injection: every DynamoDB command of the process passes this middleware —

const faults = { calls: 0, failAt: 0, afterSend: false, counting: false };

function installFaults(): void {
  dynamoClient().middlewareStack.add(
    (next) => async (args) => {
      if (!faults.counting) return next(args);
      faults.calls += 1;
      const fail = faults.calls === faults.failAt;
      if (fail && !faults.afterSend) throw new Error(`injected failure before call ${faults.calls}`);
      const result = await next(args);
      // The call was applied, but its answer is lost on the way back.
      if (fail) throw new Error(`injected failure after call ${faults.calls}`);
      return result;
    },
    { step: 'initialize', name: 'cellarFaultInjection' },
  );
}

/** Runs `request` with the n-th DynamoDB call failing (0: none); answers the status and the calls made. */
async function withFault<T>(
  failAt: number,
  afterSend: boolean,
  request: () => Promise<T>,
): Promise<{ answer: T; calls: number }> {
  Object.assign(faults, { calls: 0, failAt, afterSend, counting: true });
  try {
    const answer = await request();
    return { answer, calls: faults.calls };
  } finally {
    faults.counting = false;
  }
}

beforeAll(async () => {
  installFaults();
});

// — helpers —

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const base = (user: string) => `/api/wine-cellars/users/${userIds[user]}`;

function custom(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    source: 'CUSTOM',
    wineName: name,
    producerName: 'Samtidig',
    vintage: 2020,
    bottleSize: 0.75,
    ...extra,
  };
}

const addWine = (user: string, body: Record<string, unknown>) => accounts.addWine(user, body);

const getWine = (user: string, id: string) => accounts.getWine(user, id);

async function allWines(user: string): Promise<CellarWine[]> {
  const rows: CellarWine[] = [];
  for (let page = 1; ; page++) {
    const answer = await origin.api<{ rows: CellarWine[]; count: number }>(
      'GET',
      `${base(user)}/own-wines?resultsPerPage=500&page=${page}&sortColumn=wineDisplayName&sortDirection=asc`,
      { token: tokens[user] },
    );
    expect(answer.status).toBe(200);
    rows.push(...answer.payload.rows);
    if (rows.length >= answer.payload.count || answer.payload.rows.length === 0) return rows;
  }
}

async function createLocation(user: string, name: string, parentId?: string): Promise<CellarLocation> {
  const answer = await origin.api<CellarLocation>('POST', `${base(user)}/locations`, {
    token: tokens[user],
    json: { name, parentId },
  });
  expect(answer.status).toBe(201);
  return answer.payload;
}

async function locations(user: string): Promise<CellarLocation[]> {
  const answer = await origin.api<{ rows: CellarLocation[] }>('GET', `${base(user)}/locations`, {
    token: tokens[user],
  });
  expect(answer.status).toBe(200);
  return answer.payload.rows;
}

/** Every history entry of the cellar (or of one wine), oldest first. */
async function history(user: string, ownWineId?: string): Promise<HistoryEntry[]> {
  const rows: HistoryEntry[] = [];
  for (let page = 1; ; page++) {
    const query = `?resultsPerPage=200&page=${page}${ownWineId ? `&ownWineId=${ownWineId}` : ''}`;
    const answer = await origin.api<{ rows: HistoryEntry[]; count: number }>(
      'GET',
      `${base(user)}/history${query}`,
      { token: tokens[user] },
    );
    expect(answer.status).toBe(200);
    rows.push(...answer.payload.rows);
    if (rows.length >= answer.payload.count || answer.payload.rows.length === 0) break;
  }
  return rows.reverse();
}

function move(ownWineId: string, from: string | null, to: string | null, quantity = 1) {
  return { ownWineId, fromLocationId: from, toLocationId: to, quantity };
}

async function postMoves(user: string, moves: ReturnType<typeof move>[]) {
  return origin.api<{ rows: CellarWine[] }>('POST', `${base(user)}/own-wines/move`, {
    token: tokens[user],
    json: { moves },
  });
}

async function patchWine(user: string, id: string, json: Record<string, unknown>) {
  return origin.api<CellarWine>('PATCH', `${base(user)}/own-wines/${id}`, { token: tokens[user], json });
}

type Counts = Record<string, number>;

function placementsOf(state: Pick<HistoryState, 'placements'> | null): Counts {
  const counts: Counts = {};
  for (const p of state?.placements ?? [])
    counts[p.locationId ?? '_'] = (counts[p.locationId ?? '_'] ?? 0) + p.quantity;
  return counts;
}

function sum(counts: Counts): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

function same(a: Counts, b: Counts): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? 0) === (b[key] ?? 0));
}

/**
 * History agrees with the wine: every entry is whole (placements sum to its quantity), the entries
 * chain (each starts where one before it ended, in time order), and replaying them ends at the wine
 * as it is (or at nothing, for a deleted wine).
 */
function expectHistoryAgrees(entries: readonly HistoryEntry[], wine: CellarWine | undefined): void {
  expect(entries.length).toBeGreaterThan(0);
  for (const entry of entries) {
    for (const state of [entry.before, entry.after]) {
      if (state) expect(sum(placementsOf(state))).toBe(state.quantity);
    }
  }
  const ordered = [...entries].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  const [first, ...rest] = ordered;
  expect(first?.action).toBe('ADDED');
  let state = first?.after ?? null;
  const left = [...rest];
  while (left.length > 0) {
    // Entries written within one millisecond may sort either way: take the one that continues the chain.
    const at = left[0]?.at;
    const index = left.findIndex(
      (entry) =>
        entry.at === at &&
        entry.before !== null &&
        state !== null &&
        entry.before.quantity === state.quantity &&
        same(placementsOf(entry.before), placementsOf(state)),
    );
    expect(index, `history breaks after ${JSON.stringify(state)}`).toBeGreaterThanOrEqual(0);
    const [next] = left.splice(index, 1);
    state = next?.after ?? null;
  }
  if (!wine) {
    expect(state).toBeNull();
    return;
  }
  expect(state?.quantity).toBe(wine.quantity);
  expect(same(placementsOf(state), placementsOf(wine))).toBe(true);
  expect(sum(placementsOf(wine))).toBe(wine.quantity);
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 1, height: 1, channels: 3, background: '#7b2236' } })
    .png()
    .toBuffer();
}

function imageForm(content: Buffer): FormData {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'kjeller.png');
  return form;
}

/** Each location's parent chain ends at the top: no location is its own ancestor, none hangs from a missing one. */
function expectTree(rows: readonly { id: string; parentId: string | null }[]): void {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const row of rows) {
    const seen = new Set<string>();
    let current: { id: string; parentId: string | null } | undefined = row;
    while (current?.parentId) {
      expect(seen.has(current.id), `cycle through ${current.id}`).toBe(false);
      seen.add(current.id);
      const parent = byId.get(current.parentId);
      expect(parent, `${current.id} hangs from a missing location`).toBeDefined();
      current = parent;
    }
  }
}

// — 1. moves —

describe('moving bottles at the same moment', () => {
  const user = 'private';

  it('applies 50 one-bottle moves from a location holding 50', async () => {
    const from = await createLocation(user, 'Reol A');
    const to = await createLocation(user, 'Reol B');
    const wine = await addWine(user, custom('Femti flasker', { quantity: 50, locationId: from.id }));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postMoves(user, [move(wine.id, from.id, to.id)])),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const after = await getWine(user, wine.id);
    expect(after.placements).toEqual([{ locationId: to.id, quantity: 50 }]);
    const entries = await history(user, wine.id);
    expect(entries.filter((e) => e.action === 'MOVED')).toHaveLength(50);
    expectHistoryAgrees(entries, after);
  });

  it('applies what the stock allows and refuses the rest with 400, changing nothing for them', async () => {
    const from = await createLocation(user, 'Reol C');
    const to = await createLocation(user, 'Reol D');
    const wine = await addWine(user, custom('Tretti flasker', { quantity: 30, locationId: from.id }));
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => postMoves(user, [move(wine.id, from.id, to.id)])),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 400);
    expect(ok).toHaveLength(30);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      expect(answer.error?.fields?.['moves.0.quantity']).toBe('Only 0 bottles there');
    }
    const after = await getWine(user, wine.id);
    expect(after.placements).toEqual([{ locationId: to.id, quantity: 30 }]);
    const entries = await history(user, wine.id);
    expect(entries.filter((e) => e.action === 'MOVED')).toHaveLength(30);
    expectHistoryAgrees(entries, after);
  });
});

// — 2. quantity and other edits —

describe('editing a wine at the same moment', () => {
  const user = 'private';

  it('gives 50 quantity changes each a 200 with its entry, or a 409 that changed nothing', async () => {
    const wine = await addWine(user, custom('Mange hender', { quantity: 10 }));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => patchWine(user, wine.id, { quantity: 11 + i })),
    );
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].every((s) => s === 200 || s === 409)).toBe(true);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    const entries = await history(user, wine.id);
    const quantityEntries = entries.filter((e) => e.action === 'QUANTITY');
    expect(quantityEntries).toHaveLength(ok.length);
    // Each 200's quantity is one entry's result.
    expect(quantityEntries.map((e) => e.after?.quantity).sort()).toEqual(
      ok.map((a) => a.payload.quantity).sort(),
    );
    const after = await getWine(user, wine.id);
    expectHistoryAgrees(entries, after);
  });

  it('applies edits of different fields made at once, all of them', async () => {
    const wine = await addWine(user, custom('Felter', { quantity: 6 }));
    const edits: Record<string, unknown>[] = [
      { privateNote: 'Kjøpt på auksjon' },
      { purchaseNote: 'Kasse på seks' },
      { rating: 91 },
      { supplier: 'Vinhuset' },
      { posName: 'Felter 20' },
      { productId: 'F-20' },
      { quantity: 8 },
      { marketValue: 50_000 },
    ];
    const answers = await Promise.all(edits.map((edit) => patchWine(user, wine.id, edit)));
    expect(answers.map((a) => a.status)).toEqual(edits.map(() => 200));
    const after = await getWine(user, wine.id);
    expect(after).toMatchObject(Object.assign({}, ...edits));
    expectHistoryAgrees(await history(user, wine.id), after);
  });

  it('keeps history and placements whole under moves and quantity changes mixed', async () => {
    const a = await createLocation(user, 'Blandet A');
    const b = await createLocation(user, 'Blandet B');
    const wine = await addWine(user, custom('Blandet', { quantity: 20, locationId: a.id }));
    await postMoves(user, [move(wine.id, a.id, b.id, 10)]);
    const moves: Promise<{ status: number }>[] = [];
    const patches: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 30; i++) {
      moves.push(postMoves(user, [i % 2 ? move(wine.id, a.id, b.id) : move(wine.id, b.id, a.id)]));
      if (i % 3 === 0)
        patches.push(patchWine(user, wine.id, { quantity: 15 + i, locationId: i % 2 ? a.id : b.id }));
      if (i % 5 === 0) patches.push(patchWine(user, wine.id, { sellingPrice: 10_000 + i * 100 }));
    }
    const moved = await Promise.all(moves);
    const patched = await Promise.all(patches);
    for (const answer of moved) expect([200, 400]).toContain(answer.status);
    for (const answer of patched) expect([200, 409]).toContain(answer.status);
    const after = await getWine(user, wine.id);
    const entries = await history(user, wine.id);
    expectHistoryAgrees(entries, after);
    // The first move above, and one entry per move answered 200.
    expect(entries.filter((e) => e.action === 'MOVED')).toHaveLength(
      1 + moved.filter((answer) => answer.status === 200).length,
    );
    expect(
      entries.filter((e) => e.action === 'QUANTITY' || e.action === 'PRICES').length,
    ).toBeLessThanOrEqual(patched.filter((answer) => answer.status === 200).length);
  });
});

// — 3. the location tree —

describe('locations changed at the same moment', () => {
  const user = 'restaurant';

  it('never lets crossing moves make a cycle', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await createLocation(user, `Ring ${round} A`);
      const b = await createLocation(user, `Ring ${round} B`);
      const c = await createLocation(user, `Ring ${round} C`);
      const patch = (id: string, parentId: string) =>
        origin.api<CellarLocation>('PATCH', `${base(user)}/locations/${id}`, {
          token: tokens[user],
          json: { parentId },
        });
      const answers = await Promise.all(
        round % 2 === 0
          ? [patch(a.id, b.id), patch(b.id, a.id)]
          : [patch(a.id, b.id), patch(b.id, c.id), patch(c.id, a.id)],
      );
      for (const answer of answers) expect([200, 400, 409]).toContain(answer.status);
      expect(answers.some((answer) => answer.status === 200)).toBe(true);
      expect(answers.some((answer) => answer.status !== 200)).toBe(true);
      expectTree(await locations(user));
    }
  });

  it('leaves no bottle and no sub-location in a location deleted while things move into it', async () => {
    for (let round = 0; round < 8; round++) {
      const doomed = await createLocation(user, `Går ${round}`);
      const inner = await createLocation(user, `Går ${round} indre`, doomed.id);
      const other = await createLocation(user, `Står ${round}`);
      const wines = await Promise.all(
        Array.from({ length: 6 }, (_, i) => addWine(user, custom(`Flytter ${round}.${i}`, { quantity: 4 }))),
      );
      const requests: Promise<{ status: number }>[] = [];
      wines.forEach((wine, i) => {
        requests.push(postMoves(user, [move(wine.id, null, i % 2 ? doomed.id : inner.id, 2)]));
        // The deletion starts a little later each round, so it meets the moves at different steps.
        if (i === 2)
          requests.push(
            sleep(round * 25).then(() =>
              origin.api('DELETE', `${base(user)}/locations/${doomed.id}`, { token: tokens[user] }),
            ),
          );
        requests.push(postMoves(user, [move(wine.id, null, inner.id, 1)]));
      });
      requests.push(
        origin.api('POST', `${base(user)}/locations`, {
          token: tokens[user],
          json: { name: `Ny under ${round}`, parentId: inner.id },
        }),
      );
      requests.push(
        origin.api('PATCH', `${base(user)}/locations/${other.id}`, {
          token: tokens[user],
          json: { parentId: doomed.id },
        }),
      );
      const answers = await Promise.all(requests);
      for (const answer of answers) expect(answer.status).toBeLessThan(500);
      const rows = await locations(user);
      expectTree(rows);
      expect(rows.map((row) => row.id)).not.toContain(doomed.id);
      const known = new Set(rows.map((row) => row.id));
      for (const wine of wines) {
        const now = await getWine(user, wine.id);
        for (const p of now.placements) if (p.locationId) expect(known.has(p.locationId)).toBe(true);
        expectHistoryAgrees(await history(user, wine.id), now);
      }
    }
  });
});

describe('wine list categories changed at the same moment', () => {
  const user = 'admin';
  const categoriesPath = () => `${base(user)}/wine-list-categories`;

  async function createCategory(name: string, parentId?: string): Promise<WineListCategory> {
    const answer = await origin.api<WineListCategory>('POST', categoriesPath(), {
      token: tokens[user],
      json: { name, parentId },
    });
    expect(answer.status).toBe(201);
    return answer.payload;
  }

  async function categories(): Promise<WineListCategory[]> {
    return (await origin.api<{ rows: WineListCategory[] }>('GET', categoriesPath(), { token: tokens[user] }))
      .payload.rows;
  }

  it('never lets crossing moves make a cycle', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await createCategory(`Rød ${round}`);
      const b = await createCategory(`Hvit ${round}`);
      const answers = await Promise.all([
        origin.api('PATCH', `${categoriesPath()}/${a.id}`, { token: tokens[user], json: { parentId: b.id } }),
        origin.api('PATCH', `${categoriesPath()}/${b.id}`, { token: tokens[user], json: { parentId: a.id } }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      expectTree(await categories());
    }
  });

  it('leaves no wine in a category deleted while wines are put in it', async () => {
    for (let round = 0; round < 4; round++) {
      const doomed = await createCategory(`Utgår ${round}`);
      const inner = await createCategory(`Utgår ${round} under`, doomed.id);
      const wines = await Promise.all(
        Array.from({ length: 6 }, (_, i) => addWine(user, custom(`Listevin ${round}.${i}`, { quantity: 1 }))),
      );
      const requests: Promise<{ status: number }>[] = wines.map((wine, i) =>
        patchWine(user, wine.id, { wineListCategoryId: i % 2 ? doomed.id : inner.id }),
      );
      requests.push(
        sleep(round * 20).then(() =>
          origin.api('DELETE', `${categoriesPath()}/${doomed.id}`, { token: tokens[user] }),
        ),
      );
      const answers = await Promise.all(requests);
      for (const answer of answers) expect(answer.status).toBeLessThan(500);
      const known = new Set((await categories()).map((c) => c.id));
      expect(known.has(doomed.id)).toBe(false);
      expect(known.has(inner.id)).toBe(false);
      for (const wine of wines) {
        const now = await getWine(user, wine.id);
        if (now.wineListCategoryId) expect(known.has(now.wineListCategoryId)).toBe(true);
      }
    }
  });
});

// — 4. cellar pictures and share links —

describe('pictures and links asked for at the same moment', () => {
  const user = 'expert';

  it('keeps every picture it answered 201 for, and no more than 12', async () => {
    const cellar = (
      await origin.api<{ rows: Cellar[] }>('GET', `${base(user)}/cellars`, { token: tokens[user] })
    ).payload.rows[0] as Cellar;
    expect(cellar.images).toEqual([]);
    const image = await png();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        origin.api<Cellar>('POST', `${base(user)}/cellars/${cellar.id}/images`, {
          token: tokens[user],
          form: imageForm(image),
        }),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 400);
    expect(created).toHaveLength(12);
    expect(refused).toHaveLength(8);
    for (const answer of refused) expect(answer.error?.fields?.image).toBe('At most 12 items');
    const now = (
      await origin.api<{ rows: Cellar[] }>('GET', `${base(user)}/cellars`, { token: tokens[user] })
    ).payload.rows[0] as Cellar;
    expect(now.images).toHaveLength(12);
    for (const answer of created)
      for (const path of answer.payload.images) expect(now.images).toContain(path);
    // The refused pictures' files were deleted again: only the kept ones are stored.
    const stored = await s3Client().send(
      new ListObjectsV2Command({ Bucket: env.mediaBucket(), Prefix: `users/${userIds[user]}/cellarImage-` }),
    );
    expect((stored.Contents ?? []).map((o) => `/${o.Key}`).sort()).toEqual([...now.images].sort());
  });

  it('hands out one link to 20 requests at once, and it works', async () => {
    const location = await createLocation(user, 'Delt hylle');
    const wine = await addWine(user, custom('Delt vin', { quantity: 2, locationId: location.id }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        origin.api<CellarLocation>('POST', `${base(user)}/locations/${location.id}/share`, {
          token: tokens[user],
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const links = new Set(answers.map((a) => a.payload.shareToken));
    expect(links.size).toBe(1);
    const token = [...links][0] as string;
    const view = await origin.api<SharedLocationView>('GET', `/api/shared-locations/${token}`);
    expect(view.status).toBe(200);
    expect(view.payload.rows.map((r) => r.id)).toEqual([wine.id]);
    const { data: shares } = await db()
      .entities.locationShare.query.byOwner({ ownerId: userIds[user] as string })
      .go({ pages: 'all' });
    expect(shares.map((s) => s.token)).toEqual([token]);

    const revoked = await Promise.all(
      Array.from({ length: 10 }, () =>
        origin.api<CellarLocation>('DELETE', `${base(user)}/locations/${location.id}/share`, {
          token: tokens[user],
        }),
      ),
    );
    expect(revoked.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await origin.api('GET', `/api/shared-locations/${token}`)).status).toBe(404);
    expect((await locations(user)).find((l) => l.id === location.id)?.shareToken).toBeUndefined();
  });
});

// — 5. failures half way —

/** The cellar as a user sees it: wines with their placements, and how many history entries there are. */
async function snapshot(user: string) {
  const wines = (await allWines(user)).map((w) => ({
    id: w.id,
    quantity: w.quantity,
    placements: w.placements,
  }));
  wines.sort((a, b) => a.id.localeCompare(b.id));
  return { wines, entries: (await history(user)).length };
}

describe('a bulk add that fails at any step', () => {
  const user = 'sommelier';

  it('writes all 120 wines with their entries, or nothing', async () => {
    const shelf = await createLocation(user, 'Import');
    const body = {
      ownWines: Array.from({ length: 120 }, (_, i) =>
        custom(`Import ${i}`, { quantity: 2, locationId: shelf.id }),
      ),
    };
    const bulk = () =>
      origin.api<{ rows: CellarWine[] }>('POST', `${base(user)}/own-wines/bulk_create`, {
        token: tokens[user],
        json: body,
      });
    const clean = await withFault(0, false, bulk);
    expect(clean.answer.status).toBe(201);
    expect(clean.calls).toBeGreaterThan(3);
    let failures = 0;
    for (const afterSend of [false, true]) {
      for (let n = 1; n <= clean.calls + 1; n++) {
        const before = await snapshot(user);
        const { answer } = await withFault(n, afterSend, bulk);
        const after = await snapshot(user);
        if (answer.status === 201) {
          expect(after.wines).toHaveLength(before.wines.length + 120);
          expect(after.entries).toBe(before.entries + 120);
        } else {
          failures++;
          expect(answer.status, `call ${n}${afterSend ? ' (answer lost)' : ''}`).toBeGreaterThanOrEqual(500);
          expect(after, `call ${n}${afterSend ? ' (answer lost)' : ''}`).toEqual(before);
        }
      }
    }
    expect(failures).toBeGreaterThan(4);
    // Every wine there is whole: its ADDED entry and nothing else.
    const entries = await history(user);
    const wines = await allWines(user);
    expect(entries.filter((e) => e.action === 'ADDED')).toHaveLength(wines.length);
    for (const wine of wines.slice(0, 20))
      expectHistoryAgrees(
        entries.filter((e) => e.ownWineId === wine.id),
        wine,
      );
  });
});

describe('deleting a location when a step fails', () => {
  const user = 'critic';

  /** A location with two sub-locations (one shared) holding 110 wines, some also standing elsewhere. */
  async function cellarWithTree(round: number) {
    const top = await createLocation(user, `Kjeller ${round}`);
    const left = await createLocation(user, `Venstre ${round}`, top.id);
    const right = await createLocation(user, `Høyre ${round}`, top.id);
    const elsewhere = await createLocation(user, `Garasje ${round}`);
    const shared = await origin.api<CellarLocation>('POST', `${base(user)}/locations/${right.id}/share`, {
      token: tokens[user],
    });
    expect(shared.status).toBe(200);
    const places = [top.id, left.id, right.id];
    const answer = await origin.api<{ rows: CellarWine[] }>('POST', `${base(user)}/own-wines/bulk_create`, {
      token: tokens[user],
      json: {
        ownWines: Array.from({ length: 110 }, (_, i) =>
          custom(`Kjellervin ${round}.${i}`, { quantity: 3, locationId: places[i % 3] }),
        ),
      },
    });
    expect(answer.status).toBe(201);
    const wines = answer.payload.rows;
    for (let i = 0; i < 10; i++) {
      const wine = wines[i] as CellarWine;
      expect((await postMoves(user, [move(wine.id, places[i % 3] as string, elsewhere.id)])).status).toBe(
        200,
      );
    }
    return { top, left, right, elsewhere, link: shared.payload.shareToken as string };
  }

  const shape = async () =>
    (await locations(user)).map((l) => ({
      id: l.id,
      parentId: l.parentId,
      name: l.name,
      shareToken: l.shareToken,
    }));

  for (const afterSend of [false, true]) {
    it(`either deletes it with every bottle moved out, or leaves everything as it was${afterSend ? ' (answers lost)' : ''}`, async () => {
      const { top, left, right, elsewhere, link } = await cellarWithTree(afterSend ? 1 : 0);
      const before = await snapshot(user);
      const tree = await shape();
      let failures = 0;
      let n = 1;
      for (; n < 300; n++) {
        const { answer } = await withFault(n, afterSend, () =>
          origin.api('DELETE', `${base(user)}/locations/${top.id}`, { token: tokens[user] }),
        );
        if (answer.status === 204) break;
        failures++;
        const where = `call ${n}`;
        expect(answer.status, where).toBeGreaterThanOrEqual(500);
        expect(await snapshot(user), where).toEqual(before);
        expect(await shape(), where).toEqual(tree);
        for (const id of [top.id, left.id, right.id]) {
          const { data } = await db()
            .entities.cellarLocation.get({ ownerId: userIds[user] as string, id })
            .go({ consistent: true });
          expect(data?.deleting, where).toBeUndefined();
        }
        expect((await origin.api('GET', `/api/shared-locations/${link}`)).status, where).toBe(200);
      }
      expect(failures).toBeGreaterThan(5);
      const rows = await locations(user);
      for (const id of [top.id, left.id, right.id]) expect(rows.map((row) => row.id)).not.toContain(id);
      expect(rows.map((row) => row.id)).toContain(elsewhere.id);
      expect((await origin.api('GET', `/api/shared-locations/${link}`)).status).toBe(404);
      const known = new Set(rows.map((row) => row.id));
      const wines = await allWines(user);
      const entries = await history(user);
      for (const wine of wines) {
        for (const p of wine.placements) if (p.locationId) expect(known.has(p.locationId)).toBe(true);
        expectHistoryAgrees(
          entries.filter((e) => e.ownWineId === wine.id),
          wine,
        );
      }
    });
  }
});
