/**
 * The till's sales against DynamoDB Local: one till transaction is one sale however often and however
 * many at once it arrives; glasses and recipes pour from the open bottle; unknown products wait for
 * mapping and become sales once mapped; a CSV export imported twice records its sales once; deleting a
 * till sale puts the stock back, each bottle to the location it came from; analytics count what the till
 * took.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { heldSnapshots, resetCellarSnapshots } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { tables } from '@kork/functions/data/tables';
import { documentClient } from '@kork/functions/platform/dynamo';
import { ingestPosSale } from '@kork/functions/pos/pos-ingest';
import type {
  CellarWine,
  PosImportOutcome,
  PosMappingOutcome,
  PosSaleEvent,
  PosUnmappedList,
  Recipe,
  Sale,
  SalesAnalytics,
} from '@kork/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant', 'private'] });
const { tokens } = accounts;
const R = 'restaurant';
const SOURCE = { name: 'POS: Bar till' };

const owner = () => accounts.userIds[R] as string;

function custom(name: string, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    source: 'CUSTOM',
    wineName: name,
    producerName: 'Kasse',
    vintage: 2020,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    quantity,
    purchasePriceWovat: 12_000,
    ...extra,
  };
}

const now = () => new Date().toISOString();

function event(lines: PosSaleEvent['lines'], id = ulid()): PosSaleEvent {
  return { posTransactionId: id, soldAt: now(), lines };
}

async function saleOf(id: string): Promise<Sale> {
  const answer = await origin.api<Sale>('GET', `${accounts.base(R)}/sales/${id}`, { token: tokens[R] });
  expect(answer.status).toBe(200);
  return answer.payload;
}

const openCl = (wine: CellarWine) => wine.openBottleCl;

describe('a till sale', () => {
  it('sells bottles once, however often the till sends it', async () => {
    const wine = await accounts.addWine(R, custom('Flaske', 10));
    const sent = event([{ productId: `B-${wine.id}`, quantity: 2, unitPrice: 50_000 }]);
    const first = await ingestPosSale(owner(), sent, SOURCE);
    expect(first).toMatchObject({ status: 'recorded', needsMapping: 0 });
    const again = await ingestPosSale(owner(), sent, SOURCE);
    expect(again).toEqual({
      posTransactionId: sent.posTransactionId,
      status: 'duplicate',
      saleId: first.saleId,
      needsMapping: 0,
    });
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(8);
    const sale = await saleOf(first.saleId as string);
    expect(sale).toMatchObject({ posTransactionId: sent.posTransactionId, units: 2, totalPrice: 100_000 });
    expect(sale.createdByName).toBe('POS: Bar till');
  });

  it("finds a feed id's wine by the wine alone: an event never reads the whole cellar", async () => {
    const wine = await accounts.addWine(R, custom('Strøm', 10));
    // A new instance, as every event of a busy till meets one: each sale raises the cellar's version.
    resetCellarSnapshots();
    const sold = await ingestPosSale(
      owner(),
      event([{ productId: `G-${wine.id}`, quantity: 1, unitPrice: 15_000 }]),
      SOURCE,
    );
    expect(sold).toMatchObject({ status: 'recorded', needsMapping: 0 });
    expect(heldSnapshots()).toEqual({ cellars: 0, records: 0 });
    // A till's own product id (not a feed id) still finds its wine, through the cellar.
    const own = await accounts.addWine(R, custom('Egen kode', 5, { productId: `EGEN-${ulid()}` }));
    const byOwn = await ingestPosSale(
      owner(),
      event([{ productId: own.productId as string, quantity: 1, unitPrice: 50_000 }]),
      SOURCE,
    );
    expect(byOwn).toMatchObject({ status: 'recorded', needsMapping: 0 });
    expect((await accounts.getWine(R, own.id)).quantity).toBe(4);
  });

  it('of 30 identical events at once records one sale and takes the stock down once', async () => {
    const wine = await accounts.addWine(R, custom('Samtidig', 20));
    const sent = event([{ productId: `B-${wine.id}`, quantity: 1, unitPrice: 40_000 }]);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => ingestPosSale(owner(), sent, SOURCE)),
    );
    const recorded = outcomes.filter((o) => o.status === 'recorded');
    expect(recorded).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.saleId))).toEqual(new Set([recorded[0]?.saleId]));
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(19);
  }, 60_000);

  it('of 40 different events of one wine at once records each; their entries chain from stock to stock', async () => {
    const wine = await accounts.addWine(R, custom('Travel bar', 200));
    const sent = Array.from({ length: 40 }, (_, i) =>
      event([{ productId: `B-${wine.id}`, quantity: 1 + (i % 3), unitPrice: 40_000 }]),
    );
    const outcomes = await Promise.all(sent.map((e) => ingestPosSale(owner(), e, SOURCE)));
    expect(outcomes.map((o) => o.status)).toEqual(sent.map(() => 'recorded'));
    const sold = sent.reduce((sum, e) => sum + (e.lines[0]?.quantity ?? 0), 0);
    const after = await accounts.getWine(R, wine.id);
    expect(after.quantity).toBe(200 - sold);
    // Written from the wine as each sale's claim answered it: everything but the stock is as it was.
    const kept = (w: CellarWine) => [
      w.wineName,
      w.producerName,
      w.vintage,
      w.bottleSize,
      w.purchasePriceWovat,
    ];
    expect(kept(after)).toEqual(kept(wine));
    expect(kept(after)).toEqual(['Travel bar', 'Kasse', 2020, 0.75, 12_000]);

    // Each SOLD entry's before is the stock the one before it left, from 200 to what is left now, and
    // each moves its own sale's bottles.
    const entries = (await accounts.wineHistory(R, wine.id)).filter((entry) => entry.action === 'SOLD');
    expect(entries).toHaveLength(40);
    const chain = entries
      .map((entry) => ({
        before: entry.before?.quantity ?? -1,
        after: entry.after?.quantity ?? -1,
        saleId: (entry.after as { saleId?: string } | null)?.saleId,
      }))
      .sort((a, b) => b.before - a.before);
    expect(chain[0]?.before).toBe(200);
    chain.forEach((link, i) => {
      expect(link.after).toBe(chain[i + 1]?.before ?? 200 - sold);
      const index = outcomes.findIndex((o) => o.saleId === link.saleId);
      expect(link.before - link.after).toBe(sent[index]?.lines[0]?.quantity);
    });

    // The same till transactions again, all at once: each answers its first sale and nothing moves.
    const again = await Promise.all(sent.slice(0, 10).map((e) => ingestPosSale(owner(), e, SOURCE)));
    expect(again.map((o) => [o.status, o.saleId])).toEqual(
      outcomes.slice(0, 10).map((o) => ['duplicate', o.saleId]),
    );
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(200 - sold);
    expect(await moves(wine.id, 'SOLD')).toHaveLength(40);
    // The sales took turns on the wine: no claim is left on it (the last sale's put dropped its own,
    // and the resent ones gave theirs back).
    const { Key, TableName } = tables('cellar').cellarWine.get({ ownerId: owner(), id: wine.id }).params();
    const { Item } = await documentClient().send(new GetCommand({ TableName, Key, ConsistentRead: true }));
    expect(Item).toBeDefined();
    expect(Object.keys(Item ?? {}).filter((name) => name.startsWith('saleClaim'))).toEqual([]);
  }, 60_000);

  it('pours glasses from the open bottle; the sixth 12.5 cl glass takes the bottle out', async () => {
    const wine = await accounts.addWine(R, custom('Glass', 2, { glassSize: 12.5 }));
    const glass = { productId: `G-${wine.id}`, quantity: 1, unitPrice: 15_000 };
    const first = await ingestPosSale(owner(), event([glass]), SOURCE);
    let now = await accounts.getWine(R, wine.id);
    expect([now.quantity, openCl(now)]).toEqual([2, 62.5]);
    const sale = await saleOf(first.saleId as string);
    expect(sale.products[0]).toMatchObject({
      kind: 'glass',
      servings: 1,
      units: 0,
      unitPrice: 15_000,
      total: 15_000,
      pouredCl: 12.5,
      lineCost: 2000,
    });
    await ingestPosSale(owner(), event([{ ...glass, quantity: 4 }]), SOURCE);
    now = await accounts.getWine(R, wine.id);
    expect([now.quantity, openCl(now)]).toEqual([2, 12.5]);
    const sixth = await ingestPosSale(owner(), event([glass]), SOURCE);
    now = await accounts.getWine(R, wine.id);
    expect([now.quantity, openCl(now)]).toEqual([1, undefined]);
    expect((await saleOf(sixth.saleId as string)).products[0]).toMatchObject({ units: 1, pouredCl: 12.5 });
  });

  it('never refuses for stock: the line records the shortfall and stock stops at 0', async () => {
    const wine = await accounts.addWine(R, custom('Tomt', 1));
    const outcome = await ingestPosSale(
      owner(),
      event([{ productId: `B-${wine.id}`, quantity: 3, unitPrice: 30_000 }]),
      SOURCE,
    );
    expect(outcome.status).toBe('recorded');
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(0);
    expect((await saleOf(outcome.saleId as string)).products[0]).toMatchObject({ units: 3, shortfall: 2 });
  });

  it('a recipe pours each wine ingredient and records its revenue once', async () => {
    const wine = await accounts.addWine(R, custom('Musserende', 3, { mainCategoryId: 'sparkling' }));
    const created = await origin.api<Recipe>('POST', `${accounts.base(R)}/recipes`, {
      token: tokens[R],
      json: {
        name: 'Spritz',
        ingredients: [
          { kind: 'wine', ownWineId: wine.id, amountCl: 10 },
          { kind: 'other', name: 'Aperol', amount: 6, unit: 'cl', costPerUnit: 300 },
        ],
        sellingPrice: 14_000,
        includeInPos: true,
      },
    });
    expect(created.status).toBe(201);
    const outcome = await ingestPosSale(
      owner(),
      event([{ productId: `R-${created.payload.id}`, quantity: 2, unitPrice: 14_000 }]),
      SOURCE,
    );
    const now = await accounts.getWine(R, wine.id);
    expect([now.quantity, openCl(now)]).toEqual([3, 55]);
    const sale = await saleOf(outcome.saleId as string);
    expect(sale.totalPrice).toBe(28_000);
    expect(sale.products).toEqual([
      expect.objectContaining({
        ownWineId: `recipe:${created.payload.id}`,
        wineDisplayName: 'Spritz',
        kind: 'recipe',
        servings: 2,
        total: 28_000,
        units: 0,
        lineCost: 3600,
      }),
      expect.objectContaining({ ownWineId: wine.id, kind: 'recipe', pouredCl: 20, total: 0, lineCost: 3200 }),
    ]);
  });

  it('answers 400 for a time of sale out of range', async () => {
    const wine = await accounts.addWine(R, custom('Gammel', 1));
    const old = {
      ...event([{ productId: `B-${wine.id}`, quantity: 1, unitPrice: 1 }]),
      soldAt: '2020-01-01T12:00:00+01:00',
    };
    await expect(ingestPosSale(owner(), old, SOURCE)).rejects.toMatchObject({
      fields: { soldAt: 'soldAtOutOfRange' },
    });
  });
});

describe('deleting a till sale', () => {
  it('puts the bottles back and the poured glasses into the open bottle; a resend stays a duplicate', async () => {
    const wine = await accounts.addWine(R, custom('Tilbake', 3, { glassSize: 12.5 }));
    const sent = event([
      { productId: `B-${wine.id}`, quantity: 1, unitPrice: 50_000 },
      { productId: `G-${wine.id}`, quantity: 2, unitPrice: 15_000 },
    ]);
    const outcome = await ingestPosSale(owner(), sent, SOURCE);
    let now = await accounts.getWine(R, wine.id);
    expect([now.quantity, openCl(now)]).toEqual([2, 50]);
    const deleted = await origin.api('DELETE', `${accounts.base(R)}/sales/${outcome.saleId}`, {
      token: tokens[R],
    });
    expect(deleted.status).toBe(200);
    now = await accounts.getWine(R, wine.id);
    expect([now.quantity, openCl(now)]).toEqual([3, undefined]);
    expect((await ingestPosSale(owner(), sent, SOURCE)).status).toBe('duplicate');
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(3);
  });
});

/** A location of the restaurant's cellar. */
async function location(name: string): Promise<string> {
  const answer = await origin.api<{ id: string }>('POST', `${accounts.base(R)}/locations`, {
    token: tokens[R],
    json: { name: `${name} ${ulid().slice(-6)}` },
  });
  expect(answer.status).toBe(201);
  return answer.payload.id;
}

