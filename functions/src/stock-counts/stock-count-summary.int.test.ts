/**
 * The summary a count list shows, kept as a running tally by every entry batch (docs/stock-counts.md,
 * "The summary in the count list"), against DynamoDB Local: after two counters send dozens of batches at
 * once on overlapping wines, late offline figures among them, the stored summary is exactly the one
 * worked out from scratch from the cellar and the figures that stand.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import {
  type CellarLocation,
  type CellarWine,
  type StockCount,
  type StockCountEntriesResult,
  type StockCountEntry,
  type StockCountSheet,
  sheetLines,
  summarize,
  type WineAtMoment,
} from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant', 'admin'],
});
const { tokens } = accounts;
const R = 'restaurant';
const counts = () => `${accounts.base(R)}/stock-counts`;

function api<T>(method: string, path: string, json?: unknown, token = tokens[R]) {
  return origin.api<T>(method, path, { token, json });
}

async function location(name: string): Promise<CellarLocation> {
  const answer = await api<CellarLocation>('POST', `${accounts.base(R)}/locations`, { name });
  expect(answer.status).toBe(201);
  return answer.payload;
}

/** A small seeded random, so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state >>> 12) % below;
  };
}

async function listed(countId: string): Promise<StockCount | undefined> {
  const answer = await api<{ rows: StockCount[] }>('GET', counts());
  expect(answer.status).toBe(200);
  return answer.payload.rows.find((c) => c.id === countId);
}

describe('the count list summary under two counters at once', () => {
  it('equals the summary worked out from scratch after dozens of overlapping batches', async () => {
    const [p, q, outside] = [
      await location('Oppsummering P'),
      await location('Oppsummering Q'),
      await location('Oppsummering utenfor'),
    ];
    const random = randomFrom(20_261_129);
    const wines: { wine: CellarWine; locationId: string; quantity: number; price?: number }[] = [];
    for (let i = 0; i < 16; i++) {
      const locationId = [p.id, q.id, outside.id][i % 3] as string;
      const quantity = 1 + random(9);
      const price = i % 4 === 0 ? undefined : 10_000 + random(40_000);
      const wine = await accounts.addWine(R, {
        source: 'CUSTOM',
        wineName: `Oppsummering ${i}`,
        bottleSize: 0.75,
        quantity,
        locationId,
        ...(price !== undefined ? { purchasePriceWovat: price } : {}),
      });
      wines.push({ wine, locationId, quantity, price });
    }
    const created = await api<StockCount>('POST', counts(), { locationIds: [p.id, q.id] });
    expect(created.status).toBe(201);
    const countId = created.payload.id;

    // 48 batches of 5 figures, half from each counter, on the same 32 pairs (each wine in P and in Q:
    // expected lines and extra ones), each figure with its own moment so the latest is known.
    const base = Date.now() - 60 * 60 * 1000;
    const sent: (StockCountEntry & { token: string })[] = [];
    const batches: { token: string; entries: Record<string, unknown>[] }[] = [];
    for (let b = 0; b < 48; b++) {
      const token = (b % 2 === 0 ? tokens[R] : tokens.admin) ?? '';
      const entries: Record<string, unknown>[] = [];
      const pairs = new Set<string>();
      while (entries.length < 5) {
        const { wine } = wines[random(wines.length)] as (typeof wines)[number];
        const locationId = random(2) === 0 ? p.id : q.id;
        if (pairs.has(`${wine.id}/${locationId}`)) continue;
        pairs.add(`${wine.id}/${locationId}`);
        const countedAt = new Date(base + sent.length * 1000 + random(997)).toISOString();
        const entry = { ownWineId: wine.id, locationId, counted: random(12), countedAt };
        entries.push(entry);
        sent.push({ ...entry, countedBy: '', countedByName: '', token });
      }
      batches.push({ token, entries });
    }
    // Sent in a shuffled order, all at once, so older figures often arrive after newer ones.
    const order = batches.map((_, i) => i).sort(() => random(3) - 1);
    const answers = await Promise.all(
      order.map((i) => {
        const batch = batches[i] as (typeof batches)[number];
        return api<StockCountEntriesResult>(
          'PUT',
          `${counts()}/${countId}/entries`,
          { entries: batch.entries },
          batch.token,
        );
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

    // From scratch: the cellar at the count, the latest figure of each pair.
    const atMoment = new Map<string, WineAtMoment>(
      wines.map(({ wine, locationId, quantity, price }) => [
        wine.id,
        { ownWineId: wine.id, bottles: new Map([[locationId, quantity]]), purchasePriceWovat: price },
      ]),
    );
    const latest = new Map<string, StockCountEntry>();
    for (const entry of sent) {
      const key = `${entry.ownWineId}/${entry.locationId}`;
      const standing = latest.get(key);
      if (!standing || standing.countedAt < entry.countedAt) latest.set(key, entry);
    }
    const expected = summarize(
      sheetLines(atMoment, [...latest.values()], new Set([p.id, q.id]), (id) => ({
        wineDisplayName: id,
        vintage: null,
      })),
    );
    expect(expected.extra).toBeGreaterThan(0);
    expect(expected.counted).toBe(latest.size);

    const sheet = await api<StockCountSheet>('GET', `${counts()}/${countId}`);
    expect(sheet.status).toBe(200);
    for (const entry of latest.values()) {
      const line = sheet.payload.lines.find(
        (l) => l.ownWineId === entry.ownWineId && l.locationId === entry.locationId,
      );
      expect(line?.counted).toBe(entry.counted);
    }
    expect(sheet.payload.summary).toEqual(expected);
    const row = await listed(countId);
    expect(row?.summary).toEqual(expected);
    // Everyone who entered a figure is named, also a counter whose figures were all counted again since.
    expect(row?.counters.map((c) => c.userId).sort()).toEqual(['demo-admin', 'demo-restaurant']);

    // A batch sent again changes nothing twice; a figure changed moves the summary by its difference.
    const again = order.slice(0, 6).map((i) => batches[i] as (typeof batches)[number]);
    for (const batch of again) {
      const answer = await api(
        'PUT',
        `${counts()}/${countId}/entries`,
        { entries: batch.entries },
        batch.token,
      );
      expect(answer.status).toBe(200);
    }
    expect((await listed(countId))?.summary).toEqual(expected);
    const [first] = latest.values();
    if (!first) throw new Error('no figure stands');
    const changed = { ...first, counted: first.counted + 3, countedAt: new Date().toISOString() };
    const answer = await api<StockCountEntriesResult>('PUT', `${counts()}/${countId}/entries`, {
      entries: [{ ownWineId: changed.ownWineId, locationId: changed.locationId, counted: changed.counted }],
    });
    expect(answer.status).toBe(200);
    latest.set(`${first.ownWineId}/${first.locationId}`, changed);
    const recounted = summarize(
      sheetLines(atMoment, [...latest.values()], new Set([p.id, q.id]), (id) => ({
        wineDisplayName: id,
        vintage: null,
      })),
    );
    expect(recounted.countedBottles).toBe(expected.countedBottles + 3);
    expect(answer.payload.summary).toEqual(recounted);
    expect((await listed(countId))?.summary).toEqual(recounted);
    await api('DELETE', `${counts()}/${countId}`);
  });
});
