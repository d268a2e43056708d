/**
 * The till's sales against DynamoDB Local: one till transaction is one sale however often and however
 * many at once it arrives; glasses and recipes pour from the open bottle; unknown products wait for
 * mapping and become sales once mapped; a CSV export imported twice records its sales once; deleting a
 * till sale puts the stock back; analytics count what the till took.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { applySeeds } from '@kork/functions/data/seed-runner';
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestAccounts } from './test-accounts';
import { startTestOrigin, type TestOrigin } from './test-stack';

let origin: TestOrigin;
const accounts = new TestAccounts(() => origin);
const { tokens } = accounts;
const R = 'restaurant';
const SOURCE = { name: 'POS: Bar till' };

beforeAll(async () => {
  origin = await startTestOrigin();
  await applySeeds([accountsSeed]);
  await Promise.all([
    accounts.logIn('restaurant@kork.local', 'Restaurant1'),
    accounts.logIn('private@kork.local', 'Private1234'),
  ]);
});

afterAll(async () => {
  await origin?.stop();
});

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

export type { PosImportOutcome, PosMappingOutcome, PosUnmappedList };