/** A wine with `a` bottles in location A and `b` in B. */
async function placed(name: string, a: number, b: number, A: string, B: string, extra = {}) {
  const wine = await accounts.addWine(R, custom(name, a + b, { locationId: A, ...extra }));
  const moved = await origin.api('POST', `${accounts.base(R)}/own-wines/move`, {
    token: tokens[R],
    json: { moves: [{ ownWineId: wine.id, fromLocationId: A, toLocationId: B, quantity: b }] },
  });
  expect(moved.status).toBe(200);
  return wine;
}

const placementOf = (wine: CellarWine, locationId: string | null) =>
  wine.placements.find((p) => p.locationId === locationId)?.quantity ?? 0;

async function where(id: string, A: string, B: string) {
  const wine = await accounts.getWine(R, id);
  return { quantity: wine.quantity, A: placementOf(wine, A), B: placementOf(wine, B), open: openCl(wine) };
}

/** The wine's history entries of one action and the bottles each moved (after less before). */
async function moves(ownWineId: string, action: string): Promise<number[]> {
  return (await accounts.wineHistory(R, ownWineId))
    .filter((entry) => entry.action === action)
    .map((entry) => (entry.after?.quantity ?? 0) - (entry.before?.quantity ?? 0));
}

const deleteSale = (saleId: string | undefined) =>
  origin.api('DELETE', `${accounts.base(R)}/sales/${saleId}`, { token: tokens[R] });

