/**
 * Sales through the HTTP API against DynamoDB Local: a sale takes its bottles out with SOLD entries in
 * one transaction, a sale of more than there is changes nothing, many sales of one wine at once sell
 * exactly the stock, and deleting a sale puts the bottles back once however many ask at once.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import type { CellarWine, HistoryEntry, Sale, SalesList } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant', 'private', 'admin'],
});
const { tokens } = accounts;

const R = 'restaurant';

// — helpers —

const sales = (user = R) => `${accounts.base(user)}/sales`;

function custom(name: string, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    source: 'CUSTOM',
    wineName: name,
    producerName: 'Salg',
    vintage: 2019,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    quantity,
    ...extra,
  };
}

async function location(name: string): Promise<string> {
  const answer = await origin.api<{ id: string }>('POST', `${accounts.base(R)}/locations`, {
    token: tokens[R],
    json: { name },
  });
  expect(answer.status).toBe(201);
  return answer.payload.id;
}

const sell = (body: Record<string, unknown>, user = R) =>
  origin.api<Sale>('POST', sales(user), { token: tokens[user], json: body });

const historyOf = (ownWineId: string) => accounts.wineHistory(R, ownWineId);

const saleIdOf = (entry: HistoryEntry | undefined) => (entry?.after as { saleId?: string } | null)?.saleId;

const placementOf = (wine: CellarWine, locationId: string | null) =>
  wine.placements.find((p) => p.locationId === locationId)?.quantity ?? 0;

describe('recording a sale', () => {
  it('takes the bottles out with a SOLD entry and keeps cost, VAT and names on each line', async () => {
    const wine = await accounts.addWine(R, custom('Solgt Rød', 10, { purchasePriceWovat: 10_000 }));
    const answer = await sell({
      date: '2025-03-01',
      customer: { firstName: 'Kari', lastName: 'Nordmann', email: '' },
      distributor: 'Vinhuset',
      products: [
        { ownWineId: wine.id, units: 3, unitPrice: 45_000 },
        { ownWineId: wine.id, units: 1, unitPrice: 60_000, byGlass: true },
      ],
    });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(201);
    const sale = answer.payload;
    expect(sale).toMatchObject({
      date: '2025-03-01',
      customer: { firstName: 'Kari', lastName: 'Nordmann' },
      contactPerson: {},
      distributor: 'Vinhuset',
      units: 4,
      totalPrice: 3 * 45_000 + 60_000,
      currency: 'NOK',
    });
    expect(sale.products).toHaveLength(2);
    expect(sale.products[0]).toMatchObject({
      ownWineId: wine.id,
      wineDisplayName: 'Salg Solgt Rød 2019',
      mainCategoryId: 'red',
      units: 3,
      unitPrice: 45_000,
      byGlass: false,
      locationId: null,
      unitCost: 10_000,
      vatPercentage: 25,
      total: 135_000,
    });
    expect(sale.products[1]).toMatchObject({ byGlass: true, total: 60_000 });

    expect((await accounts.getWine(R, wine.id)).quantity).toBe(6);
    const history = await historyOf(wine.id);
    const sold = history.filter((entry) => entry.action === 'SOLD');
    expect(sold).toHaveLength(1);
    expect(sold[0]?.before?.quantity).toBe(10);
    expect(sold[0]?.after?.quantity).toBe(6);
    expect(saleIdOf(sold[0])).toBe(sale.id);

    const got = await origin.api<Sale>('GET', `${sales()}/${sale.id}`, { token: tokens[R] });
    expect(got.status).toBe(200);
    expect(got.payload).toEqual(sale);
  });

  it('takes from the fullest location by default, then the next, and from the one named', async () => {
    const cellarA = await location('Salgskjeller A');
    const cellarB = await location('Salgskjeller B');
    const wine = await accounts.addWine(R, custom('Plassert', 5, { locationId: cellarA }));
    const moved = await origin.api('POST', `${accounts.base(R)}/own-wines/move`, {
      token: tokens[R],
      json: { moves: [{ ownWineId: wine.id, fromLocationId: cellarA, toLocationId: cellarB, quantity: 2 }] },
    });
    expect(moved.status).toBe(200);
    // A: 3, B: 2. Four bottles: three from A, then one from B, as two lines.
    const spill = await sell({ products: [{ ownWineId: wine.id, units: 4, unitPrice: 100 }] });
    expect(spill.status).toBe(201);
    expect(spill.payload.products.map((line) => [line.locationId, line.units])).toEqual([
      [cellarA, 3],
      [cellarB, 1],
    ]);
    const after = await accounts.getWine(R, wine.id);
    expect(after.quantity).toBe(1);
    expect(placementOf(after, cellarB)).toBe(1);

    const named = await sell({
      products: [{ ownWineId: wine.id, units: 2, unitPrice: 100, locationId: cellarB }],
    });
    expect(named.status).toBe(409);
    expect(named.error?.message).toBe('Not enough bottles in stock: Salg Plassert 2019 has 1');
    expect(named.error?.fields?.['products.0.units']).toBe(
      'Not enough bottles in stock: Salg Plassert 2019 has 1',
    );
  });

  it('refuses more than the wine holds with 409 and writes nothing', async () => {
    const wine = await accounts.addWine(R, custom('For lite', 2));
    const other = await accounts.addWine(R, custom('Nok av', 5));
    const before = await historyOf(wine.id);
    const answer = await sell({
      products: [
        { ownWineId: other.id, units: 1, unitPrice: 100 },
        { ownWineId: wine.id, units: 3, unitPrice: 100 },
      ],
    });
    expect(answer.status).toBe(409);
    expect(answer.error?.message).toBe('Not enough bottles in stock: Salg For lite 2019 has 2');
    const norsk = await origin.api('POST', sales(), {
      token: tokens[R],
      language: 'nb',
      json: { products: [{ ownWineId: wine.id, units: 3, unitPrice: 100 }] },
    });
    expect(norsk.error?.message).toBe('Ikke nok flasker på lager: Salg For lite 2019 har 2');
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(2);
    expect((await accounts.getWine(R, other.id)).quantity).toBe(5);
    expect(await historyOf(wine.id)).toEqual(before);
    expect((await historyOf(other.id)).some((entry) => entry.action === 'SOLD')).toBe(false);
  });

  it('refuses wines and locations that are not in the cellar', async () => {
    const theirs = await accounts.addWine('admin', custom('Annens', 3));
    const answer = await sell({ products: [{ ownWineId: theirs.id, units: 1, unitPrice: 100 }] });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.['products.0.ownWineId']).toBe('Some of the wines are not in this cellar');
    const wine = await accounts.addWine(R, custom('Uten sted', 3));
    const nowhere = await sell({
      products: [{ ownWineId: wine.id, units: 1, unitPrice: 100, locationId: '01JNOWHERE0000000000000000' }],
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.error?.fields?.['products.0.locationId']).toBe('Unknown location');
    const uncategorized = await sell({
      products: [{ ownWineId: wine.id, units: 1, unitPrice: 100, locationId: 'uncategorized' }],
    });
    expect(uncategorized.status).toBe(201);
    expect(uncategorized.payload.products[0]?.locationId).toBeNull();
  });

  it('sells exactly the stock when 30 sales of one wine meet', async () => {
    const wine = await accounts.addWine(R, custom('Populær', 12));
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        sell({ products: [{ ownWineId: wine.id, units: 1, unitPrice: 500 }] }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(12);
    expect(statuses.filter((s) => s === 409)).toHaveLength(18);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.error?.message).toBe('Not enough bottles in stock: Salg Populær 2019 has 0');
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(0);
    const sold = (await historyOf(wine.id)).filter((entry) => entry.action === 'SOLD');
    expect(sold).toHaveLength(12);
    const saleIds = new Set(sold.map((entry) => saleIdOf(entry)));
    expect(saleIds).toEqual(new Set(answers.filter((a) => a.status === 201).map((a) => a.payload.id)));
  });
});

describe('deleting a sale', () => {
  it('puts the bottles back where they came from, a deleted location as Uncategorized', async () => {
    const shelf = await location('Hylle som går');
    const kept = await location('Hylle som blir');
    const wine = await accounts.addWine(R, custom('Tilbake', 6, { locationId: shelf }));
    const other = await accounts.addWine(R, custom('Også tilbake', 4, { locationId: kept }));
    const sale = await sell({
      products: [
        { ownWineId: wine.id, units: 2, unitPrice: 100 },
        { ownWineId: other.id, units: 3, unitPrice: 100 },
      ],
    });
    expect(sale.status).toBe(201);
    const gone = await origin.api('DELETE', `${accounts.base(R)}/locations/${shelf}`, { token: tokens[R] });
    expect(gone.status).toBeLessThan(300);

    const deleted = await origin.api<Sale>('DELETE', `${sales()}/${sale.payload.id}`, { token: tokens[R] });
    expect(deleted.status).toBe(200);
    expect(deleted.payload.id).toBe(sale.payload.id);
    const back = await accounts.getWine(R, wine.id);
    expect(back.quantity).toBe(6);
    expect(placementOf(back, null)).toBe(6);
    const otherBack = await accounts.getWine(R, other.id);
    expect(otherBack.quantity).toBe(4);
    expect(placementOf(otherBack, kept)).toBe(4);
    const entries = (await historyOf(other.id)).filter((entry) => entry.action === 'SALE_DELETED');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after?.quantity).toBe(4);

    const again = await origin.api('GET', `${sales()}/${sale.payload.id}`, { token: tokens[R] });
    expect(again.status).toBe(404);
  });

  it('skips the lines of a wine deleted since the sale', async () => {
    const wine = await accounts.addWine(R, custom('Slettet vin', 3));
    const sale = await sell({ products: [{ ownWineId: wine.id, units: 1, unitPrice: 100 }] });
    const removed = await origin.api('DELETE', `${accounts.base(R)}/own-wines?includeId=${wine.id}`, {
      token: tokens[R],
    });
    expect(removed.status).toBeLessThan(300);
    const deleted = await origin.api('DELETE', `${sales()}/${sale.payload.id}`, { token: tokens[R] });
    expect(deleted.status).toBe(200);
    expect((await historyOf(wine.id)).some((entry) => entry.action === 'SALE_DELETED')).toBe(false);
  });

  it('puts the bottles back once when eight deletes of one sale meet', async () => {
    const wine = await accounts.addWine(R, custom('Slettes samtidig', 5));
    const sale = await sell({ products: [{ ownWineId: wine.id, units: 4, unitPrice: 100 }] });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        origin.api('DELETE', `${sales()}/${sale.payload.id}`, { token: tokens[R] }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(5);
    expect((await historyOf(wine.id)).filter((entry) => entry.action === 'SALE_DELETED')).toHaveLength(1);
  });
});

describe('the list of sales', () => {
  it('answers newest first, filtered, with totals over every match', async () => {
    const wine = await accounts.addWine(R, custom('Listevin', 50));
    const make = (date: string, units: number, customer: string) =>
      sell({
        date,
        customer: { lastName: customer },
        products: [{ ownWineId: wine.id, units, unitPrice: 1000 }],
      });
    await make('2024-01-10', 1, 'Åsheim');
    await make('2024-02-10', 2, 'Berg');
    await make('2024-03-10', 3, 'Åsheim');
    const all = await origin.api<SalesList>('GET', `${sales()}?ownWineId=${wine.id}`, { token: tokens[R] });
    expect(all.status).toBe(200);
    expect(all.payload.rows.map((sale) => sale.date)).toEqual(['2024-03-10', '2024-02-10', '2024-01-10']);
    expect(all.payload.totals).toEqual({ sales: 3, units: 6, totalPrice: 6000 });
    expect(all.payload.currency).toBe('NOK');

    const paged = await origin.api<SalesList>(
      'GET',
      `${sales()}?ownWineId=${wine.id}&search=asheim&resultsPerPage=1&page=2`,
      { token: tokens[R] },
    );
    expect(paged.payload.count).toBe(2);
    expect(paged.payload.rows.map((sale) => sale.date)).toEqual(['2024-01-10']);
    expect(paged.payload.totals).toEqual({ sales: 2, units: 4, totalPrice: 4000 });

    const period = await origin.api<SalesList>(
      'GET',
      `${sales()}?ownWineId=${wine.id}&from=2024-02-01&to=2024-02-28`,
      { token: tokens[R] },
    );
    expect(period.payload.rows.map((sale) => sale.date)).toEqual(['2024-02-10']);
  });
});

describe('access', () => {
  it("refuses another account's cellar and does not find another cellar's sale", async () => {
    const wine = await accounts.addWine(R, custom('Privat', 3));
    const sale = await sell({ products: [{ ownWineId: wine.id, units: 1, unitPrice: 100 }] });
    expect(sale.status).toBe(201);
    for (const [method, path] of [
      ['GET', sales()],
      ['GET', `${sales()}/${sale.payload.id}`],
      ['DELETE', `${sales()}/${sale.payload.id}`],
    ] as const) {
      const answer = await origin.api(method, path, { token: tokens.private });
      expect(answer.status).toBe(403);
    }
    const refused = await origin.api('POST', sales(), {
      token: tokens.private,
      json: { products: [{ ownWineId: wine.id, units: 1, unitPrice: 1 }] },
    });
    expect(refused.status).toBe(403);
    // The admin's own cellar does not hold the restaurant's sale.
    for (const method of ['GET', 'DELETE'] as const) {
      const answer = await origin.api(method, `${sales('admin')}/${sale.payload.id}`, {
        token: tokens.admin,
      });
      expect(answer.status).toBe(404);
    }
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(2);
  });
});
