/**
 * Stock counts through the HTTP API against DynamoDB Local (docs/stock-counts.md): every route, who may
 * call it, the latest count setting the inventory and an older one only its report, entries merged
 * under concurrency and replay, wines not in the cellar at the count's moment refused, a finish run
 * many times at once finishing once, and history that adds up to the stock.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import {
  type CellarLocation,
  type CellarWine,
  message,
  type StockCount,
  type StockCountEntriesResult,
  type StockCountSheet,
} from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant', 'private', 'admin'],
});
const { tokens } = accounts;
const R = 'restaurant';

// — helpers —

const counts = (user = R) => `${accounts.base(user)}/stock-counts`;

function api<T>(
  method: string,
  path: string,
  json?: unknown,
  token = tokens[R],
  headers?: Record<string, string>,
) {
  return origin.api<T>(method, path, { token, json, headers });
}

async function location(name: string): Promise<CellarLocation> {
  const answer = await api<CellarLocation>('POST', `${accounts.base(R)}/locations`, { name });
  expect(answer.status).toBe(201);
  return answer.payload;
}

function wine(
  name: string,
  quantity: number,
  locationId: string | null,
  price?: number,
): Promise<CellarWine> {
  return accounts.addWine(R, {
    source: 'CUSTOM',
    wineName: name,
    bottleSize: 0.75,
    quantity,
    locationId,
    ...(price !== undefined ? { purchasePriceWovat: price } : {}),
  });
}

async function create(body: Record<string, unknown>): Promise<StockCount> {
  const answer = await api<StockCount>('POST', counts(), body);
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(201);
  return answer.payload;
}

async function sheet(countId: string): Promise<StockCountSheet> {
  const answer = await api<StockCountSheet>('GET', `${counts()}/${countId}`);
  expect(answer.status).toBe(200);
  return answer.payload;
}

function put(
  countId: string,
  entries: Record<string, unknown>[],
  token = tokens[R],
  headers?: Record<string, string>,
) {
  return api<StockCountEntriesResult>('PUT', `${counts()}/${countId}/entries`, { entries }, token, headers);
}

const finish = (countId: string) => api<StockCount>('POST', `${counts()}/${countId}/finish`);

const history = (ownWineId: string) => accounts.wineHistory(R, ownWineId);

/** The stock a wine's history adds up to, from nothing. */
async function historySum(ownWineId: string): Promise<number> {
  const rows = await history(ownWineId);
  return rows.reduce((sum, row) => sum + (row.after?.quantity ?? 0) - (row.before?.quantity ?? 0), 0);
}

const line = (s: StockCountSheet, ownWineId: string, locationId: string) =>
  s.lines.find((l) => l.ownWineId === ownWineId && l.locationId === locationId);

// — the routes —

