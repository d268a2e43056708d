/**
 * Importer accounts through the HTTP API against DynamoDB Local: an admin links a Wine importer or
 * Wholesaler account to its supplier (and nothing else), the linked importer edits its price list and
 * stock (what buyers see follows), uploads a spreadsheet's semicolon CSV, and registers an order into a
 * buyer's cellar once order import is activated for it and the buyer's cellar is connected to it.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { getWines } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { db } from '@kork/functions/data/entities';
import { dutiesToday, dutyRateRows } from '@kork/functions/duties/duties-service';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import {
  bottleDuties,
  containerFromPackaging,
  dutiesTotal,
  type ImporterConnection,
  type Order,
  type OrdersList,
  type PriceListUpdateResult,
  type PriceListUploadReport,
  type Supplier,
  type SupplierPortal,
  type SupplierSummary,
  type SupplierWine,
} from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, catalogSeed, marketplaceSeed],
  signIn: ['restaurant', 'private', 'admin', 'importer'],
  timeout: 180_000,
});
const { tokens, userIds } = accounts;
/** The demo importer's supplier (the seed links it to the supplier with the most wines). */
let supplier: Supplier;
/** The first wines of its price list, each with a Vinmonopolet number. */
let wines: SupplierWine[] = [];

const PORTAL = '/api/supplier-portal';

beforeAll(async () => {
  const portal = await origin.api<SupplierPortal>('GET', PORTAL, { token: tokens.importer });
  expect(portal.error).toBeUndefined();
  supplier = portal.payload.supplier;
  const list = await origin.api<{ rows: SupplierWine[]; count: number }>(
    'GET',
    `${PORTAL}/price-list?resultsPerPage=100`,
    { token: tokens.importer },
  );
  expect(list.status).toBe(200);
  expect(list.payload.count).toBe(supplier.winesCount);
  wines = list.payload.rows.filter((wine) => wine.vinmonopoletNumber);
  expect(wines.length).toBeGreaterThanOrEqual(12);
}, 180_000);

// — helpers —

/** Makes an account directly in the table (the sign-up's mail round trip is not what is tested here). */
async function account(email: string, userType: 'WHOLESALER' | 'WINE_IMPORTER' | 'PRIVATE_USER') {
  const id = `test-${email.split('@')[0]}`;
  const now = new Date().toISOString();
  await db()
    .transaction.write(({ accountEmail, user }) => [
      accountEmail.create({ email, ownerId: id }).commit(),
      user
        .create({
          id,
          ownerId: id,
          email,
          firstName: 'Test',
          lastName: userType,
          userType,
          role: userType === 'PRIVATE_USER' ? 'user' : 'business',
          createdAt: now,
          updatedAt: now,
        })
        .commit(),
    ])
    .go();
  return id;
}

async function otherSupplier(): Promise<SupplierSummary> {
  const list = await origin.api<{ rows: SupplierSummary[] }>('GET', '/api/suppliers?sort=wines', {
    token: tokens.restaurant,
  });
  const other = list.payload.rows.find((row) => row.id !== supplier.id && !row.hasAccount);
  if (!other) throw new Error('no other supplier');
  return other;
}

const link = (supplierId: string, email: string, token = tokens.admin) =>
  origin.api<Supplier & { linkedAccount?: { email: string } }>(
    'POST',
    `/api/admin/suppliers/${supplierId}/account`,
    { token, json: { email } },
  );

/** The supplier's offer of a wine as a buyer sees it on the wine's page. */
async function offerOnWinePage(wineId: string): Promise<SupplierWine | undefined> {
  const answer = await origin.api<{ rows: SupplierWine[] }>('GET', `/api/wines/${wineId}/suppliers`, {
    token: tokens.restaurant,
  });
  expect(answer.status).toBe(200);
  return answer.payload.rows.find((row) => row.supplierId === supplier.id);
}

/** The same on the supplier's page (searched by the wine's name). */
async function offerOnSupplierPage(wine: SupplierWine): Promise<SupplierWine | undefined> {
  for (let page = 1; page <= 50; page++) {
    const answer = await origin.api<Supplier>(
      'GET',
      `/api/suppliers/${supplier.id}?resultsPerPage=200&page=${page}`,
      { token: tokens.restaurant },
    );
    expect(answer.status).toBe(200);
    const found = answer.payload.wines.find((row) => row.wineId === wine.wineId);
    if (found || answer.payload.wines.length < 200) return found;
  }
  return undefined;
}