describe('a till sale from several locations', () => {
  it('records the bottles of each location and deleting it puts each back there', async () => {
    const [A, B] = [await location('Hylle A'), await location('Hylle B')];
    // Fullest location first: B holds all three.
    const one = await placed('Fullest', 1, 3, A, B);
    // B's three, then one from A.
    const two = await placed('Spredt', 2, 3, A, B);
    // B's two, then A's one; two bottles more than there were.
    const short = await placed('Mangler', 1, 2, A, B);
    const outcome = await ingestPosSale(
      owner(),
      event([
        { productId: `B-${one.id}`, quantity: 3, unitPrice: 333 },
        { productId: `B-${two.id}`, quantity: 4, unitPrice: 333 },
        { productId: `B-${short.id}`, quantity: 5, unitPrice: 333 },
      ]),
      SOURCE,
    );
    expect(outcome.status).toBe('recorded');
    expect(await where(one.id, A, B)).toMatchObject({ quantity: 1, A: 1, B: 0 });
    expect(await where(two.id, A, B)).toMatchObject({ quantity: 1, A: 1, B: 0 });
    expect(await where(short.id, A, B)).toMatchObject({ quantity: 0, A: 0, B: 0 });

    const sale = await saleOf(outcome.saleId as string);
    const lines = (id: string) =>
      sale.products
        .filter((line) => line.ownWineId === id)
        .map((line) => [line.locationId, line.units, line.total, line.shortfall]);
    expect(lines(one.id)).toEqual([[B, 3, 999, undefined]]);
    expect(lines(two.id)).toEqual([
      [B, 3, 999, undefined],
      [A, 1, 333, undefined],
    ]);
    expect(lines(short.id)).toEqual([
      [B, 2, 666, undefined],
      [A, 3, 999, 2],
    ]);
    expect(sale).toMatchObject({ units: 12, totalPrice: 12 * 333 });
    expect(await moves(two.id, 'SOLD')).toEqual([-4]);
    expect(await moves(short.id, 'SOLD')).toEqual([-3]);

    expect((await deleteSale(outcome.saleId)).status).toBe(200);
    expect(await where(one.id, A, B)).toMatchObject({ quantity: 4, A: 1, B: 3 });
    expect(await where(two.id, A, B)).toMatchObject({ quantity: 5, A: 2, B: 3 });
    expect(await where(short.id, A, B)).toMatchObject({ quantity: 3, A: 1, B: 2 });
    expect(await moves(two.id, 'SALE_DELETED')).toEqual([4]);
    expect(await moves(short.id, 'SALE_DELETED')).toEqual([3]);
  });

  it('records the bottles glasses pour out of each location and deleting it puts each back there', async () => {
    const [A, B] = [await location('Glass A'), await location('Glass B')];
    const wine = await placed('Glass spredt', 2, 3, A, B, { glassSize: 12.5 });
    // 25 glasses of 12.5 cl: four bottles poured out (B's three, then one of A's), the fifth opened.
    const outcome = await ingestPosSale(
      owner(),
      event([{ productId: `G-${wine.id}`, quantity: 25, unitPrice: 15_000 }]),
      SOURCE,
    );
    expect(await where(wine.id, A, B)).toEqual({ quantity: 1, A: 1, B: 0, open: 62.5 });
    const sale = await saleOf(outcome.saleId as string);
    expect(sale.products).toEqual([
      expect.objectContaining({
        kind: 'glass',
        servings: 25,
        units: 4,
        total: 25 * 15_000,
        pouredCl: 312.5,
        locationId: B,
        placements: [
          { locationId: B, bottles: 3 },
          { locationId: A, bottles: 1 },
        ],
      }),
    ]);
    expect(await moves(wine.id, 'SOLD')).toEqual([-4]);

    expect((await deleteSale(outcome.saleId)).status).toBe(200);
    expect(await where(wine.id, A, B)).toEqual({ quantity: 5, A: 2, B: 3, open: undefined });
    expect(await moves(wine.id, 'SALE_DELETED')).toEqual([4]);
  });
});

