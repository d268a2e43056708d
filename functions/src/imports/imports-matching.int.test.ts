/**
 * Batch import matching that never guesses what a line does not say, through the HTTP API against
 * DynamoDB Local and the S3 emulator: a line without a vintage of a wine the catalogue has in several
 * goes to review with the vintages to pick (or is offered the vintage the cellar holds), a line that
 * matches nothing is unmatched (never a custom wine by itself), a list without a header row keeps its
 * first row, and imports started at the same moment cannot pass the limit of unfinished imports.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allWines } from '@kork/functions/catalog/catalog-store';
import { loadCatalogFile } from '@kork/functions/catalog/load-service';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { inventoryOf } from '@kork/functions/cellar/kernel/wine-reads';
import { importOwnWines } from '@kork/functions/cellar/wines/cellar-wine-imports';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { issueAccessToken } from '@kork/functions/platform/auth';
import type { CreatedImport, ImportDetail, ImportJob, ImportStatus, UpdateImportInput } from '@kork/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOrigin, type TestOrigin } from '../../test/test-stack';

let origin: TestOrigin;

/** Two rows of Vinmonopolet's product list: one wine, NV and 1978. */
const PRODUCT_LIST = [
  '"Datotid","Varenummer","Varenavn","Volum","Pris","Literpris","Varetype","Produktutvalg","Butikkategori","Fylde","Friskhet","Garvestoffer","Bitterhet","Sodme","Farge","Lukt","Smak","Passertil01","Passertil02","Passertil03","Land","Distrikt","Underdistrikt","Argang","Rastoff","Metode","Alkohol","Sukker","Syre","Lagringsgrad","Produsent","Grossist","Distributor","Emballasjetype","Korktype","Vareurl"',
  '"","4402201","Veuve Clicquot Brut Rosé","0.75","434.90","579.90","Musserende Vin","Basisutvalget","Butikkategori 6","7","9","0","0","2","Middels dyp rosa.","","","Fisk","Skalldyr","Aperitiff/avec","Frankrike","Champagne","Øvrige","","Pinot Noir 50%, Chardonnay 30%, Pinot Meunier 20%","","12.50","9.00","5.00","Drikkeklar nå, men kan også lagres","Veuve Clicquot Ponsardin","Moët Hennessy Norge AS","SKANLOG VSD AS","Engangsflasker av glass","","http://www.vinmonopolet.no/vareutvalg/varedetaljer/sku-4402201"',
  '"","5178001","Veuve Clicquot Brut Rosé 1978","0.75","2139.90","2853.20","Musserende Vin","Bestillingsutvalget","Uavhengig sortiment","7","5","0","0","2","","","","Fisk","Skalldyr","Aperitiff/avec","Frankrike","Champagne","Øvrige","1978","Pinot Noir 63%, Chardonnay 33%, Pinot Meunier 4%","","12.00","4.00","Ukjent","Drikkeklar, ikke egnet for lagring","Veuve Clicquot Ponsardin","Moët Hennessy Norge AS","SKANLOG VSD AS","Engangsflasker av glass","","http://www.vinmonopolet.no/vareutvalg/varedetaljer/sku-5178001"',
].join('\n');

let nvId = '';
let vintageId = '';

beforeAll(async () => {
  origin = await startTestOrigin();
  await applySeeds([catalogSeed]);
  const file = join(tmpdir(), `kork-veuve-${process.pid}-${Date.now()}.csv`);
  writeFileSync(file, PRODUCT_LIST);
  await loadCatalogFile(file);
  for await (const page of allWines()) {
    for (const wine of page) {
      if (wine.vinmonopoletNumber === '4402201') nvId = wine.id;
      if (wine.vinmonopoletNumber === '5178001') vintageId = wine.id;
    }
  }
  expect(nvId).toBeTruthy();
  expect(vintageId).toBeTruthy();
});

afterAll(async () => {
  await origin?.stop();
});

// — helpers —

interface Owner {
  id: string;
  token: string;
}

