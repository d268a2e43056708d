/**
 * Batch import through the HTTP API against DynamoDB Local and the S3 emulator, file to cellar: the
 * browser's presigned PUT, the bucket's event on the import-steps queue, the scan, the column
 * assignment, matching against the catalogue, decisions, confirmation and the write. Also the rules
 * around it: assignments SPEC §5 refuses, files that cannot be read, a file without wines, cancelling
 * in the middle of a write, a write step that ends before storing its lines' wines, confirms and
 * decisions that meet (a PATCH of several transactions is all or nothing), and who may see an import.
 */

import {
  type DocumentPort,
  type DocumentText,
  documents,
  useDocuments,
} from '@kork/functions/adapters/documents';
import { allWines, getWines } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { cellarOf } from '@kork/functions/cellar/cellar-service';
import { inventoryOf } from '@kork/functions/cellar/kernel/wine-reads';
import type * as CellarWineImports from '@kork/functions/cellar/wines/cellar-wine-imports';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import type * as Transactions from '@kork/functions/data/transactions';
import { dutiesToday, dutyRateRows } from '@kork/functions/duties/duties-service';
import { textOf } from '@kork/functions/imports/documents/fixtures/document-text';
import type * as ImportStore from '@kork/functions/imports/import-store';
import { encodeWindows1252, makeXlsx } from '@kork/functions/imports/tables/fixtures/make-spreadsheet';
import { issueAccessToken } from '@kork/functions/platform/auth';
import { importUploadKey } from '@kork/queue-messages';
import {
  bottleDuties,
  type CreatedImport,
  containerFromPackaging,
  convertMinor,
  type ImportDetail,
  type ImportField,
  type ImportJob,
  type ImportStatus,
  type UpdateImportInput,
} from '@kork/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storedHistoryOf } from '../../test/cellar-history';
import { startTestOrigin, type TestOrigin } from '../../test/test-stack';

/**
 * The cellar writer, wrapped so a test can stop between two of its transactions (the write goes on
 * with the rest of the items after `between` has run, as a cancel landing between them would see it).
 */
const hooks = vi.hoisted(() => ({
  splitAt: undefined as number | undefined,
  between: undefined as (() => Promise<void>) | undefined,
  /** Storing lines with their wines fails this many more times (the function ended before it). */
  failLineWines: 0,
  /** Runs once after the next transaction committed (a request landing between two of them). */
  afterCommit: undefined as (() => Promise<void>) | undefined,
}));

vi.mock('@kork/functions/imports/import-store', async (importOriginal) => {
  const original = await importOriginal<typeof ImportStore>();
  const putLines: typeof original.putLines = async (job, lines) => {
    if (hooks.failLineWines > 0 && lines.some((line) => line.ownWineId)) {
      hooks.failLineWines--;
      throw new Error('The function ended before the lines were stored');
    }
    return original.putLines(job, lines);
  };
  return { ...original, putLines };
});

vi.mock('@kork/functions/data/transactions', async (importOriginal) => {
  const original = await importOriginal<typeof Transactions>();
  const commitTransaction: typeof original.commitTransaction = async (build) => {
    await original.commitTransaction(build);
    const after = hooks.afterCommit;
    hooks.afterCommit = undefined;
    if (after) await after();
  };
  return { ...original, commitTransaction };
});

vi.mock('@kork/functions/cellar/wines/cellar-wine-imports', async (importOriginal) => {
  const original = await importOriginal<typeof CellarWineImports>();
  const importOwnWines: typeof original.importOwnWines = async (
    ownerId,
    items,
    principal,
    guard,
    options,
  ) => {
    const at = hooks.splitAt;
    const between = hooks.between;
    if (at === undefined || !between || items.length <= at) {
      return original.importOwnWines(ownerId, items, principal, guard, options);
    }
    hooks.splitAt = undefined;
    const first = await original.importOwnWines(ownerId, items.slice(0, at), principal, guard, options);
    await between();
    try {
      const rest = await original.importOwnWines(
        ownerId,
        items.slice(at),
        principal,
        (slice) => guard({ first: slice.first + at, last: slice.last + at }),
        options,
      );
      return [...first, ...rest];
    } catch (error) {
      if (error instanceof original.ImportGuardFailed)
        throw new original.ImportGuardFailed([...first, ...error.written]);
      throw error;
    }
  };
  return { ...original, importOwnWines };
});

let origin: TestOrigin;

/**
 * The document port: the texts a test gives for its uploads (an invoice's or a Vectura order's lines,
 * as OCR would read them), and the local reader for any other file.
 */
const documentTexts = new Map<string, DocumentText>();
let localDocuments: DocumentPort | undefined;
const testDocuments: DocumentPort = {
  async readText(source, purpose) {
    const text = documentTexts.get(source.key);
    if (text) return text;
    if (!localDocuments) throw new Error('no local document reader');
    return localDocuments.readText(source, purpose);
  },
};

interface Owner {
  id: string;
  token: string;
}

/** Catalogue wines to import, with their Vinmonopolet numbers. */
let catalogue: { id: string; number: string; name: string }[] = [];

beforeAll(async () => {
  origin = await startTestOrigin();
  await applySeeds([catalogSeed]);
  for await (const page of allWines()) {
    for (const wine of page) {
      if (wine.status === 'active' && wine.vinmonopoletNumber)
        catalogue.push({ id: wine.id, number: wine.vinmonopoletNumber, name: wine.name });
    }
  }
  catalogue = catalogue.slice(0, 20);
  try {
    localDocuments = documents();
  } catch {
    localDocuments = undefined;
  }
  useDocuments(testDocuments);
  expect(catalogue.length).toBeGreaterThanOrEqual(10);
});