const patchPrices = (rows: unknown[], token = tokens.importer) =>
  origin.api<{ updated: number }>('PATCH', `${PORTAL}/price-list`, { token, json: { rows } });

// — tests —

describe('linking an importer account', () => {
  it('is for admins only', async () => {
    const other = await otherSupplier();
    expect((await link(other.id, 'importer@kork.local', tokens.restaurant)).status).toBe(403);
    expect((await link(other.id, 'importer@kork.local', tokens.importer)).status).toBe(403);
    const patch = await origin.api('PATCH', `/api/admin/suppliers/${other.id}`, {
      token: tokens.restaurant,
      json: { orderImportActive: true },
    });
    expect(patch.status).toBe(403);
  });

  it('takes only a Wine importer or Wholesaler account, known by its address, and one supplier each', async () => {
    const other = await otherSupplier();
    const privateAccount = await link(other.id, 'private@kork.local');
    expect(privateAccount.status).toBe(400);
    expect(privateAccount.error?.fields).toEqual({
      email: 'Only a Wine importer or Wholesaler account can be linked to a supplier',
    });
    expect((await link(other.id, 'restaurant@kork.local')).status).toBe(400);
    expect((await link(other.id, 'nobody-here@kork.local')).status).toBe(404);
    expect((await link('sup-no-such-supplier', 'importer@kork.local')).status).toBe(404);

    const taken = await link(other.id, 'importer@kork.local', tokens.admin);
    expect(taken.status).toBe(409);
    expect(taken.error?.message).toBe('This account is already linked to another supplier');
    const norwegian = await origin.api('POST', `/api/admin/suppliers/${other.id}/account`, {
      token: tokens.admin,
      json: { email: 'importer@kork.local' },
      language: 'nb',
    });
    expect(norwegian.error?.message).toBe('Denne kontoen er allerede koblet til en annen leverandør');
  });

  it('links a Wholesaler account, answers it in the portal, and unlinks it', async () => {
    const other = await otherSupplier();
    await account('grossist@example.com', 'WHOLESALER');
    const linked = await link(other.id, 'grossist@example.com');
    expect(linked.status).toBe(200);
    expect(linked.payload).toMatchObject({ id: other.id, hasAccount: true });
    expect(linked.payload.linkedAccount?.email).toBe('grossist@example.com');
    // Linking again changes nothing.
    expect((await link(other.id, 'grossist@example.com')).status).toBe(200);

    const unlinked = await origin.api<Supplier>('DELETE', `/api/admin/suppliers/${other.id}/account`, {
      token: tokens.admin,
    });
    expect(unlinked.status).toBe(200);
    expect(unlinked.payload.hasAccount).toBe(false);
  });

  it('links one account to one supplier when two admins link it to two at once', async () => {
    await account('samtidig@example.com', 'WINE_IMPORTER');
    const list = await origin.api<{ rows: SupplierSummary[] }>('GET', '/api/suppliers?sort=wines', {
      token: tokens.restaurant,
    });
    const free = list.payload.rows.filter((row) => !row.hasAccount).slice(0, 2);
    const answers = await Promise.all(free.map((row) => link(row.id, 'samtidig@example.com')));
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const { data } = await db().entities.supplier.query.byScope({ scope: 'suppliers' }).go({ pages: 'all' });
    expect(data.filter((row) => row.linkedUserId === 'test-samtidig').length).toBeLessThanOrEqual(1);
  });
});