describe('a count from start to finish', () => {
  it('lists, creates, shows, renames, takes figures, finishes, prints and deletes', async () => {
    const cellarA = await location('Telling A');
    const w1 = await wine('Telling Barolo', 6, cellarA.id, 25000);
    const w2 = await wine('Telling Chablis', 2, cellarA.id);
    const created = await create({ name: 'Kvartal', locationIds: [cellarA.id] });
    expect(created).toMatchObject({ status: 'open', name: 'Kvartal', locationIds: [cellarA.id], version: 0 });
    expect(created.date).toBe(new Date().toISOString().slice(0, 10));

    const listed = await api<{ rows: StockCount[]; count: number }>('GET', `${counts()}?status=open`);
    expect(listed.status).toBe(200);
    expect(listed.payload.rows.map((c) => c.id)).toContain(created.id);

    const first = await sheet(created.id);
    expect(first.lines.map((l) => [l.ownWineId, l.expected, l.counted])).toEqual(
      expect.arrayContaining([
        [w1.id, 6, undefined],
        [w2.id, 2, undefined],
      ]),
    );
    expect(first.lines).toHaveLength(2);
    expect(first.locations.map((l) => l.id)).toEqual([cellarA.id]);
    expect(first.eligibleWines.map((w) => w.ownWineId)).toEqual(expect.arrayContaining([w1.id, w2.id]));
    expect(first.summary).toMatchObject({ lines: 2, counted: 0, uncounted: 2, expectedBottles: 8 });

    const renamed = await api<StockCount>('PATCH', `${counts()}/${created.id}`, {
      name: 'Årstelling',
      version: 0,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.payload).toMatchObject({ name: 'Årstelling', version: 1 });
    const stale = await api('PATCH', `${counts()}/${created.id}`, { note: 'x', version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe(message('stockCountChanged', 'en'));

    const entered = await put(created.id, [{ ownWineId: w1.id, locationId: cellarA.id, counted: 4 }]);
    expect(entered.status).toBe(200);
    expect(entered.payload.entries).toHaveLength(1);
    expect(entered.payload.summary).toMatchObject({
      counted: 1,
      uncounted: 1,
      difference: -2,
      differenceValue: -50000,
    });
    const listedAgain = await api<{ rows: StockCount[] }>('GET', counts());
    const summary = listedAgain.payload.rows.find((c) => c.id === created.id)?.summary;
    expect(summary).toMatchObject({ counted: 1, difference: -2 });

    const finished = await finish(created.id);
    expect(finished.error).toBeUndefined();
    expect(finished.status).toBe(200);
    expect(finished.payload).toMatchObject({ status: 'finished', outcome: 'applied' });
    expect(finished.payload.summary).toMatchObject({ counted: 1, uncounted: 1, difference: -2 });
    expect((await accounts.getWine(R, w1.id)).quantity).toBe(4);
    expect((await accounts.getWine(R, w2.id)).quantity).toBe(2);

    const [counted] = (await history(w1.id)).filter((h) => h.action === 'COUNTED');
    expect(counted?.before).toMatchObject({
      quantity: 6,
      difference: -2,
      differenceValue: -50000,
      countId: created.id,
    });
    expect(counted?.after).toMatchObject({
      quantity: 4,
      placements: [{ locationId: cellarA.id, quantity: 4 }],
    });
    expect(await historySum(w1.id)).toBe(4);

    // The report is frozen: changing the wine since does not change it.
    await api('PATCH', `${accounts.base(R)}/own-wines/${w2.id}`, { quantity: 9 });
    const frozen = await sheet(created.id);
    expect(frozen.status).toBe('finished');
    expect(line(frozen, w1.id, cellarA.id)).toMatchObject({
      expected: 6,
      counted: 4,
      difference: -2,
      unitCost: 25000,
    });
    expect(line(frozen, w2.id, cellarA.id)).toMatchObject({ expected: 2 });
    expect(line(frozen, w2.id, cellarA.id)?.counted).toBeUndefined();

    const afterFinish = await put(created.id, [{ ownWineId: w1.id, locationId: cellarA.id, counted: 1 }]);
    expect(afterFinish.status).toBe(409);
    expect(afterFinish.error?.message).toBe(message('stockCountFinished', 'en'));

    for (const language of ['nb', 'en']) {
      const res = await fetch(`${origin.base}${counts()}/${created.id}/pdf`, {
        headers: {
          'x-api-key': 'kork-local-web',
          authorization: `Bearer ${tokens[R]}`,
          'accept-language': language,
        },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }

    const deleted = await api('DELETE', `${counts()}/${created.id}`);
    expect(deleted.status).toBe(204);
    expect((await api('GET', `${counts()}/${created.id}`)).status).toBe(404);
    expect((await accounts.getWine(R, w1.id)).quantity).toBe(4);
  });

  it('refuses a future date, unknown locations and more open counts than the limit', async () => {
    const future = await api('POST', counts(), { date: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.error?.fields?.date).toBeTruthy();
    const unknown = await api('POST', counts(), { locationIds: ['01JUNKNOWNLOCATION0000000'] });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.fields?.['locationIds.0']).toBeTruthy();
  });
});

describe('who may call', () => {
  it('answers 403 for another account and 404 for another cellar’s count, on every route', async () => {
    const count = await create({ name: 'Privat' });
    const theirs = `${counts()}/${count.id}`;
    const mine = `${counts('admin')}/${count.id}`;
    const calls: [string, string, unknown][] = [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'x' }],
      ['PUT', '/entries', { entries: [{ ownWineId: 'a', locationId: 'uncategorized', counted: 1 }] }],
      ['POST', '/finish', undefined],
      ['GET', '/pdf', undefined],
      ['DELETE', '', undefined],
    ];
    expect((await api('GET', counts(), undefined, tokens.private)).status).toBe(403);
    expect((await api('POST', counts(), {}, tokens.private)).status).toBe(403);
    for (const [method, suffix, body] of calls) {
      expect(
        (await api(method, `${theirs}${suffix}`, body, tokens.private)).status,
        `${method} ${suffix}`,
      ).toBe(403);
      expect((await api(method, `${mine}${suffix}`, body, tokens.admin)).status, `${method} ${suffix}`).toBe(
        404,
      );
    }
    expect((await sheet(count.id)).status).toBe('open');
    expect((await api('DELETE', theirs)).status).toBe(204);
  });
});

describe('the latest count and an older one', () => {
  it('the latest sets the inventory; an older one finished later only makes its report', async () => {
    const cellarB = await location('Telling B');
    const w = await wine('Telling Rioja', 10, cellarB.id, 10000);
    const older = await create({ locationIds: [cellarB.id] });
    const newer = await create({ locationIds: [cellarB.id] });
    expect(newer.asOf >= older.asOf).toBe(true);
    await put(older.id, [{ ownWineId: w.id, locationId: cellarB.id, counted: 3 }]);
    await put(newer.id, [{ ownWineId: w.id, locationId: cellarB.id, counted: 8 }]);
    expect((await finish(newer.id)).payload).toMatchObject({ outcome: 'applied' });
    expect((await accounts.getWine(R, w.id)).quantity).toBe(8);
    const report = await finish(older.id);
    expect(report.payload).toMatchObject({ status: 'finished', outcome: 'reportOnly' });
    expect(report.payload.summary).toMatchObject({ difference: -7, differenceValue: -70000 });
    expect((await accounts.getWine(R, w.id)).quantity).toBe(8);
    expect((await history(w.id)).filter((h) => h.action === 'COUNTED')).toHaveLength(1);
    expect(await historySum(w.id)).toBe(8);
  });

  it('adds the difference to the stock as it is at finishing: a later sale is not undone', async () => {
    const cellarC = await location('Telling C');
    const w = await wine('Telling Sancerre', 5, cellarC.id);
    const count = await create({ locationIds: [cellarC.id, 'uncategorized'] });
    // Counted 4 of the 5 expected; one bottle goes afterwards.
    await put(count.id, [{ ownWineId: w.id, locationId: cellarC.id, counted: 4 }]);
    const changed = await api('PATCH', `${accounts.base(R)}/own-wines/${w.id}`, { quantity: 4 });
    expect(changed.status).toBe(200);
    await finish(count.id);
    expect((await accounts.getWine(R, w.id)).quantity).toBe(3);
    expect(await historySum(w.id)).toBe(3);
  });
});

describe('entries', () => {
  it('refuses a wine added after the count’s moment, and a location outside the count', async () => {
    const cellarD = await location('Telling D');
    const other = await location('Telling D2');
    const before = await wine('Telling Chianti', 1, cellarD.id);
    const count = await create({ locationIds: [cellarD.id] });
    const later = await wine('Telling Nyhet', 2, cellarD.id);
    const refused = await put(count.id, [{ ownWineId: later.id, locationId: cellarD.id, counted: 2 }]);
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(message('wineNotInCellarAtCount', 'en'));
    expect(refused.error?.fields?.['entries.0.ownWineId']).toBe(message('wineNotInCellarAtCount', 'en'));
    const outside = await put(count.id, [{ ownWineId: before.id, locationId: other.id, counted: 1 }]);
    expect(outside.status).toBe(400);
    expect(outside.error?.message).toBe(message('locationNotInCount', 'en'));
    const s = await sheet(count.id);
    expect(s.eligibleWines.map((e) => e.ownWineId)).not.toContain(later.id);

    // A count of yesterday does not know a wine added today.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const past = await create({ date: yesterday, locationIds: [cellarD.id] });
    expect(past.asOf).toBe(`${yesterday}T23:59:59.999Z`);
    expect((await put(past.id, [{ ownWineId: before.id, locationId: cellarD.id, counted: 1 }])).status).toBe(
      400,
    );
    await api('DELETE', `${counts()}/${past.id}`);
    await api('DELETE', `${counts()}/${count.id}`);
  });

  it('refuses a figure past one decimal or outside 0 to 100 000 with its rule, keeping the one entered before', async () => {
    const cellarH = await location('Telling H');
    const w = await wine('Telling Tall', 5, cellarH.id);
    const count = await create({ locationIds: [cellarH.id] });
    expect((await put(count.id, [{ ownWineId: w.id, locationId: cellarH.id, counted: 7 }])).status).toBe(200);
    const cases: [unknown, string][] = [
      [1e9, message('between|min=0|max=100000', 'en')],
      [100_001, message('between|min=0|max=100000', 'en')],
      [-1, message('between|min=0|max=100000', 'en')],
      [2.55, message('atMostOneDecimal', 'en')],
      ['abc', message('mustBeNumber', 'en')],
    ];
    for (const [counted, rule] of cases) {
      const refused = await put(count.id, [{ ownWineId: w.id, locationId: cellarH.id, counted }]);
      expect(refused.status, String(counted)).toBe(400);
      expect(refused.error?.fields?.['entries.0.counted'], String(counted)).toBe(rule);
    }
    const line = (await sheet(count.id)).lines.find((item) => item.ownWineId === w.id);
    expect(line?.counted).toBe(7);
    await api('DELETE', `${counts()}/${count.id}`);
  });

  it('takes an extra wine found where it was not expected', async () => {
    const cellarE = await location('Telling E');
    const w = await wine('Telling Ekstra', 1, null);
    const count = await create({ locationIds: [cellarE.id, 'uncategorized'] });
    const answer = await put(count.id, [{ ownWineId: w.id, locationId: cellarE.id, counted: 2 }]);
    expect(answer.status).toBe(200);
    const s = await sheet(count.id);
    expect(line(s, w.id, cellarE.id)).toMatchObject({ expected: 0, counted: 2, extra: true, difference: 2 });
    expect(s.summary.extra).toBe(1);
    await api('DELETE', `${counts()}/${count.id}`);
  });

  it('keeps a newer figure over an older one arriving late, and a replayed batch changes nothing twice', async () => {
    const cellarF = await location('Telling F');
    const w = await wine('Telling Riesling', 6, cellarF.id);
    const count = await create({ locationIds: [cellarF.id] });
    const newer = new Date(Date.now() - 60_000).toISOString();
    const olderAt = new Date(Date.now() - 600_000).toISOString();
    await put(count.id, [{ ownWineId: w.id, locationId: cellarF.id, counted: 5, countedAt: newer }]);
    const late = await put(count.id, [
      { ownWineId: w.id, locationId: cellarF.id, counted: 3, countedAt: olderAt },
    ]);
    expect(late.status).toBe(200);
    expect(late.payload.entries[0]).toMatchObject({ counted: 5, countedAt: newer });
    expect(line(await sheet(count.id), w.id, cellarF.id)?.counted).toBe(5);

    const batch = [
      { ownWineId: w.id, locationId: cellarF.id, counted: 7, countedAt: new Date().toISOString() },
    ];
    const key = { 'idempotency-key': `count-${count.id}` };
    const first = await put(count.id, batch, tokens[R], key);
    const replay = await put(count.id, batch, tokens[R], key);
    const again = await put(count.id, batch);
    expect([first.status, replay.status, again.status]).toEqual([200, 200, 200]);
    expect(replay.payload).toEqual(first.payload);
    expect(again.payload.summary).toEqual(first.payload.summary);
    const s = await sheet(count.id);
    expect(s.summary).toMatchObject({ counted: 1, countedBottles: 7, difference: 1 });
    await finish(count.id);
    expect((await accounts.getWine(R, w.id)).quantity).toBe(7);
    expect((await history(w.id)).filter((h) => h.action === 'COUNTED')).toHaveLength(1);
  });

  it('merges two counters on different locations sending dozens of batches at once', async () => {
    const [p, q] = [await location('Telling P'), await location('Telling Q')];
    const wines: CellarWine[] = [];
    for (let i = 0; i < 12; i++) wines.push(await wine(`Telling Par ${i}`, 3, i % 2 ? p.id : q.id));
    const count = await create({ locationIds: [p.id, q.id] });
    const sends = wines.flatMap((w, i) => [
      put(count.id, [{ ownWineId: w.id, locationId: p.id, counted: i }], tokens[R]),
      put(count.id, [{ ownWineId: w.id, locationId: q.id, counted: 100 + i }], tokens.admin),
    ]);
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const s = await sheet(count.id);
    for (const [i, w] of wines.entries()) {
      expect(line(s, w.id, p.id)?.counted).toBe(i);
      expect(line(s, w.id, q.id)?.counted).toBe(100 + i);
    }
    expect(s.summary).toMatchObject({ lines: 24, counted: 24, uncounted: 0, extra: 12 });
    expect(s.counters).toHaveLength(2);
    const listed = (await api<{ rows: StockCount[] }>('GET', counts())).payload.rows.find(
      (c) => c.id === count.id,
    );
    expect(listed?.summary).toEqual(s.summary);
    await api('DELETE', `${counts()}/${count.id}`);
  });
});

describe('finishing', () => {
  it('finishes once when asked ten times at once, and the history adds up to the stock', async () => {
    const cellarG = await location('Telling G');
    const wines: CellarWine[] = [];
    for (let i = 0; i < 8; i++) wines.push(await wine(`Telling Samtidig ${i}`, 5, cellarG.id, 1000));
    const count = await create({ locationIds: [cellarG.id] });
    await put(
      count.id,
      wines.map((w, i) => ({ ownWineId: w.id, locationId: cellarG.id, counted: i })),
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => finish(count.id)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const [i, w] of wines.entries()) {
      expect((await accounts.getWine(R, w.id)).quantity).toBe(i);
      expect(await historySum(w.id)).toBe(i);
      const counted = (await history(w.id)).filter((h) => h.action === 'COUNTED');
      expect(counted).toHaveLength(i === 5 ? 0 : 1);
    }
  });
});

// — counting as bars count: tenths of an open bottle, blind counts —

describe('tenths of an open bottle', () => {
  it('stores 3.4 exactly, refuses a second decimal, and finishing keeps whole bottles and the open one', async () => {
    const bar = await location('Telling Bar');
    const w = await wine('Telling Husets hvite', 4, bar.id, 10000);
    const count = await create({ locationIds: [bar.id] });
    const refused = await put(count.id, [{ ownWineId: w.id, locationId: bar.id, counted: 3.45 }]);
    expect(refused.status).toBe(400);
    expect(refused.error?.fields?.['entries.0.counted']).toBe(message('atMostOneDecimal', 'en'));
    // 0.1 × 34 is 3.4000000000000004 as a float: stored as 3.4.
    const taken = await put(count.id, [{ ownWineId: w.id, locationId: bar.id, counted: 0.1 * 34 }]);
    expect(taken.status).toBe(200);
    expect(taken.payload.entries[0]?.counted).toBe(3.4);
    const open = line(await sheet(count.id), w.id, bar.id);
    expect(open?.counted).toBe(3.4);
    expect(open?.difference).toBe(-0.6);
    expect((await finish(count.id)).status).toBe(200);
    const after = (await api<CellarWine>('GET', `${accounts.base(R)}/own-wines/${w.id}`)).payload;
    // Three full bottles and one four tenths full: the open one counts among the bottles, as the till
    // keeps it, with 0.4 × 75 cl left in it.
    expect(after.quantity).toBe(4);
    expect(after.openBottleCl).toBe(30);
    const report = await sheet(count.id);
    expect(line(report, w.id, bar.id)).toMatchObject({ expected: 4, counted: 3.4, difference: -0.6 });
    expect(report.summary.countedBottles).toBe(3.4);
  });

  it('refuses tenths where the cellar counts whole bottles only', async () => {
    const cellars = await api<{ rows: { id: string; countTenths: boolean }[] }>(
      'GET',
      `${accounts.base(R)}/cellars`,
    );
    const cellar = cellars.payload.rows[0];
    // A business cellar counts in tenths until its owner turns it off.
    expect(cellar?.countTenths).toBe(true);
    const off = await api<{ countTenths: boolean }>('PATCH', `/api/wine-cellars/cellars/${cellar?.id}`, {
      countTenths: false,
    });
    expect(off.payload.countTenths).toBe(false);
    try {
      const shelf = await location('Telling Hylle');
      const w = await wine('Telling Hel', 3, shelf.id);
      const count = await create({ locationIds: [shelf.id] });
      const refused = await put(count.id, [{ ownWineId: w.id, locationId: shelf.id, counted: 2.5 }]);
      expect(refused.status).toBe(400);
      expect(refused.error?.fields?.['entries.0.counted']).toBe(message('wholeBottlesOnly', 'en'));
      expect((await sheet(count.id)).countTenths).toBe(false);
      expect((await put(count.id, [{ ownWineId: w.id, locationId: shelf.id, counted: 2 }])).status).toBe(200);
      await api('DELETE', `${counts()}/${count.id}`);
    } finally {
      await api('PATCH', `/api/wine-cellars/cellars/${cellar?.id}`, { countTenths: true });
    }
  });
});

describe('a blind count', () => {
  it('keeps what was expected from the sheet (the PDF’s source), the entries’ answer and the list until it is finished', async () => {
    const blindRoom = await location('Telling Blind');
    const w = await wine('Telling Blindvin', 6, blindRoom.id, 20000);
    const count = await create({ locationIds: [blindRoom.id], blind: true });
    expect(count.blind).toBe(true);
    const before = await sheet(count.id);
    expect(before.blind).toBe(true);
    const unseen = line(before, w.id, blindRoom.id);
    expect(unseen).toBeDefined();
    expect(unseen).not.toHaveProperty('expected');
    expect(before.summary).not.toHaveProperty('expectedBottles');
    const entered = await put(count.id, [{ ownWineId: w.id, locationId: blindRoom.id, counted: 5 }]);
    expect(entered.payload.summary).not.toHaveProperty('difference');
    expect(entered.payload.summary.countedBottles).toBe(5);
    const counted = line(await sheet(count.id), w.id, blindRoom.id);
    expect(counted?.counted).toBe(5);
    expect(counted).not.toHaveProperty('difference');
    const listed = await api<{ rows: StockCount[] }>('GET', counts());
    const inList = listed.payload.rows.find((row) => row.id === count.id);
    expect(inList?.summary).not.toHaveProperty('expectedBottles');
    // The raw JSON carries no expected figure at all.
    expect(JSON.stringify(await sheet(count.id))).not.toMatch(/"expected"|"difference"/);
    expect((await finish(count.id)).status).toBe(200);
    const report = await sheet(count.id);
    expect(line(report, w.id, blindRoom.id)).toMatchObject({ expected: 6, counted: 5, difference: -1 });
    expect(report.summary.difference).toBe(-1);
  });
});
