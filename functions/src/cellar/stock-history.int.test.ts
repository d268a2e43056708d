/**
 * Stock and history agree, whatever happens to the cellar: seeded random runs of adds, quantity edits,
 * moves, sales, sale deletions, receipts, stock counts and deletions, three at a time, through the HTTP
 * API against DynamoDB Local. Afterwards, for every wine, the quantity changes its history entries tell
 * of (after − before; an addition from 0, a deletion to 0) add up to the bottles it holds now, and its
 * placements add up to its quantity.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { allWines as catalogueWines, type WineRecord } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import type { CellarWine, HistoryEntry, Order, Sale } from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed, catalogSeed], signIn: ['restaurant'] });
const { tokens } = accounts;
const catalogue: WineRecord[] = [];

const R = 'restaurant';

beforeAll(async () => {
  for await (const page of catalogueWines()) {
    catalogue.push(...page.filter((wine) => wine.status === 'active'));
    if (catalogue.length >= 8) break;
  }
});

/** A small seeded generator (mulberry32): the same seed makes the same run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

type Random = ReturnType<typeof generator>;

const base = () => accounts.base(R);
const call = <T = unknown>(method: string, path: string, json?: unknown) =>
  origin.api<T>(method, `${base()}${path}`, { token: tokens[R], json });

async function inventory(): Promise<CellarWine[]> {
  const rows: CellarWine[] = [];
  for (let page = 1; ; page++) {
    const answer = await call<{ rows: CellarWine[]; count: number }>(
      'GET',
      `/own-wines?resultsPerPage=500&page=${page}&sortColumn=wineDisplayName&sortDirection=asc`,
    );
    expect(answer.status).toBe(200);
    rows.push(...answer.payload.rows);
    if (rows.length >= answer.payload.count || answer.payload.rows.length === 0) return rows;
  }
}

async function history(): Promise<HistoryEntry[]> {
  const rows: HistoryEntry[] = [];
  for (let page = 1; ; page++) {
    const answer = await call<{ rows: HistoryEntry[]; count: number }>(
      'GET',
      `/history?resultsPerPage=200&page=${page}`,
    );
    expect(answer.status).toBe(200);
    rows.push(...answer.payload.rows);
    if (rows.length >= answer.payload.count || answer.payload.rows.length === 0) return rows;
  }
}

/** What a run has made so far, for its next steps to act on. */
interface Run {
  random: Random;
  locations: string[];
  sales: string[];
  orders: Order[];
  statuses: number[];
}

const placeOf = (run: Run) => (run.random.chance(0.3) ? 'uncategorized' : run.random.pick(run.locations));

async function wineWithStock(run: Run): Promise<CellarWine | undefined> {
  return run.random.pick((await inventory()).filter((wine) => wine.quantity > 0));
}

const STEPS: Record<string, (run: Run) => Promise<number>> = {
  async add(run) {
    const answer = await call('POST', '/own-wines', {
      source: 'CUSTOM',
      wineName: `Tilfeldig ${run.random.int(1, 1_000_000)}`,
      bottleSize: 0.75,
      quantity: run.random.int(1, 8),
      purchasePriceWovat: run.random.int(50, 500) * 100,
      locationId: placeOf(run),
    });
    return answer.status;
  },
  async editQuantity(run) {
    const wine = run.random.pick(await inventory());
    if (!wine) return 0;
    const body = run.random.chance(0.5)
      ? { quantity: run.random.int(0, 12) }
      : { addQuantity: run.random.int(-3, 4) || 1 };
    return (await call('PATCH', `/own-wines/${wine.id}`, body)).status;
  },
  async move(run) {
    const wine = await wineWithStock(run);
    const from = wine?.placements[0];
    if (!wine || !from) return 0;
    const to = placeOf(run);
    return (
      await call('POST', '/own-wines/move', {
        moves: [
          {
            ownWineId: wine.id,
            fromLocationId: from.locationId ?? 'uncategorized',
            toLocationId: to,
            quantity: run.random.int(1, from.quantity),
          },
        ],
      })
    ).status;
  },
  async sell(run) {
    const wine = await wineWithStock(run);
    if (!wine) return 0;
    const answer = await call<Sale>('POST', '/sales', {
      products: [{ ownWineId: wine.id, units: run.random.int(1, wine.quantity + 1), unitPrice: 40_000 }],
    });
    if (answer.status === 201) run.sales.push(answer.payload.id);
    return answer.status;
  },
  async deleteSale(run) {
    const saleId = run.random.pick(run.sales);
    if (!saleId) return 0;
    const answer = await call('DELETE', `/sales/${saleId}`);
    if (answer.status === 200) run.sales.splice(run.sales.indexOf(saleId), 1);
    return answer.status;
  },
  async order(run) {
    const own = run.random.pick(await inventory());
    const products = [
      ...(own
        ? [{ ownWineId: own.id, units: run.random.int(1, 6), unitCost: run.random.int(50, 500) * 100 }]
        : []),
      { wineId: run.random.pick(catalogue)?.id, units: run.random.int(1, 6), unitCost: 20_000 },
    ];
    const answer = await call<Order>('POST', '/orders', { type: 'purchase', products });
    if (answer.status === 201) run.orders.push(answer.payload);
    return answer.status;
  },
  async receive(run) {
    const order = run.random.pick(run.orders);
    if (!order) return 0;
    const line = run.random.pick(order.products);
    const part = run.random.chance(0.5) && line ? [{ lineId: line.lineId, units: 1 }] : undefined;
    const answer = await call<Order>('POST', `/orders/${order.id}/receive`, {
      locationId: placeOf(run),
      ...(part ? { lines: part } : {}),
    });
    if (answer.status === 200) run.orders[run.orders.indexOf(order)] = answer.payload;
    return answer.status;
  },
  async count(run) {
    const created = await call<{ id: string }>('POST', '/stock-counts', { name: 'Tilfeldig telling' });
    if (created.status !== 201) return created.status;
    const wines = (await inventory()).filter((wine) => wine.quantity > 0).slice(0, 10);
    const entries = wines.flatMap((wine) =>
      wine.placements.map((p) => ({
        ownWineId: wine.id,
        locationId: p.locationId ?? 'uncategorized',
        counted: Math.max(0, p.quantity + run.random.int(-2, 2)),
      })),
    );
    if (entries.length > 0) {
      const put = await call('PUT', `/stock-counts/${created.payload.id}/entries`, {
        entries: entries.slice(0, 90),
      });
      if (put.status !== 200) return put.status;
    }
    return (await call('POST', `/stock-counts/${created.payload.id}/finish`, {})).status;
  },
  async deleteWine(run) {
    const wine = run.random.pick(await inventory());
    if (!wine) return 0;
    return (await origin.api('DELETE', `${base()}/own-wines?includeId=${wine.id}`, { token: tokens[R] }))
      .status;
  },
};