describe('the portal', () => {
  it('is refused to an account linked to no supplier', async () => {
    for (const user of ['private', 'restaurant']) {
      const answer = await origin.api('GET', PORTAL, { token: tokens[user] });
      expect(answer.status).toBe(403);
      expect(answer.error?.message).toBe('This account is not linked to a supplier');
      expect((await origin.api('GET', `${PORTAL}/price-list`, { token: tokens[user] })).status).toBe(403);
      expect((await patchPrices([{ wineId: wines[0]?.wineId, stock: 1 }], tokens[user])).status).toBe(403);
    }
    expect((await origin.api('GET', PORTAL)).status).toBe(401);
  });

  it("shows the importer its supplier with its prices and stock, whatever the account's role", async () => {
    const answer = await origin.api<SupplierPortal>('GET', PORTAL, { token: tokens.importer });
    expect(answer.status).toBe(200);
    expect(answer.payload.waiting).toBeGreaterThanOrEqual(0);
    expect(answer.payload.supplier.hasAccount).toBe(true);
    const first = wines[0] as SupplierWine;
    expect(first.horecaPriceMinor).toBeGreaterThan(0);
    expect(first.stock).toBeGreaterThanOrEqual(0);
  });
});

describe('the price list', () => {
  it('changes the price and availability buyers see', async () => {
    const wine = wines[0] as SupplierWine;
    const changed = await patchPrices([{ wineId: wine.wineId, horecaPriceMinor: 23_450, stock: 5 }]);
    expect(changed.status).toBe(200);
    expect(changed.payload.updated).toBe(1);
    expect(await offerOnWinePage(wine.wineId)).toMatchObject({
      horecaPriceMinor: 23_450,
      stock: 5,
      availability: 'lowStock',
    });
    expect(await offerOnSupplierPage(wine)).toMatchObject({
      horecaPriceMinor: 23_450,
      availability: 'lowStock',
    });

    // A stock alone keeps the price.
    expect((await patchPrices([{ wineId: wine.wineId, stock: 0 }])).status).toBe(200);
    expect(await offerOnWinePage(wine.wineId)).toMatchObject({
      horecaPriceMinor: 23_450,
      availability: 'outOfStock',
    });
    expect((await patchPrices([{ wineId: wine.wineId, stock: 500 }])).status).toBe(200);
    expect((await offerOnWinePage(wine.wineId))?.availability).toBe('inStock');
  });

  it('refuses a wine the supplier does not import, naming the row, and writes none of the change', async () => {
    const before = await offerOnWinePage((wines[1] as SupplierWine).wineId);
    const other = await otherSupplier();
    const foreign = await origin.api<Supplier>('GET', `/api/suppliers/${other.id}?resultsPerPage=50`, {
      token: tokens.restaurant,
    });
    const notOurs = foreign.payload.wines.find((row) => !wines.some((own) => own.wineId === row.wineId));
    const answer = await patchPrices([
      { wineId: (wines[1] as SupplierWine).wineId, stock: 777 },
      { wineId: notOurs?.wineId, stock: 3 },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.error?.fields).toEqual({ 'rows.1.wineId': 'This supplier does not offer that wine' });
    expect((await offerOnWinePage((wines[1] as SupplierWine).wineId))?.stock).toBe(before?.stock);

    const bad = await patchPrices([{ wineId: (wines[1] as SupplierWine).wineId, horecaPriceMinor: 12.5 }]);
    expect(bad.status).toBe(400);
    expect((await patchPrices([{ wineId: (wines[1] as SupplierWine).wineId }])).status).toBe(400);
    expect((await patchPrices([])).status).toBe(400);
  });

  it('imports a semicolon CSV with decimal commas, reporting the lines it skipped', async () => {
    const [a, b, c, d, e] = wines.slice(2, 7) as SupplierWine[];
    const csv = [
      'Prisliste fra importøren;;;',
      'Varenummer;Varenavn;Pris (NOK eks. mva);Lager',
      `${a?.vinmonopoletNumber};Vin A;199,50;24`,
      `${b?.vinmonopoletNumber};Vin B;1 234,00;`,
      '99999999;Ukjent vin;100,00;5',
      ';;;',
      `${c?.vinmonopoletNumber};Vin C;gratis;3`,
      `${d?.vinmonopoletNumber};Vin D;;mange`,
      `${e?.vinmonopoletNumber};Vin E;;`,
      'Sum;;;',
    ].join('\r\n');
    const answer = await origin.api<PriceListUploadReport>('POST', `${PORTAL}/price-list/import`, {
      token: tokens.importer,
      json: { csv },
    });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(200);
    expect(answer.payload).toEqual({
      updated: 2,
      skipped: [
        { line: 5, reason: 'unknownWine' },
        { line: 7, reason: 'invalidPrice' },
        { line: 8, reason: 'invalidStock' },
        { line: 9, reason: 'noValue' },
        { line: 10, reason: 'unknownWine' },
      ],
    });
    expect(await offerOnWinePage(a?.wineId as string)).toMatchObject({
      horecaPriceMinor: 19_950,
      stock: 24,
      availability: 'inStock',
    });
    expect((await offerOnWinePage(b?.wineId as string))?.horecaPriceMinor).toBe(123_400);
    // A skipped line wrote nothing of itself.
    expect((await offerOnWinePage(c?.wineId as string))?.stock).toBe(c?.stock);
  });

  it('stores prices entered without duties with each wine’s duties added, and refuses a wine of unknown alcohol', async () => {
    const [net, unknown, csvNet] = wines.slice(12, 15) as [SupplierWine, SupplierWine, SupplierWine];
    const catalogue = await getWines([net.wineId, csvNet.wineId]);
    const rows = await dutyRateRows();
    /** The wine's duties today, from the catalogue's alcohol, size and packaging. */
    const dutiesOf = (wineId: string) => {
      const wine = catalogue.get(wineId);
      const result = bottleDuties(
        {
          bottleSize: wine?.bottleSize as number,
          alcohol: wine?.alcohol,
          category: wine?.mainCategoryId ?? 'red',
          container: containerFromPackaging(wine?.packaging),
          date: dutiesToday(),
        },
        rows,
      );
      if (!result.ok) throw new Error(`no duties for ${wineId}: ${result.missing}`);
      return dutiesTotal(result.duties);
    };
    const duties = dutiesOf(net.wineId);
    // A 0.75 l wine of 12–15 % pays some NOK 50 in excise alone.
    expect(duties).toBeGreaterThan(4_000);

    const changed = await origin.api<PriceListUpdateResult>('PATCH', `${PORTAL}/price-list`, {
      token: tokens.importer,
      json: { rows: [{ wineId: net.wineId, horecaPriceMinor: 15_000, stock: 40 }], prices: 'withoutDuties' },
    });
    expect(changed.error).toBeUndefined();
    expect(changed.payload).toMatchObject({ updated: 1, duties: { rows: 1 } });
    expect(changed.payload.duties?.ratesAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await offerOnWinePage(net.wineId)).toMatchObject({
      horecaPriceMinor: 15_000 + duties,
      duties: { known: true, totalMinor: duties },
    });
    // Entered with duties (the default), the price is stored as it is.
    expect((await patchPrices([{ wineId: net.wineId, horecaPriceMinor: 30_000 }])).status).toBe(200);
    expect((await offerOnWinePage(net.wineId))?.horecaPriceMinor).toBe(30_000);

    // A wine whose alcohol nobody knows: its line is refused, by itself, and nothing of the change is stored.
    const before = await offerOnWinePage(unknown.wineId);
    const alcohol = (await getWines([unknown.wineId])).get(unknown.wineId)?.alcohol;
    await db().entities.wine.patch({ id: unknown.wineId }).remove(['alcohol']).go();
    try {
      expect(await offerOnWinePage(unknown.wineId)).toMatchObject({
        duties: { known: false, missing: 'alcohol' },
      });
      const refused = await origin.api<PriceListUpdateResult>('PATCH', `${PORTAL}/price-list`, {
        token: tokens.importer,
        json: {
          rows: [
            { wineId: net.wineId, horecaPriceMinor: 10_000 },
            { wineId: unknown.wineId, horecaPriceMinor: 10_000 },
          ],
          prices: 'withoutDuties',
        },
      });
      expect(refused.status).toBe(400);
      expect(refused.error?.fields).toEqual({
        'rows.1.horecaPriceMinor':
          "The wine's alcohol is not known, so its duties cannot be added: enter this price with duties",
      });
      expect((await offerOnWinePage(net.wineId))?.horecaPriceMinor).toBe(30_000);
      expect((await offerOnWinePage(unknown.wineId))?.horecaPriceMinor).toBe(before?.horecaPriceMinor);

      // The same in a CSV: the line is skipped with its reason, the others stored with their duties.
      const csv = [
        'Varenummer;Pris eks. avgifter;Lager',
        `${csvNet.vinmonopoletNumber};200,00;12`,
        `${unknown.vinmonopoletNumber};150,00;6`,
      ].join('\n');
      const upload = await origin.api<PriceListUploadReport>('POST', `${PORTAL}/price-list/import`, {
        token: tokens.importer,
        json: { csv, prices: 'withoutDuties' },
      });
      expect(upload.error).toBeUndefined();
      expect(upload.payload).toMatchObject({
        updated: 1,
        skipped: [{ line: 3, reason: 'alcoholUnknown' }],
        duties: { rows: 1 },
      });
      expect((await offerOnWinePage(csvNet.wineId))?.horecaPriceMinor).toBe(20_000 + dutiesOf(csvNet.wineId));
      expect((await offerOnWinePage(unknown.wineId))?.stock).toBe(before?.stock);
    } finally {
      if (alcohol !== undefined) await db().entities.wine.patch({ id: unknown.wineId }).set({ alcohol }).go();
    }
  });

  it('imports a comma CSV with English headers, wine ids and decimal points', async () => {
    const wine = wines[7] as SupplierWine;
    const csv = `Wine id,Name,"Price, NOK ex VAT",Stock\n${wine.wineId},"Vin, rød",250.5,40\n`;
    const answer = await origin.api<PriceListUploadReport>('POST', `${PORTAL}/price-list/import`, {
      token: tokens.importer,
      json: { csv },
    });
    expect(answer.payload).toEqual({ updated: 1, skipped: [] });
    expect(await offerOnWinePage(wine.wineId)).toMatchObject({ horecaPriceMinor: 25_050, stock: 40 });

    const noColumn = await origin.api('POST', `${PORTAL}/price-list/import`, {
      token: tokens.importer,
      json: { csv: 'Navn;Pris\nVin;100' },
    });
    expect(noColumn.status).toBe(400);
  });

  it('ends consistent after ten concurrent changes of the same row', async () => {
    const wine = wines[8] as SupplierWine;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        patchPrices([{ wineId: wine.wineId, horecaPriceMinor: 10_000 + i, stock: 100 + i }]),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const offer = await offerOnWinePage(wine.wineId);
    const i = (offer?.horecaPriceMinor ?? 0) - 10_000;
    expect(i).toBeGreaterThanOrEqual(0);
    expect(i).toBeLessThan(10);
    expect(offer?.stock).toBe(100 + i);

    // Prices and stocks sent apart, at once: each lands on the one item.
    await Promise.all([
      patchPrices([{ wineId: wine.wineId, horecaPriceMinor: 55_500 }]),
      patchPrices([{ wineId: wine.wineId, stock: 9 }]),
    ]);
    expect(await offerOnWinePage(wine.wineId)).toMatchObject({ horecaPriceMinor: 55_500, stock: 9 });
  });
});

describe('order import', () => {
  const imports = (body: Record<string, unknown>) =>
    origin.api<Order>('POST', `${PORTAL}/order-imports`, { token: tokens.importer, json: body });

  it('is refused until activated, then lands in the buyer’s orders with source import', async () => {
    const wine = wines[9] as SupplierWine;
    const order = {
      buyerOrganizationNumber: '987 654 325',
      orderId: 'TLF-1001',
      lines: [{ wineId: wine.wineId, units: 12, unitCostMinor: 18_900 }],
    };
    const refused = await imports(order);
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe('Order import needs activation');

    const activated = await origin.api<Supplier>('PATCH', `/api/admin/suppliers/${supplier.id}`, {
      token: tokens.admin,
      json: { orderImportActive: true },
    });
    expect(activated.status).toBe(200);
    expect(activated.payload.orderImportActive).toBe(true);

    // Active for the importer, but the buyer's cellar is not connected to it yet.
    expect((await imports(order)).status).toBe(409);
    const unknown = await imports({ ...order, buyerOrganizationNumber: '123456785' });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe('No business account has that organization number');
    const badNumber = await imports({ ...order, buyerOrganizationNumber: '987654321' });
    expect(badNumber.status).toBe(400);

    // The buyer's cellar holds one of the importer's wines, asks for the connection, an admin activates it.
    await accounts.addWine('restaurant', { source: 'KORK', wineId: wine.wineId, quantity: 1 });
    const connections = `${accounts.base('restaurant')}/importer-connections`;
    const requested = await origin.api<ImporterConnection>('POST', connections, {
      token: tokens.restaurant,
      json: { importer: supplier.name },
    });
    expect(requested.status).toBe(200);
    expect((await imports(order)).status).toBe(409);
    const active = await origin.api('POST', '/api/admin/importer-connections/activate', {
      token: tokens.admin,
      json: { ownerId: userIds.restaurant, importer: supplier.name },
    });
    expect(active.status).toBe(200);

    const notOurs = await imports({
      ...order,
      lines: [{ wineId: 'no-such-wine', units: 1, unitCostMinor: 1 }],
    });
    expect(notOurs.status).toBe(400);
    expect(notOurs.error?.fields).toEqual({ 'lines.0.wineId': 'This supplier does not offer that wine' });

    const created = await imports(order);
    expect(created.error).toBeUndefined();
    expect(created.status).toBe(201);
    expect(created.payload).toMatchObject({
      source: 'import',
      status: 'placed',
      type: 'purchase',
      supplier: supplier.name,
      orderId: 'TLF-1001',
    });
    const listed = await origin.api<OrdersList>('GET', `${accounts.base('restaurant')}/orders`, {
      token: tokens.restaurant,
    });
    const landed = listed.payload.rows.find((row) => row.id === created.payload.id);
    expect(landed).toMatchObject({ source: 'import', supplier: supplier.name });
    const full = await origin.api<Order>(
      'GET',
      `${accounts.base('restaurant')}/orders/${created.payload.id}`,
      {
        token: tokens.restaurant,
      },
    );
    expect(full.payload.products).toEqual([
      expect.objectContaining({ wineId: wine.wineId, units: 12, unitCost: 18_900, total: 12 * 18_900 }),
    ]);

    // Into a cellar kept in euros: the importer's NOK prices converted at the rate held, which the order keeps.
    const cellars = await origin.api<{ rows: { id: string }[] }>(
      'GET',
      `${accounts.base('restaurant')}/cellars`,
      {
        token: tokens.restaurant,
      },
    );
    const cellarPath = `/api/wine-cellars/cellars/${cellars.payload.rows[0]?.id}`;
    const toCurrency = (baseCurrency: string) =>
      origin.api('PATCH', cellarPath, { token: tokens.restaurant, json: { baseCurrency } });
    expect((await toCurrency('EUR')).status).toBe(200);
    try {
      const inEuros = await imports({ ...order, orderId: 'TLF-1002' });
      expect(inEuros.status).toBe(201);
      const rate = inEuros.payload.exchangeRate;
      expect(rate).toMatchObject({ from: 'NOK', to: 'EUR' });
      expect(rate?.rate).toBeCloseTo(1 / (rate?.nokPerUnit ?? 1), 6);
      const unitCost = Math.round(18_900 * (rate?.rate ?? 0));
      expect(inEuros.payload).toMatchObject({ currency: 'EUR', totalCost: 12 * unitCost });
      expect(inEuros.payload.products[0]).toMatchObject({ unitCost, total: 12 * unitCost });
      expect(unitCost).toBeLessThan(18_900 / 5);
    } finally {
      expect((await toCurrency('NOK')).status).toBe(200);
    }

    // Turned off again: refused again.
    await origin.api('PATCH', `/api/admin/suppliers/${supplier.id}`, {
      token: tokens.admin,
      json: { orderImportActive: false },
    });
    expect((await imports(order)).status).toBe(409);
  });

  it('is refused to an account linked to no supplier', async () => {
    const answer = await origin.api('POST', `${PORTAL}/order-imports`, {
      token: tokens.restaurant,
      json: {
        buyerOrganizationNumber: '987654325',
        lines: [{ wineId: (wines[0] as SupplierWine).wineId, units: 1, unitCostMinor: 100 }],
      },
    });
    expect(answer.status).toBe(403);
  });
});