describe('sales analytics', () => {
  it('count a till sale by what was paid', async () => {
    const read = async () => {
      const answer = await origin.api<SalesAnalytics>('GET', `${accounts.base(R)}/sales-analytics`, {
        token: tokens[R],
      });
      expect(answer.status).toBe(200);
      return answer.payload.totals;
    };
    const before = await read();
    const wine = await accounts.addWine(R, custom('Analyse', 2, { glassSize: 15 }));
    await ingestPosSale(
      owner(),
      event([{ productId: `G-${wine.id}`, quantity: 3, unitPrice: 16_000 }]),
      SOURCE,
    );
    const after = await read();
    expect(after.revenueWithVat - before.revenueWithVat).toBe(48_000);
    expect(after.cost - before.cost).toBe(7200);
  });
});

const importCsv = (
  body: Record<string, unknown>,
  user = R,
  path = `${accounts.base(user)}/pos/sales-import`,
) => origin.api<PosImportOutcome>('POST', path, { token: tokens[user], json: body });

const COLUMNS = {
  transactionId: 'Bong',
  soldAt: 'Tid',
  productId: 'Vare',
  quantity: 'Antall',
  unitPrice: 'Pris',
};

describe('importing a sales export', () => {
  it('records each transaction once however often the file is imported', async () => {
    const wine = await accounts.addWine(R, custom('Import', 10, { productId: 'VIN-77' }));
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const [y, m, d] = day.split('-');
    const csv = [
      '\uFEFFBong;Tid;Vare;Antall;Pris',
      `1001;${d}.${m}.${y} 18:30;VIN-77;2;"499,50"`,
      `1001;${d}.${m}.${y} 18:30;B-${wine.id};1;499,50`,
      `1002;${day} 19:05;G-${wine.id};1;125`,
      `1003;${day}T20:00:00+01:00;ukjent-vare;1;100`,
      `1004;31.02.${y} 12:00;VIN-77;1;100`,
      `1004;${day};VIN-77;1;100`,
    ].join('\n');
    const first = await importCsv({ csv, columns: COLUMNS });
    expect(first.status).toBe(200);
    expect(first.payload).toEqual({
      transactions: 3,
      recorded: 3,
      duplicates: 0,
      needsMapping: 1,
      errors: [
        { row: 6, message: 'invalidDate' },
        { row: 7, message: 'posTransactionNotImported' },
      ],
    });
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(7);
    const again = await importCsv({ csv, columns: COLUMNS });
    expect(again.payload).toMatchObject({ transactions: 3, recorded: 0, duplicates: 3 });
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(7);
  });

  it('without a transaction column each row is its own transaction, known by its number and text', async () => {
    const wine = await accounts.addWine(R, custom('Rader', 10));
    const day = new Date().toISOString().slice(0, 10);
    const csv = `Time,Product,Qty,Price\r\n${day} 12:00,B-${wine.id},1,10000\r\n${day} 12:00,B-${wine.id},1,10000\r\n`;
    const columns = { soldAt: 'Time', productId: 'Product', quantity: 'Qty', unitPrice: 'Price' };
    const first = await importCsv({ csv, columns, priceUnit: 'minor' });
    expect(first.payload).toMatchObject({ transactions: 2, recorded: 2, errors: [] });
    const again = await importCsv({ csv, columns, priceUnit: 'minor' });
    expect(again.payload).toMatchObject({ recorded: 0, duplicates: 2 });
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(8);
  });

  it('answers 400 for a column the file has not, and for no file', async () => {
    const unknown = await importCsv({ csv: 'A,B\n1,2', columns: COLUMNS });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.fields?.['columns.soldAt']).toBe('The file has no column named Tid');
    const empty = await importCsv({ csv: '', columns: COLUMNS });
    expect(empty.status).toBe(400);
    const same = await importCsv({ csv: 'A', columns: { ...COLUMNS, soldAt: 'Bong' } });
    expect(same.status).toBe(400);
  });
});