afterAll(async () => {
  useDocuments(undefined);
  await origin?.stop();
});

// — helpers —

let owners = 0;
/** An account of its own per test: the open-import limit and the cellar are the test's alone. */
async function freshOwner(): Promise<Owner> {
  owners++;
  const id = `imp${Date.now().toString(36)}${owners}`;
  const now = new Date().toISOString();
  const { data } = await db()
    .entities.user.create({
      id,
      ownerId: id,
      email: `${id}@example.no`,
      firstName: 'Ida',
      lastName: `Import${owners}`,
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

async function create(owner: Owner, body: Record<string, unknown>) {
  return origin.api<CreatedImport>('POST', importsOf(owner), { token: owner.token, json: body });
}

/** Makes an import of a file and PUTs the file as the browser does. */
async function upload(
  owner: Owner,
  kind: string,
  fileName: string,
  contentType: string,
  bytes: Uint8Array,
  text?: DocumentText,
): Promise<CreatedImport> {
  const answer = await create(owner, { kind, fileName, contentType, fileSize: bytes.byteLength });
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(201);
  if (text) documentTexts.set(importUploadKey(owner.id, answer.payload.id), text);
  expect(answer.payload.status).toBe('awaitingUpload');
  const { uploadUrl, uploadHeaders } = answer.payload;
  expect(uploadUrl).toBeTruthy();
  const put = await fetch(uploadUrl as string, { method: 'PUT', body: bytes, headers: uploadHeaders });
  expect(put.status).toBe(200);
  return answer.payload;
}

async function detail(owner: Owner, id: string, query = '') {
  return origin.api<ImportDetail>('GET', `${importsOf(owner)}/${id}${query}`, { token: owner.token });
}

/** Polls the job (as the page does) until it is in one of `statuses`. */
async function waitFor(
  owner: Owner,
  id: string,
  statuses: ImportStatus[],
  ms = 45_000,
): Promise<ImportDetail> {
  const deadline = Date.now() + ms;
  let last: ImportDetail | undefined;
  while (Date.now() < deadline) {
    const answer = await detail(owner, id, '?lines=false');
    expect(answer.status).toBe(200);
    last = answer.payload;
    if (statuses.includes(last.status)) return (await detail(owner, id, '?limit=500')).payload;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} stayed ${last?.status} (${JSON.stringify(last?.error)}), not ${statuses}`);
}

async function patch(owner: Owner, id: string, body: UpdateImportInput) {
  return origin.api<ImportDetail>('PATCH', `${importsOf(owner)}/${id}`, { token: owner.token, json: body });
}

async function confirm(owner: Owner, id: string) {
  return origin.api<ImportJob>('POST', `${importsOf(owner)}/${id}/confirm`, { token: owner.token, json: {} });
}

/**
 * Confirms every line, the lines that matched nothing kept as typed: a line is never made the owner's
 * own wine by itself, so those are chosen so first, as a person would.
 */
async function confirmAllAsTyped(owner: Owner, review: ImportDetail) {
  const all = (await detail(owner, review.id, '?limit=500')).payload.lines.rows;
  const undecided = all.filter((line) => line.choice.kind === 'undecided');
  if (undecided.length > 0) {
    const kept = await patch(owner, review.id, {
      lines: undecided.map((line) => ({ index: line.index, choice: { kind: 'custom' as const } })),
    });
    expect(kept.status).toBe(200);
  }
  const answer = await patch(owner, review.id, { confirmAll: true });
  expect(answer.status).toBe(200);
  return answer;
}

/** A table import taken to review with this assignment. */
async function tableToReview(
  owner: Owner,
  fileName: string,
  contentType: string,
  bytes: Uint8Array,
  assignment?: (ImportField | null)[],
): Promise<ImportDetail> {
  const created = await upload(owner, 'excel', fileName, contentType, bytes);
  const columns = await waitFor(owner, created.id, ['columns', 'failed', 'noWines']);
  expect(columns.status).toBe('columns');
  const answer = await patch(owner, created.id, { assignment: assignment ?? columns.assignment ?? [] });
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(200);
  return waitFor(owner, created.id, ['review', 'failed', 'noWines']);
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** A name of letters only (an invoice reader takes digits for numbers): 27 → "Vin Bb". */
function wineName(prefix: string, i: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let name = '';
  let n = i;
  do {
    name = (letters[n % 26] as string) + name;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `${prefix} ${name.charAt(0).toUpperCase()}${name.slice(1)}x`;
}

/** A Vinmonopolet invoice of these rows (number, name, bottles) taken to review. */
async function invoiceToReview(owner: Owner, rows: [number: string, name: string, quantity: number][]) {
  const text = textOf([
    'Vinmonopolet',
    'Faktura 20240311-0042     Dato 11.03.2024',
    'Varenr Varenavn Antall Pris Beløp',
    ...rows.map(
      ([number, name, quantity]) => `${number} ${name} 75 cl ${quantity} 100,00 ${quantity * 100},00`,
    ),
    'Å betale kr 1,00',
  ]);
  const created = await upload(owner, 'invoice', 'faktura.png', 'image/png', PNG, text);
  const review = await waitFor(owner, created.id, ['review', 'failed', 'noWines']);
  expect(review.status).toBe('review');
  return review;
}

// — each kind, file to cellar —

describe('a spreadsheet (xlsx) with Norwegian headers', () => {
  it('is scanned to its columns, matched under the assignment, confirmed and written to the cellar', async () => {
    const owner = await freshOwner();
    const [a, b] = catalogue as [(typeof catalogue)[0], (typeof catalogue)[0]];
    const bytes = await makeXlsx(
      ['Vinnavn', 'Produsent', 'Årgang', 'Antall', 'Innkjøpspris', 'Varenummer'],
      [
        [a.name, '', '', 3, 199.9, a.number],
        [b.name, '', '', 2, 249.9, b.number],
        ['Egen Rødvin Fra Kjelleren', 'Småbruket', 2018, 4, 150, ''],
      ],
    );
    const created = await upload(owner, 'excel', 'kjeller.xlsx', XLSX, bytes);
    const columns = await waitFor(owner, created.id, ['columns', 'failed']);
    expect(columns.status).toBe('columns');
    expect(columns.columns?.map((c) => c.header)).toEqual([
      'Vinnavn',
      'Produsent',
      'Årgang',
      'Antall',
      'Innkjøpspris',
      'Varenummer',
    ]);
    expect(columns.columns?.[0]?.samples).toHaveLength(3);

    const assignment: (ImportField | null)[] = [
      'wineName',
      'producer',
      'vintage',
      'quantity',
      'purchasePriceWvat',
      'vinmonopoletNumber',
    ];
    const review = await (async () => {
      const answer = await patch(owner, created.id, { assignment });
      expect(answer.status).toBe(200);
      return waitFor(owner, created.id, ['review', 'failed']);
    })();
    expect(review.status).toBe('review');
    expect(review.counts.lines).toBe(3);
    const [first, second, third] = review.lines.rows;
    expect(first?.match.status).toBe('matched');
    expect(first?.choice).toEqual({ kind: 'catalog', wineId: a.id });
    expect(first?.confirmed).toBe(true);
    expect(second?.choice).toEqual({ kind: 'catalog', wineId: b.id });
    expect(third?.parsed).toMatchObject({
      wineName: 'Egen Rødvin Fra Kjelleren',
      producer: 'Småbruket',
      vintage: 2018,
    });

    // The custom line is kept as typed and confirmed by hand.
    const decided = await patch(owner, created.id, { lines: [{ index: 2, choice: { kind: 'custom' } }] });
    expect(decided.status).toBe(200);
    expect(decided.payload.counts.confirmed).toBe(3);

    const confirmed = await confirm(owner, created.id);
    expect(confirmed.status).toBe(202);
    const done = await waitFor(owner, created.id, ['imported', 'failed']);
    expect(done.status).toBe('imported');
    expect(done.counts.imported).toBe(3);

    const wines = await inventoryOf(owner.id);
    expect(wines).toHaveLength(3);
    const byId = new Map(wines.map((w) => [w.id, w]));
    expect(byId.get(a.id)).toMatchObject({ source: 'SCAN_MATCHING_KORK', quantity: 3 });
    expect(byId.get(a.id)?.externalIds).toEqual([{ kind: 'VinmonopoletID', value: a.number }]);
    const custom = wines.find((w) => w.source === 'SCAN_MATCHING_CUSTOM');
    expect(custom).toMatchObject({ wineName: 'Egen Rødvin Fra Kjelleren', quantity: 4, vintage: 2018 });
    expect(done.lines.rows.every((line) => line.ownWineId)).toBe(true);
    expect((await storedHistoryOf(owner.id)).filter((h) => h.action === 'ADDED')).toHaveLength(3);

    // The headers are remembered for the owner's next import of the same columns.
    const again = await upload(owner, 'excel', 'kjeller-2.xlsx', XLSX, bytes);
    const next = await waitFor(owner, again.id, ['columns']);
    expect(next.assignment).toEqual(assignment);
    expect(next.assignmentSource).toBe('remembered');
    await origin.api('DELETE', `${importsOf(owner)}/${again.id}`, { token: owner.token });
  });
});

describe('purchase prices without duties', () => {
  it('get each wine’s duties added as they are written; a wine of unknown alcohol is refused by itself', async () => {
    const owner = await freshOwner();
    const wine = catalogue[2] as (typeof catalogue)[0];
    const bytes = await makeXlsx(
      ['Vinnavn', 'Antall', 'Innkjøpspris eks. mva', 'Varenummer'],
      [
        [wine.name, 6, 150, wine.number],
        ['Egen Hvitvin Uten Alkohol Oppgitt', 2, 100, ''],
      ],
    );
    const created = await upload(owner, 'excel', 'uten-avgifter.xlsx', XLSX, bytes);
    expect((await waitFor(owner, created.id, ['columns', 'failed'])).status).toBe('columns');
    const assigned = await patch(owner, created.id, {
      assignment: ['wineName', 'quantity', 'purchasePriceWovat', 'vinmonopoletNumber'],
      purchasePrices: 'withoutDuties',
    });
    expect(assigned.status).toBe(200);
    const review = await waitFor(owner, created.id, ['review', 'failed']);
    expect(review.purchasePrices).toBe('withoutDuties');
    expect(review.lines.rows[0]?.choice).toEqual({ kind: 'catalog', wineId: wine.id });
    await patch(owner, created.id, { lines: [{ index: 1, choice: { kind: 'custom' } }] });
    expect((await confirm(owner, created.id)).status).toBe(202);
    const done = await waitFor(owner, created.id, ['imported', 'failed']);
    expect(done.status).toBe('imported');
    expect(done.counts.imported).toBe(1);
    expect(done.lines.rows[1]?.error).toEqual({
      code: 'priceWithoutDutiesNeedsAlcohol',
      field: 'purchasePriceWovat',
    });

    const record = (await getWines([wine.id])).get(wine.id);
    const result = bottleDuties(
      {
        bottleSize: record?.bottleSize as number,
        alcohol: record?.alcohol,
        category: record?.mainCategoryId ?? 'red',
        container: containerFromPackaging(record?.packaging),
        date: dutiesToday(),
      },
      await dutyRateRows(),
    );
    if (!result.ok) throw new Error('no duties for the catalogue wine');
    const currency = (await cellarOf(owner.id)).baseCurrency;
    const inCellar = (n: number) => convertMinor(n, 'NOK', currency, {});
    const { excise, packagingTax, deposit } = result.duties;
    expect(excise).toBeGreaterThan(0);
    const wines = await inventoryOf(owner.id);
    expect(wines).toHaveLength(1);
    // 150.00 in the cellar's currency, and the duties converted into it.
    expect((wines[0]?.own as { purchasePriceWovat?: number } | undefined)?.purchasePriceWovat).toBe(
      15_000 + inCellar(excise) + inCellar(packagingTax) + inCellar(deposit),
    );
  });
});

describe('a CSV file in Windows-1252', () => {
  it('keeps æ ø å and goes to the cellar', async () => {
    const owner = await freshOwner();
    const csv = 'Vinnavn;Produsent;Årgang;Antall\r\nRødt fra Høyfjellet;Åsmund Ærlig;2016;6\r\n';
    const review = await tableToReview(owner, 'liste.csv', 'text/csv', encodeWindows1252(csv), [
      'wineName',
      'producer',
      'vintage',
      'quantity',
    ]);
    expect(review.status).toBe('review');
    expect(review.lines.rows[0]?.parsed).toMatchObject({
      wineName: 'Rødt fra Høyfjellet',
      producer: 'Åsmund Ærlig',
      vintage: 2016,
      quantity: 6,
    });
    await confirmAllAsTyped(owner, review);
    expect((await confirm(owner, review.id)).status).toBe(202);
    expect((await waitFor(owner, review.id, ['imported', 'failed'])).status).toBe('imported');
    const [wine] = await inventoryOf(owner.id);
    expect(wine).toMatchObject({
      wineName: 'Rødt fra Høyfjellet',
      producerName: 'Åsmund Ærlig',
      quantity: 6,
    });
  });
});

describe('pasted text (magic import)', () => {
  it('is stored as the file, read by the extractor and matched', async () => {
    const owner = await freshOwner();
    const text =
      'Handleliste fra vinbaren:\n6 x Château Testvin 2015 75 cl kr 349,90\n2 fl Montagne Rouge 2019\n';
    const answer = await create(owner, { kind: 'magic', text });
    expect(answer.status).toBe(201);
    expect(answer.payload.uploadUrl).toBeUndefined();
    const review = await waitFor(owner, answer.payload.id, ['review', 'noWines', 'failed']);
    expect(review.status).toBe('review');
    expect(review.counts.lines).toBeGreaterThanOrEqual(1);
    expect(review.lines.rows[0]?.parsed.wineName).toMatch(/Testvin/);
    await confirmAllAsTyped(owner, review);
    expect((await confirm(owner, review.id)).status).toBe(202);
    expect((await waitFor(owner, review.id, ['imported', 'failed'])).status).toBe('imported');
    expect((await inventoryOf(owner.id)).length).toBe(review.counts.lines);
  });
});

describe('documents (invoice photo, Vectura PDF)', () => {
  it('reads a Vinmonopolet invoice and a Vectura order through the document port', async () => {
    const [a, b] = catalogue.slice(2) as [(typeof catalogue)[0], (typeof catalogue)[0]];
    const invoiceText = textOf([
      'Vinmonopolet',
      'Faktura 20240311-0042     Dato 11.03.2024',
      'Varenr Varenavn Antall Pris Beløp',
      `${a.number} ${a.name} 75 cl 2 349,90 699,80`,
      'Å betale kr 699,80',
    ]);
    const X = [0.04, 0.16, 0.5, 0.57, 0.74, 0.86];
    const row = (...cells: string[]) => cells.map((t, i) => [t, X[i] as number] as [string, number]);
    const vecturaText = textOf([
      'Vectura AS',
      row('Varenr (Vectura)', 'Varenavn', 'Antall', 'Enhet', 'Pris', 'Beløp'),
      row('123456', `${b.name} 2019 75 cl`, '12', 'fl', '245,00', '2 940,00'),
      'Sum eks. mva 2 940,00',
    ]);
    {
      const owner = await freshOwner();
      const invoice = await upload(owner, 'invoice', 'faktura.png', 'image/png', PNG, invoiceText);
      const read = await waitFor(owner, invoice.id, ['review', 'failed', 'noWines']);
      expect(read.status).toBe('review');
      expect(read.lines.rows[0]?.parsed).toMatchObject({ vinmonopoletNumber: a.number, quantity: 2 });
      expect(read.lines.rows[0]?.choice).toEqual({ kind: 'catalog', wineId: a.id });

      const pdf = new TextEncoder().encode('%PDF-1.4 fake');
      const vectura = await upload(owner, 'vectura', 'ordre.pdf', 'application/pdf', pdf, vecturaText);
      const order = await waitFor(owner, vectura.id, ['review', 'failed', 'noWines']);
      expect(order.status).toBe('review');
      expect(order.lines.rows[0]?.parsed).toMatchObject({ vecturaNumber: '123456', quantity: 12 });

      for (const id of [invoice.id, vectura.id]) {
        await patch(owner, id, { confirmAll: true });
        expect((await confirm(owner, id)).status).toBe(202);
        expect((await waitFor(owner, id, ['imported', 'failed'])).status).toBe('imported');
      }
      const wines = await inventoryOf(owner.id);
      expect(wines.find((w) => w.id === a.id)?.quantity).toBe(2);
      const kept = wines.find(
        (w) => (w.externalIds as { kind: string }[] | undefined)?.[0]?.kind === 'VecturaID',
      );
      expect(kept?.externalIds).toEqual([{ kind: 'VecturaID', value: '123456' }]);
    }
  });
});

// — the rules —

describe('column assignment', () => {
  it('needs a wine name column and takes each field once (400), then matches', async () => {
    const owner = await freshOwner();
    const bytes = await makeXlsx(['Navn', 'Land', 'Pris'], [['Testvin', 'Frankrike', 100]]);
    const created = await upload(owner, 'excel', 'a.xlsx', XLSX, bytes);
    await waitFor(owner, created.id, ['columns']);
    const noName = await patch(owner, created.id, { assignment: [null, 'country', 'sellingPrice'] });
    expect(noName.status).toBe(400);
    expect(noName.error?.fields?.assignment).toBe('One column must be the wine name');
    const twice = await patch(owner, created.id, { assignment: ['wineName', 'country', 'country'] });
    expect(twice.status).toBe(400);
    expect(twice.error?.fields?.['assignment.2']).toBe('This field is already chosen for another column');
    const job = (await detail(owner, created.id)).payload;
    expect(job.status).toBe('columns');
    const good = await patch(owner, created.id, { assignment: ['wineName', 'country', 'sellingPrice'] });
    expect(good.status).toBe(200);
    expect((await waitFor(owner, created.id, ['review'])).lines.rows[0]?.parsed).toMatchObject({
      wineName: 'Testvin',
      country: 'Frankrike',
      sellingPrice: 10_000,
    });
    // Decisions before review and a confirm with nothing confirmed are refused.
    expect((await confirm(owner, created.id)).error?.fields?.lines).toBe(
      'Confirm at least one wine to import',
    );
    const unknown = await patch(owner, created.id, { lines: [{ index: 7, choice: { kind: 'custom' } }] });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.fields?.['lines.0.index']).toBe('The import has no such line');
  });
});

describe('decisions', () => {
  it('picks, skips, keeps and confirms all, with the counts kept exact', async () => {
    const owner = await freshOwner();
    const rows = catalogue.slice(4, 8).map((w): [string, string, number] => [w.number, w.name, 1]);
    rows.push(['7712345', 'Ukjent Vin Som Ikke Finnes', 1]);
    const review = await invoiceToReview(owner, rows);
    expect(review.counts).toMatchObject({ lines: 5, matched: 4, unmatched: 1, confirmed: 4 });
    const other = catalogue[9] as (typeof catalogue)[0];
    const answer = await patch(owner, review.id, {
      lines: [
        { index: 0, choice: { kind: 'skip' } },
        { index: 1, choice: { kind: 'catalog', wineId: other.id } },
        { index: 2, confirmed: false },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.payload.counts).toMatchObject({ lines: 5, skipped: 1, confirmed: 2 });
    const notInCatalogue = await patch(owner, review.id, {
      lines: [{ index: 4, choice: { kind: 'catalog', wineId: '01JNOTAWINE000000000000000' } }],
    });
    expect(notInCatalogue.status).toBe(400);

    // Confirm all confirms what is decided; the line that matched nothing waits for the user.
    const all = await patch(owner, review.id, { confirmAll: true });
    expect(all.payload.counts).toMatchObject({ skipped: 1, confirmed: 3, unmatched: 1 });
    const toReview = await detail(owner, review.id, '?filter=toReview');
    expect(toReview.payload.lines.rows.map((l) => [l.index, l.choice.kind])).toEqual([[4, 'undecided']]);
    const skipped = await detail(owner, review.id, '?filter=skipped');
    expect(skipped.payload.lines.rows.map((l) => l.index)).toEqual([0]);
    const polled = await detail(owner, review.id, '?lines=false');
    expect(polled.payload.lines).toEqual({ rows: [], count: 5 });
  });

  it('keeps every decision of PATCHes that meet on different lines', async () => {
    const owner = await freshOwner();
    const rows = Array.from({ length: 12 }, (_, i): [string, string, number] => [
      String(7_700_000 + i),
      wineName('Samtidig Vin', i),
      1,
    ]);
    const review = await invoiceToReview(owner, rows);
    const answers = await Promise.all(
      rows.map((_, index) =>
        patch(owner, review.id, {
          lines: [{ index, choice: index % 3 === 0 ? { kind: 'skip' } : { kind: 'custom' } }],
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(rows.map(() => 200));
    const after = await waitFor(owner, review.id, ['review']);
    for (const line of after.lines.rows) {
      expect(line.choice.kind).toBe(line.index % 3 === 0 ? 'skip' : 'custom');
      expect(line.confirmed).toBe(line.index % 3 !== 0);
    }
    expect(after.counts).toMatchObject({ lines: 12, skipped: 4, confirmed: 8 });
  });
});

describe('duplicates', () => {
  it('adds the bottles to the wine in the cellar with one QUANTITY entry', async () => {
    const owner = await freshOwner();
    const wine = catalogue[10] as (typeof catalogue)[0];
    const added = await origin.api('POST', `/api/wine-cellars/users/${owner.id}/own-wines`, {
      token: owner.token,
      json: { wineId: wine.id, quantity: 2 },
    });
    expect(added.status).toBe(201);
    const review = await invoiceToReview(owner, [[wine.number, wine.name, 5]]);
    const [line] = review.lines.rows;
    expect(line?.duplicate?.ownWineId).toBe(wine.id);
    expect(line?.duplicate?.quantity).toBe(2);
    expect(line?.onDuplicate).toBe('add');
    expect(review.counts.duplicates).toBe(1);
    await patch(owner, review.id, { lines: [{ index: 0, confirmed: true }] });
    expect((await confirm(owner, review.id)).status).toBe(202);
    expect((await waitFor(owner, review.id, ['imported', 'failed'])).status).toBe('imported');
    const wines = await inventoryOf(owner.id);
    expect(wines).toHaveLength(1);
    expect(wines[0]?.quantity).toBe(7);
    const history = (await storedHistoryOf(owner.id)).filter((h) => h.ownWineId === wine.id);
    expect(history.map((h) => h.action).sort()).toEqual(['ADDED', 'QUANTITY']);
  });
});

describe('confirming and cancelling', () => {
  it('imports once when twelve confirms meet', async () => {
    const owner = await freshOwner();
    const rows = Array.from({ length: 8 }, (_, i): [string, string, number] => [
      String(7_710_000 + i),
      wineName('Tolv Bekreftelser', i),
      1,
    ]);
    const review = await invoiceToReview(owner, rows);
    await confirmAllAsTyped(owner, review);
    const answers = await Promise.all(Array.from({ length: 12 }, () => confirm(owner, review.id)));
    expect(answers.every((a) => a.status === 200 || a.status === 202)).toBe(true);
    expect((await waitFor(owner, review.id, ['imported', 'failed'])).counts.imported).toBe(8);
    await origin.stack.broker.idle();
    const wines = await inventoryOf(owner.id);
    expect(wines).toHaveLength(8);
    expect(new Set(wines.map((w) => w.wineName)).size).toBe(8);
    expect((await storedHistoryOf(owner.id)).filter((h) => h.action === 'ADDED')).toHaveLength(8);
    const again = await confirm(owner, review.id);
    expect(again.status).toBe(200);
    expect(again.payload.status).toBe('imported');
    const cancel = await origin.api('DELETE', `${importsOf(owner)}/${review.id}`, { token: owner.token });
    expect(cancel.status).toBe(409);
  });

  it('cancelled between two transactions of the write keeps only whole wines', async () => {
    const owner = await freshOwner();
    const rows = Array.from({ length: 300 }, (_, i): [string, string, number] => [
      String(7_720_000 + i),
      wineName('Avbrutt Vin', i),
      2,
    ]);
    const review = await invoiceToReview(owner, rows);
    expect(review.counts.lines).toBe(300);
    await confirmAllAsTyped(owner, review);
    hooks.splitAt = 60;
    hooks.between = async () => {
      const cancelled = await origin.api<ImportJob>('DELETE', `${importsOf(owner)}/${review.id}`, {
        token: owner.token,
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.payload.status).toBe('cancelled');
    };
    try {
      expect((await confirm(owner, review.id)).status).toBe(202);
      await waitFor(owner, review.id, ['cancelled']);
      await origin.stack.broker.idle();
    } finally {
      hooks.splitAt = undefined;
      hooks.between = undefined;
    }
    const job = (await detail(owner, review.id, '?limit=500')).payload;
    expect(job.status).toBe('cancelled');
    const wines = await inventoryOf(owner.id);
    expect(wines.length).toBe(60);
    expect(job.counts.imported).toBe(wines.length);
    const added = (await storedHistoryOf(owner.id)).filter((h) => h.action === 'ADDED');
    expect(new Set(added.map((h) => h.ownWineId))).toEqual(new Set(wines.map((w) => w.id)));
    expect(wines.every((w) => w.quantity === 2)).toBe(true);
    expect(job.lines.rows.filter((l) => l.ownWineId)).toHaveLength(60);
    // A cancelled job is answered as it is; confirming it is refused.
    expect(
      (await origin.api('DELETE', `${importsOf(owner)}/${review.id}`, { token: owner.token })).status,
    ).toBe(200);
    expect((await confirm(owner, review.id)).status).toBe(409);
  });
});

describe('a write step that ends between a transaction and storing its lines', () => {
  it('is made whole by the next delivery: every line written links its wine, none written twice', async () => {
    const owner = await freshOwner();
    const [a, b] = catalogue.slice(12, 14) as [(typeof catalogue)[0], (typeof catalogue)[0]];
    const added = await origin.api('POST', `/api/wine-cellars/users/${owner.id}/own-wines`, {
      token: owner.token,
      json: { wineId: a.id, quantity: 2 },
    });
    expect(added.status).toBe(201);
    const rows: [string, string, number][] = [
      [a.number, a.name, 5],
      [b.number, b.name, 1],
      ['7730000', 'Samme Vin Tvilling', 2],
      ['7730000', 'Samme Vin Tvilling', 3],
      ...Array.from({ length: 76 }, (_, i): [string, string, number] => [
        String(7_730_100 + i),
        wineName('Krasj Vin', i),
        1,
      ]),
    ];
    const review = await invoiceToReview(owner, rows);
    expect(review.counts.lines).toBe(80);
    expect(review.lines.rows[0]?.duplicate?.ownWineId).toBe(a.id);
    await confirmAllAsTyped(owner, review);
    // The first 60 lines are written in their own transactions, then the function ends: the lines'
    // wines are never stored and the queue delivers the step again.
    hooks.splitAt = 60;
    hooks.between = async () => {
      hooks.failLineWines = 1;
      throw new Error('The function ended');
    };
    try {
      expect((await confirm(owner, review.id)).status).toBe(202);
      const done = await waitFor(owner, review.id, ['imported', 'failed'], 60_000);
      expect(done.status).toBe('imported');
      await origin.stack.broker.idle();
    } finally {
      hooks.splitAt = undefined;
      hooks.between = undefined;
      hooks.failLineWines = 0;
    }
    const dead = origin.stack.broker.deadLetters('import-steps').filter((m) => m.body.includes(review.id));
    expect(dead).toHaveLength(0);
    const job = (await detail(owner, review.id, '?limit=500')).payload;
    expect(job.counts.imported).toBe(80);
    const lines = job.lines.rows;
    expect(lines.every((line) => line.ownWineId && !line.error)).toBe(true);
    expect(lines[0]?.ownWineId).toBe(a.id);
    expect(lines[1]?.ownWineId).toBe(b.id);

    const wines = await inventoryOf(owner.id);
    expect(wines).toHaveLength(80);
    const byId = new Map(wines.map((w) => [w.id, w]));
    expect(new Set(lines.map((line) => line.ownWineId))).toEqual(new Set(byId.keys()));
    expect(byId.get(a.id)?.quantity).toBe(7);
    // The two lines of the same wine made a wine each, each line linked to its own.
    expect(lines[2]?.ownWineId).not.toBe(lines[3]?.ownWineId);
    expect(byId.get(lines[2]?.ownWineId as string)?.quantity).toBe(2);
    expect(byId.get(lines[3]?.ownWineId as string)?.quantity).toBe(3);
    for (const line of lines.slice(2)) {
      expect(byId.get(line.ownWineId as string)).toMatchObject({
        source: 'SCAN_MATCHING_CUSTOM',
        wineName: line.parsed.wineName,
      });
    }
    const history = await storedHistoryOf(owner.id);
    expect(history.filter((h) => h.action === 'ADDED')).toHaveLength(80);
    expect(history.filter((h) => h.action === 'QUANTITY').map((h) => h.ownWineId)).toEqual([a.id]);
  });
});

describe('a decisions PATCH of several transactions', () => {
  /** An invoice of 250 lines no catalogue wine matches: unmatched, none confirmed. */
  async function reviewOf250(owner: Owner, base: number) {
    const rows = Array.from({ length: 250 }, (_, i): [string, string, number] => [
      String(base + i),
      wineName('Mange Linjer', i),
      1,
    ]);
    const review = await invoiceToReview(owner, rows);
    expect(review.counts).toMatchObject({ lines: 250, confirmed: 0, skipped: 0 });
    return review;
  }
  const skipAll = {
    lines: Array.from({ length: 250 }, (_, index) => ({ index, choice: { kind: 'skip' as const } })),
  };

  async function linesNow(owner: Owner, id: string) {
    const first = (await detail(owner, id, '?limit=500')).payload;
    expect(first.lines.count).toBe(250);
    return first;
  }

  it('cancelled between its transactions leaves every line as it was', async () => {
    const owner = await freshOwner();
    const review = await reviewOf250(owner, 7_740_000);
    hooks.afterCommit = async () => {
      const cancelled = await origin.api<ImportJob>('DELETE', `${importsOf(owner)}/${review.id}`, {
        token: owner.token,
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.payload.status).toBe('cancelled');
    };
    let answer: Awaited<ReturnType<typeof patch>>;
    try {
      answer = await patch(owner, review.id, skipAll);
    } finally {
      hooks.afterCommit = undefined;
    }
    expect(answer.status).toBe(409);
    const job = await linesNow(owner, review.id);
    expect(job.status).toBe('cancelled');
    expect(job.lines.rows.filter((line) => line.choice.kind === 'skip')).toHaveLength(0);
    expect(job.lines.rows.map((line) => line.choice)).toEqual(review.lines.rows.map((line) => line.choice));
    expect(job.counts).toMatchObject({ lines: 250, skipped: 0 });
  });

  it('racing a DELETE ends applied whole (then cancelled) or not at all', async () => {
    for (const delay of [0, 40]) {
      const owner = await freshOwner();
      const review = await reviewOf250(owner, 7_750_000 + delay * 1000);
      const [answer, cancelled] = await Promise.all([
        patch(owner, review.id, skipAll),
        new Promise((r) => setTimeout(r, delay)).then(() =>
          origin.api<ImportJob>('DELETE', `${importsOf(owner)}/${review.id}`, { token: owner.token }),
        ),
      ]);
      expect(cancelled.status).toBe(200);
      expect([200, 409]).toContain(answer.status);
      const job = await linesNow(owner, review.id);
      expect(job.status).toBe('cancelled');
      const skipped = job.lines.rows.filter((line) => line.choice.kind === 'skip').length;
      expect(skipped).toBe(answer.status === 200 ? 250 : 0);
    }
  }, 120_000);

  it('holds a confirm off until it is written whole', async () => {
    const owner = await freshOwner();
    const review = await reviewOf250(owner, 7_760_000);
    let confirmed: Awaited<ReturnType<typeof confirm>> | undefined;
    hooks.afterCommit = async () => {
      confirmed = await confirm(owner, review.id);
    };
    let answer: Awaited<ReturnType<typeof patch>>;
    try {
      answer = await patch(owner, review.id, {
        lines: Array.from({ length: 250 }, (_, index) => ({ index, choice: { kind: 'custom' as const } })),
      });
    } finally {
      hooks.afterCommit = undefined;
    }
    // The confirm met the PATCH half written: it was refused, and the PATCH went through whole.
    expect(confirmed?.status).toBe(409);
    expect(answer.status).toBe(200);
    expect(answer.payload.status).toBe('review');
    expect(answer.payload.counts).toMatchObject({ lines: 250, confirmed: 250 });
    const job = await linesNow(owner, review.id);
    expect(job.lines.rows.every((line) => line.confirmed)).toBe(true);
    await origin.api('DELETE', `${importsOf(owner)}/${review.id}`, { token: owner.token });
  });
});

describe('files without wines, and files that cannot be read', () => {
  it('ends a table with a header and no rows in noWines', async () => {
    const owner = await freshOwner();
    const created = await upload(
      owner,
      'excel',
      'tom.csv',
      'text/csv',
      new TextEncoder().encode('Vin;Årgang\r\n'),
    );
    const job = await waitFor(owner, created.id, ['noWines', 'failed', 'columns']);
    expect(job.status).toBe('noWines');
    expect(job.error?.code).toBe('noWinesDetected');
  });

  it('fails a corrupt xlsx and a PDF of random bytes with importFileUnreadable, never a 500', async () => {
    const owner = await freshOwner();
    const corrupt = new Uint8Array([
      0x50,
      0x4b,
      0x03,
      0x04,
      ...Array.from({ length: 400 }, (_, i) => (i * 37) % 256),
    ]);
    const xlsx = await upload(owner, 'excel', 'skadet.xlsx', XLSX, corrupt);
    const failed = await waitFor(owner, xlsx.id, ['failed', 'columns', 'noWines']);
    expect(failed.status).toBe('failed');
    expect(failed.error?.code).toBe('importFileUnreadable');

    const random = new Uint8Array(2048).map((_, i) => (i * 131 + 7) % 256);
    const pdf = await upload(owner, 'vectura', 'tilfeldig.pdf', 'application/pdf', random);
    const unread = await waitFor(owner, pdf.id, ['failed', 'review', 'noWines']);
    expect(unread.status).toBe('failed');
    expect(unread.error?.code).toBe('importFileUnreadable');
  });
});

describe('access and limits', () => {
  it('answers 403 to another account and 404 for an import that is not there', async () => {
    const owner = await freshOwner();
    const stranger = await freshOwner();
    const created = await create(owner, { kind: 'magic', text: 'Barolo 2019' });
    const path = `${importsOf(owner)}/${created.payload.id}`;
    expect((await origin.api('GET', path, { token: stranger.token })).status).toBe(403);
    expect((await origin.api('DELETE', path, { token: stranger.token })).status).toBe(403);
    const missing = await origin.api('GET', `${importsOf(owner)}/01JNOSUCHIMPORT00000000000`, {
      token: owner.token,
    });
    expect(missing.status).toBe(404);
    // Another owner's import under one's own id is not found either: the key holds the owner.
    const crossed = await origin.api('GET', `${importsOf(stranger)}/${created.payload.id}`, {
      token: stranger.token,
    });
    expect(crossed.status).toBe(404);
  });

  it('refuses a sixth unfinished import (409) and lists the newest first', async () => {
    const owner = await freshOwner();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await create(owner, {
        kind: 'excel',
        fileName: `f${i}.csv`,
        contentType: 'text/csv',
        fileSize: 10,
      });
      expect(answer.status).toBe(201);
      ids.push(answer.payload.id);
    }
    const sixth = await create(owner, {
      kind: 'excel',
      fileName: 'f5.csv',
      contentType: 'text/csv',
      fileSize: 10,
    });
    expect(sixth.status).toBe(409);
    expect(sixth.error?.message).toBe('At most 5 imports can run at once: finish or cancel one first');
    const tooLarge = await create(owner, {
      kind: 'excel',
      fileName: 'stor.xlsx',
      contentType: XLSX,
      fileSize: 60_000_000,
    });
    expect(tooLarge.status).toBe(400);
    const list = await origin.api<{ rows: ImportJob[]; count: number }>('GET', importsOf(owner), {
      token: owner.token,
    });
    expect(list.payload.rows.map((j) => j.id)).toEqual([...ids].reverse());
    await origin.api('DELETE', `${importsOf(owner)}/${ids[0]}`, { token: owner.token });
    expect(
      (await create(owner, { kind: 'excel', fileName: 'f6.csv', contentType: 'text/csv', fileSize: 10 }))
        .status,
    ).toBe(201);
  });
});