let owners = 0;
async function freshOwner(): Promise<Owner> {
  owners++;
  const id = `imm${Date.now().toString(36)}${owners}`;
  const now = new Date().toISOString();
  const { data } = await db()
    .entities.user.create({
      id,
      ownerId: id,
      email: `${id}@example.no`,
      firstName: 'Ida',
      lastName: `Match${owners}`,
      userType: 'RESTAURANT',
      role: 'business',
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .go();
  return {
    id,
    token: await issueAccessToken({ userId: id, role: 'business', tokenVersion: data.tokenVersion ?? 1 }),
  };
}

const importsOf = (owner: Owner) => `/api/wine-cellars/users/${owner.id}/imports`;

const create = (owner: Owner, body: Record<string, unknown>) =>
  origin.api<CreatedImport>('POST', importsOf(owner), { token: owner.token, json: body });

const detail = (owner: Owner, id: string, query = '') =>
  origin.api<ImportDetail>('GET', `${importsOf(owner)}/${id}${query}`, { token: owner.token });

const patch = (owner: Owner, id: string, body: UpdateImportInput) =>
  origin.api<ImportDetail>('PATCH', `${importsOf(owner)}/${id}`, { token: owner.token, json: body });

async function waitFor(
  owner: Owner,
  id: string,
  statuses: ImportStatus[],
  ms = 45_000,
): Promise<ImportDetail> {
  const deadline = Date.now() + ms;
  let last: ImportDetail | undefined;
  while (Date.now() < deadline) {
    last = (await detail(owner, id, '?lines=false')).payload;
    if (statuses.includes(last.status)) return (await detail(owner, id, '?limit=500')).payload;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} stayed ${last?.status}, not ${statuses}`);
}

/** A CSV uploaded as the browser does, scanned to its columns. */
async function csvToColumns(owner: Owner, text: string): Promise<ImportDetail> {
  const bytes = new TextEncoder().encode(text);
  const answer = await create(owner, {
    kind: 'excel',
    fileName: 'kjeller.csv',
    contentType: 'text/csv',
    fileSize: bytes.byteLength,
  });
  expect(answer.status).toBe(201);
  const { uploadUrl, uploadHeaders } = answer.payload;
  const put = await fetch(uploadUrl as string, { method: 'PUT', body: bytes, headers: uploadHeaders });
  expect(put.status).toBe(200);
  const columns = await waitFor(owner, answer.payload.id, ['columns', 'failed', 'noWines']);
  expect(columns.status).toBe('columns');
  return columns;
}

/** A CSV taken to review under the assignment guessed. */
async function csvToReview(owner: Owner, text: string): Promise<ImportDetail> {
  const columns = await csvToColumns(owner, text);
  const answer = await patch(owner, columns.id, { assignment: columns.assignment ?? [] });
  expect(answer.status).toBe(200);
  const review = await waitFor(owner, columns.id, ['review', 'failed', 'noWines']);
  expect(review.status).toBe('review');
  return review;
}

const LIST = 'Vin;Antall\nVeuve Clicquot Brut Rosé;6\nXyzzy Flurble Quux Plugh;2\n';

// — the rules —

describe('a line without a vintage', () => {
  it('goes to review with the vintages to pick, and a line that matches nothing is unmatched', async () => {
    const owner = await freshOwner();
    const review = await csvToReview(owner, LIST);
    const [veuve, nonsense] = review.lines.rows;

    expect(veuve?.match.status).toBe('suggested');
    expect(veuve?.confirmed).toBe(false);
    expect(veuve?.choice).toEqual({ kind: 'undecided' });
    expect(veuve?.match.vintages?.map((v) => [v.wineId, v.vintage])).toEqual([
      [nvId, null],
      [vintageId, 1978],
    ]);

    expect(nonsense?.match).toEqual({ status: 'none', candidates: [] });
    expect(nonsense?.choice).toEqual({ kind: 'undecided' });
    expect(nonsense?.confirmed).toBe(false);
    expect(review.counts).toMatchObject({ lines: 2, matched: 0, suggested: 1, unmatched: 1, confirmed: 0 });

    // Confirm all leaves what is not decided: nothing is guessed.
    const all = await patch(owner, review.id, { confirmAll: true });
    expect(all.status).toBe(200);
    expect(all.payload.counts.confirmed).toBe(0);
    // A line with nothing chosen cannot be confirmed on its own either.
    const forced = await patch(owner, review.id, { lines: [{ index: 1, confirmed: true }] });
    expect(forced.payload.lines.rows[1]?.confirmed).toBe(false);

    // The reviewer picks the vintage, and keeps the other line as their own wine on purpose.
    const decided = await patch(owner, review.id, {
      lines: [
        { index: 0, choice: { kind: 'catalog', wineId: vintageId } },
        { index: 1, choice: { kind: 'custom' } },
      ],
    });
    expect(decided.status).toBe(200);
    expect(decided.payload.counts.confirmed).toBe(2);
    const started = await origin.api('POST', `${importsOf(owner)}/${review.id}/confirm`, {
      token: owner.token,
      json: {},
    });
    expect(started.status).toBe(202);
    expect((await waitFor(owner, review.id, ['imported', 'failed'])).status).toBe('imported');
    const wines = await inventoryOf(owner.id);
    expect(wines.map((w) => [w.source, w.wineId ?? w.wineName, w.quantity]).sort()).toEqual(
      [
        ['SCAN_MATCHING_CUSTOM', 'Xyzzy Flurble Quux Plugh', 2],
        ['SCAN_MATCHING_KORK', vintageId, 6],
      ].sort(),
    );
  });

  it('is offered the vintage the cellar holds, to add its bottles to, never a new wine beside it', async () => {
    const owner = await freshOwner();
    await importOwnWines(
      owner.id,
      [{ kind: 'new', input: { source: 'KORK', wineId: nvId, quantity: 3 } as never, externalIds: [] }],
      { userId: owner.id, role: 'user' },
      () => [],
    );
    const [held] = await inventoryOf(owner.id);
    expect(held?.wineId).toBe(nvId);

    const review = await csvToReview(owner, LIST);
    const [veuve] = review.lines.rows;
    expect(veuve?.choice).toEqual({ kind: 'catalog', wineId: nvId });
    expect(veuve?.duplicate?.ownWineId).toBe(held?.id);
    expect(veuve?.onDuplicate).toBe('add');
    expect(veuve?.confirmed).toBe(false);

    await patch(owner, review.id, {
      lines: [
        { index: 0, confirmed: true },
        { index: 1, choice: { kind: 'skip' } },
      ],
    });
    await origin.api('POST', `${importsOf(owner)}/${review.id}/confirm`, { token: owner.token, json: {} });
    expect((await waitFor(owner, review.id, ['imported', 'failed'])).status).toBe('imported');
    const wines = await inventoryOf(owner.id);
    expect(wines).toHaveLength(1);
    expect(wines[0]).toMatchObject({ id: held?.id, quantity: 9 });
  });
});

describe('a list without a header row', () => {
  it('keeps its first row as a wine and gets its columns from their values', async () => {
    const owner = await freshOwner();
    const columns = await csvToColumns(
      owner,
      [
        'Veuve Clicquot;Brut Rosé;NV;750 ml;6;499,90;Frankrike;Champagne',
        'Ch. Margaux;Ch. Margaux 1990 (750ML);1990;750 ml;2;4 999,00;Frankrike;Bordeaux',
        'Vietti;Barolo Castiglione;2018;1,5 l;1;899,00;Italia;Piemonte',
      ].join('\n'),
    );
    expect(columns.columns?.map((c) => c.header)).toEqual(['', '', '', '', '', '', '', '']);
    expect(columns.assignmentSource).toBe('values');
    expect(columns.columns?.[1]?.samples[0]).toBe('Brut Rosé');
    expect(columns.assignment).toEqual([
      'producer',
      'wineName',
      'vintage',
      'bottleSize',
      'quantity',
      'purchasePriceWvat',
      'country',
      'region',
    ]);
    await patch(owner, columns.id, { assignment: columns.assignment ?? [] });
    const review = await waitFor(owner, columns.id, ['review', 'failed']);
    expect(review.counts.lines).toBe(3);
    expect(review.lines.rows[0]?.at).toEqual({ row: 1 });
    expect(review.lines.rows[0]?.parsed).toMatchObject({ producer: 'Veuve Clicquot', wineName: 'Brut Rosé' });
    // The name is cleaned of the vintage and size its columns hold.
    expect(review.lines.rows[1]?.parsed.wineName).toBe('Ch. Margaux');
  });
});

describe('the limit of unfinished imports', () => {
  it('holds when eight imports are started at once: five made, three refused (409)', async () => {
    const owner = await freshOwner();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(owner, { kind: 'excel', fileName: `f${i}.csv`, contentType: 'text/csv', fileSize: 10 }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual([409, 409, 409]);
    expect(refused[0]?.error?.message).toBe('At most 5 imports can run at once: finish or cancel one first');
    const list = await origin.api<{ rows: ImportJob[] }>('GET', importsOf(owner), { token: owner.token });
    expect(list.payload.rows).toHaveLength(5);

    // A cancelled import gives its place back, once.
    const first = answers.find((a) => a.status === 201)?.payload.id as string;
    await origin.api('DELETE', `${importsOf(owner)}/${first}`, { token: owner.token });
    await origin.api('DELETE', `${importsOf(owner)}/${first}`, { token: owner.token });
    const again = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        create(owner, { kind: 'excel', fileName: `g${i}.csv`, contentType: 'text/csv', fileSize: 10 }),
      ),
    );
    expect(again.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('lets go of an import removed without finishing (its place is not held for ever)', async () => {
    const owner = await freshOwner();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await create(owner, {
        kind: 'excel',
        fileName: `f${i}.csv`,
        contentType: 'text/csv',
        fileSize: 10,
      });
      made.push(answer.payload.id);
    }
    expect((await create(owner, { kind: 'magic', text: 'Barolo 2019' })).status).toBe(409);
    // Removed by its time to live, as DynamoDB does after 30 days.
    await db()
      .entities.importJob.delete({ ownerId: owner.id, id: made[0] as string })
      .go();
    expect((await create(owner, { kind: 'magic', text: 'Barolo 2019' })).status).toBe(201);
  });
});