describe('needs mapping', () => {
  const base = () => `${accounts.base(R)}/pos/needs-mapping`;

  it('keeps an unknown product until it is mapped; mapping turns its lines into sales once', async () => {
    const wine = await accounts.addWine(R, custom('Kartlagt', 5));
    const code = `TILL-${ulid()}`;
    const sent = event([{ productId: code, quantity: 2, unitPrice: 45_000 }]);
    expect(await ingestPosSale(owner(), sent, SOURCE)).toMatchObject({ status: 'recorded', needsMapping: 1 });
    expect(await ingestPosSale(owner(), sent, SOURCE)).toMatchObject({
      status: 'duplicate',
      needsMapping: 1,
    });
    const listed = await origin.api<PosUnmappedList>('GET', base(), { token: tokens[R] });
    expect(listed.payload.rows.find((row) => row.productId === code)).toMatchObject({
      lines: 1,
      quantity: 2,
    });

    const unknown = await origin.api('POST', base(), {
      token: tokens[R],
      json: { productId: code, target: 'B-nosuchwine' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.fields?.target).toBeDefined();

    const mapped = await Promise.all(
      [1, 2].map(() =>
        origin.api<PosMappingOutcome>('POST', base(), {
          token: tokens[R],
          json: { productId: code, target: `B-${wine.id}` },
        }),
      ),
    );
    expect(mapped.map((m) => m.status)).toEqual([200, 200]);
    expect(mapped.reduce((sum, m) => sum + m.payload.recorded, 0)).toBe(1);
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(3);
    const after = await origin.api<PosUnmappedList>('GET', base(), { token: tokens[R] });
    expect(after.payload.rows.find((row) => row.productId === code)).toBeUndefined();
    // The mapping holds for sales to come.
    await ingestPosSale(owner(), event([{ productId: code, quantity: 1, unitPrice: 45_000 }]), SOURCE);
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(2);
  });

  it("answers 403 for another owner's cellar and 401 without a session", async () => {
    const other = await origin.api('GET', base(), { token: tokens.private });
    expect(other.status).toBe(403);
    const none = await origin.api('GET', base());
    expect(none.status).toBe(401);
    const imported = await importCsv(
      { csv: 'a', columns: COLUMNS },
      'private',
      `${accounts.base(R)}/pos/sales-import`,
    );
    expect(imported.status).toBe(403);
  });
});