/** How often each step is taken: mostly stock moving in and out. */
const WEIGHTS: [keyof typeof STEPS, number][] = [
  ['add', 3],
  ['editQuantity', 2],
  ['move', 2],
  ['sell', 4],
  ['deleteSale', 2],
  ['order', 2],
  ['receive', 3],
  ['count', 1],
  ['deleteWine', 1],
];

function nextStep(random: Random): keyof typeof STEPS {
  const total = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.int(1, total);
  for (const [name, weight] of WEIGHTS) {
    roll -= weight;
    if (roll <= 0) return name;
  }
  return 'add';
}

/** Steps that changed something, by kind, over all runs. */
const applied = new Map<string, number>();

describe('stock and history', () => {
  it.each([7, 2024, 31337])('add up for every wine after a random run (seed %i)', async (seed) => {
    const random = generator(seed);
    const locations: string[] = [];
    for (const name of ['Kjeller', 'Bar']) {
      const answer = await call<{ id: string }>('POST', '/locations', { name: `${name} ${seed}` });
      expect(answer.status).toBe(201);
      locations.push(answer.payload.id);
    }
    const run: Run = { random, locations, sales: [], orders: [], statuses: [] };
    for (let round = 0; round < 15; round++) {
      const steps = [nextStep(random), nextStep(random), nextStep(random)];
      const statuses = await Promise.all(steps.map((step) => STEPS[step]?.(run) ?? 0));
      steps.forEach((step, index) => {
        const status = statuses[index] ?? 0;
        expect(status, `round ${round}: ${step}`).toBeLessThan(500);
        if (status >= 200 && status < 300) applied.set(step, (applied.get(step) ?? 0) + 1);
      });
      run.statuses.push(...statuses);
    }
    expect(run.statuses.filter((status) => status >= 200 && status < 300).length).toBeGreaterThan(15);

    const [wines, entries] = await Promise.all([inventory(), history()]);
    const told = new Map<string, number>();
    for (const entry of entries) {
      const change = (entry.after?.quantity ?? 0) - (entry.before?.quantity ?? 0);
      told.set(entry.ownWineId, (told.get(entry.ownWineId) ?? 0) + change);
    }
    const held = new Map(wines.map((wine) => [wine.id, wine.quantity]));
    for (const id of new Set([...told.keys(), ...held.keys()]))
      expect(told.get(id) ?? 0, `wine ${id}`).toBe(held.get(id) ?? 0);
    for (const wine of wines)
      expect(
        wine.placements.reduce((sum, p) => sum + p.quantity, 0),
        wine.wineDisplayName,
      ).toBe(wine.quantity);
  });

  it('took every kind of change in those runs', () => {
    expect(Object.fromEntries(WEIGHTS.map(([step]) => [step, (applied.get(step) ?? 0) > 0]))).toEqual(
      Object.fromEntries(WEIGHTS.map(([step]) => [step, true])),
    );
  });
});
