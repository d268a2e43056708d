/**
 * A wine list's PDF through its route (`GET …/wine-lists/{listId}/pdf`), read back with pdfjs: every
 * wine and printed price of the list's own model (composeWineList + layoutWineList on the list as the
 * API answers it), page by page and in order; the staff copy's private note; the list's fonts embedded;
 * access. And the deployed function itself: the PDF function's bundle, built and run outside the repo
 * in a fresh Node process, finds its fonts and answers the same PDF.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { createCategory } from '@kork/functions/cellar/categories/category-service';
import { createOwnWines } from '@kork/functions/cellar/wines/cellar-wine-adds';
import { routeId } from '@kork/functions/routes';
import { BUNDLED_ASSETS_DIR, pdfAssetFiles } from '@kork/functions/wine-lists/pdf/assets';
import { type ReadPdf, readPdf } from '@kork/functions/wine-lists/pdf/pdf-text';
import { createWineList } from '@kork/functions/wine-lists/wine-list-writes';
import {
  CellarWineInput,
  NewWineListInput,
  type WineList,
  type WineListDetail,
  type WineListLayout,
} from '@kork/shared';
import { composeWineList, type LaidOutList, layoutWineList } from '@kork/shared/wine-list-layout';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../build';
import { useSeededStack } from '../../test/seeded-stack';

const PDF_ROUTE = 'GET /api/wine-cellars/users/{id}/wine-lists/{listId}/pdf';
const NOTE = 'Kjeller B3';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant', 'private'],
  timeout: 120_000,
});
const { tokens, userIds: ids } = accounts;
let list: WineList;
let soldOut: string;

async function download(
  path: string,
  token = tokens.restaurant,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${origin.base}${path}`, {
    headers: { 'x-api-key': 'kork-local-web', authorization: `Bearer ${token}`, 'accept-language': 'nb' },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const pdfPath = (listId: string, query = '', owner = ids.restaurant) =>
  `/api/wine-cellars/users/${owner}/wine-lists/${listId}/pdf${query}`;

/** The list's model as the editor's preview lays it out, from the list as the API answers it. */
async function modelOf(listId: string, staff: boolean): Promise<LaidOutList> {
  const detail = (
    await origin.api<WineListDetail & { logoAspect?: number }>(
      'GET',
      `/api/wine-cellars/users/${ids.restaurant}/wine-lists/${listId}`,
      { token: tokens.restaurant, language: 'nb' },
    )
  ).payload;
  const document = composeWineList(
    {
      title: detail.name,
      locale: 'nb',
      currency: detail.currency,
      sections: detail.sections,
      entries: detail.entries,
      publicUrl: detail.publicUrl,
      hasLogo: Boolean(detail.logoUrl && detail.layout.header.logo),
      ...(detail.logoAspect ? { logoAspect: detail.logoAspect } : {}),
      staff,
    },
    detail.layout,
  );
  return layoutWineList(document, detail.layout);
}

/** Every printed text of a laid-out page, in the order drawn. */
const modelTexts = (laidOut: LaidOutList) =>
  laidOut.pages.map((page) =>
    page.blocks.flatMap((b) => (b.kind === 'text' && b.text ? [spaced(b.text)] : [])),
  );

/** Spaces as pdfjs reads them back: a no-break space is a space, and a gap between two lines an item of its own. */
const spaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

const pdfTexts = (read: ReadPdf) =>
  read.pages.map((page) => page.items.map((item) => spaced(item.text)).filter((text) => text.trim() !== ''));

const roleTexts = (laidOut: LaidOutList, roles: string[]) =>
  laidOut.pages.map((page) =>
    page.blocks.flatMap((b) => (b.kind === 'text' && roles.includes(b.role) ? [spaced(b.text)] : [])),
  );

const LAYOUT: WineListLayout = {
  paperSize: 'A5',
  orientation: 'portrait',
  width: 148,
  height: 210,
  margins: { top: 14, right: 12, bottom: 14, left: 12 },
  font: 'garamond',
  header: { logo: true, name: true, text: 'Høsten på Bryggen' },
  footnote: 'Alle priser inkl. mva.',
  pageNumbers: true,
  glassColumn: true,
  qrCode: true,
  sorting: { by: 'name', direction: 'asc' },
  privateNote: NOTE,
  lowStockThreshold: 2,
};

beforeAll(async () => {
  const owner = ids.restaurant as string;
  const principal = { userId: owner, role: 'user' as const };
  const red = (await createCategory(owner, { name: 'Rødvin' })).id;
  const white = (await createCategory(owner, { name: 'Hvitvin' })).id;
  const producers = ['Domaine de la Côte', 'Bodega Ñandú', 'Weingut Müller', 'Château Lœuvre', 'Bjørnstad'];
  const inputs = Array.from({ length: 46 }, (_, i) =>
    CellarWineInput.parse({
      source: 'CUSTOM',
      wineName: `${i % 2 ? 'Blanc' : 'Rouge'} ${['Ærlig', 'Øvre', 'Åsen', 'Élan', 'Über'][i % 5]} ${i + 1}`,
      producerName: producers[i % producers.length],
      vintage: i % 7 === 0 ? null : 2010 + (i % 14),
      bottleSize: i % 9 === 0 ? 0.375 : 0.75,
      quantity: 1 + (i % 6),
      mainCategoryId: i % 2 ? 'white' : 'red',
      country: ['Frankrike', 'Spania', 'Tyskland', 'Italia'][i % 4],
      sellingPrice: 39_000 + i * 12_500,
      ...(i % 3 === 0 ? { pricePerGlass: 9_000 + i * 1_000 } : {}),
      ...(i % 10 === 4 ? { priceFormat: 'stars' } : {}),
      wineListCategoryId: i % 2 ? white : red,
    }),
  );
  inputs.push(
    CellarWineInput.parse({
      source: 'CUSTOM',
      wineName: 'Utsolgt Vidunder',
      producerName: 'Tomme Flasker',
      vintage: 2019,
      bottleSize: 0.75,
      quantity: 0,
      mainCategoryId: 'red',
      sellingPrice: 99_000,
      wineListCategoryId: red,
    }),
  );
  const wines = await createOwnWines(owner, inputs, principal, { bulk: true });
  soldOut = (wines.find((w) => w.quantity === 0) as { id: string }).id;
  // Made by a Norwegian restaurant in Norwegian: the list prints in Norwegian, whoever downloads it.
  const created = await origin.api<WineList>('POST', `/api/wine-cellars/users/${owner}/wine-lists`, {
    token: tokens.restaurant,
    language: 'nb',
    json: {
      name: 'Vin på glass & flaske',
      isPublic: true,
      ownWineIds: wines.map((w) => w.id),
      layout: LAYOUT,
    },
  });
  expect(created.status).toBe(201);
  list = created.payload;
  // A WebP logo: printed as a PNG.
  const logo = await sharp({
    create: { width: 240, height: 80, channels: 4, background: { r: 90, g: 20, b: 40, alpha: 1 } },
  })
    .webp()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(logo)], { type: 'image/webp' }), 'logo.webp');
  const uploaded = await origin.api('POST', `/api/wine-cellars/users/${owner}/wine-lists/${list.id}/logo`, {
    token: tokens.restaurant,
    form,
  });
  expect(uploaded.status).toBe(200);
}, 120_000);

describe('the wine list PDF', () => {
  it('is an attachment named after the list, and prints every wine and price of the list’s model in order, page by page', async () => {
    const answer = await download(pdfPath(list.id));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="vin-pa-glass-flaske-gjest.pdf"; filename*=UTF-8''Vin%20p%C3%A5%20glass%20%26%20flaske%20%28gjest%29.pdf`,
    );
    expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const read = await readPdf(answer.bytes);
    const model = await modelOf(list.id, false);
    expect(model.pages.length).toBeGreaterThan(1);
    expect(read.pages).toHaveLength(model.pages.length);
    for (const page of read.pages) {
      expect(page.width).toBeCloseTo(model.width, 1);
      expect(page.height).toBeCloseTo(model.height, 1);
    }
    // Every line of the model, exactly, in the order drawn; wine names and prices among them.
    expect(pdfTexts(read)).toEqual(modelTexts(model));
    const wines = roleTexts(model, ['wineName', 'price', 'glassPrice']);
    expect(wines.flat().length).toBeGreaterThan(46);
    wines.forEach((texts, page) => {
      const printed = pdfTexts(read)[page] ?? [];
      let at = 0;
      for (const text of texts) {
        at = printed.indexOf(text, at);
        expect(at, `"${text}" on page ${page + 1}`).toBeGreaterThanOrEqual(0);
        at++;
      }
    });
    // The QR code links to the public page; the title and the restaurant are the document's.
    expect(read.links.flat()).toContain(model.pages[0]?.blocks.find((b) => b.kind === 'qr')?.url);
    expect(read.info.Title).toBe('Vin på glass & flaske');
    expect(read.info.Author).toBe('Fjord Bistro');
    expect(read.info.Creator).toBe('Kork');
  });

  it('prints in the list’s own language for a reader of English: Norwegian headings, prices and countries', async () => {
    const res = await fetch(`${origin.base}${pdfPath(list.id)}`, {
      headers: {
        'x-api-key': 'kork-local-web',
        authorization: `Bearer ${tokens.restaurant}`,
        'accept-language': 'en',
      },
    });
    expect(res.status).toBe(200);
    const pdf = await readPdf(Buffer.from(await res.arrayBuffer()));
    const text = pdf.pages.flatMap((page) => page.items.map((item) => item.text)).join(' ');
    expect(text).toContain('Flaske');
    expect(text).toContain('Frankrike');
    expect(text).not.toMatch(/\bBottle\b|\bFrance\b|Scan to read/);
    expect(res.headers.get('content-disposition')).toContain('gjest');
  });

  it('leaves out a wine with no bottles', async () => {
    const read = await readPdf((await download(pdfPath(list.id))).bytes);
    const all = pdfTexts(read).flat().join('\n');
    expect(list.wines.map((w) => w.ownWineId)).toContain(soldOut);
    expect(all).not.toContain('Utsolgt Vidunder');
    expect(all).toContain('Rouge Ærlig 1');
  });

  it('prints the private note on the staff copy only, and names the two copies apart', async () => {
    const guest = pdfTexts(await readPdf((await download(pdfPath(list.id, '?copy=guest'))).bytes)).flat();
    const staffAnswer = await download(pdfPath(list.id, '?copy=staff'));
    expect(staffAnswer.status).toBe(200);
    // The two copies download under names of their own.
    expect(staffAnswer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="vin-pa-glass-flaske-personale\.pdf"; filename\*=UTF-8''Vin%20p%C3%A5%20glass%20%26%20flaske%20%28personale%29\.pdf$/,
    );
    const staff = pdfTexts(await readPdf(staffAnswer.bytes)).flat();
    expect(staff.some((text) => text.includes(NOTE))).toBe(true);
    expect(guest.some((text) => text.includes(NOTE))).toBe(false);
    expect(pdfTexts(await readPdf(staffAnswer.bytes))).toEqual(modelTexts(await modelOf(list.id, true)));
  });

  it('embeds the list’s fonts (subsets) and its logo, and no standard font', async () => {
    const raw = (await download(pdfPath(list.id))).bytes.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+EBGaramond/);
    expect(raw).not.toMatch(/Helvetica|Times-Roman|Courier/);
    expect(raw).toContain('/Subtype /Image');
  });

  it('records the download for "changed since last print"', async () => {
    await download(pdfPath(list.id));
    const detail = await origin.api<WineListDetail>(
      'GET',
      `/api/wine-cellars/users/${ids.restaurant}/wine-lists/${list.id}`,
      // In the language it was printed in: the record keeps the printed price texts.
      { token: tokens.restaurant, language: 'nb' },
    );
    expect(detail.payload.lastPrintedAt).toBeTruthy();
    expect(detail.payload.entries.filter((e) => e.change)).toEqual([]);
  });

  it('is the owner’s only: 403 for another account, 404 for another cellar’s list, 400 for an unknown copy', async () => {
    expect((await download(pdfPath(list.id), tokens.private)).status).toBe(403);
    const theirs = await createWineList(ids.private as string, NewWineListInput.parse({ name: 'Min liste' }));
    expect((await download(pdfPath(theirs.id))).status).toBe(404);
    expect((await download(pdfPath('01JZZZZZZZZZZZZZZZZZZZZZZZ'))).status).toBe(404);
    expect((await download(pdfPath(list.id, '?copy=kitchen'))).status).toBe(400);
  });
});

describe('the deployed PDF function', () => {
  it('finds its fonts beside its bundle and answers the PDF from a fresh process outside the repository', async () => {
    const out = mkdtempSync(join(tmpdir(), 'kork-pdf-bundle-'));
    try {
      const id = routeId(PDF_ROUTE);
      const { assets } = await buildFunctions(out, [id]);
      const dir = assets[id] as string;
      for (const file of pdfAssetFiles()) expect(existsSync(join(dir, BUNDLED_ASSETS_DIR, file))).toBe(true);
      // The event API Gateway sends; the bundle runs in its own Node process, as in Lambda.
      const event = {
        version: '2.0',
        routeKey: PDF_ROUTE,
        rawPath: pdfPath(list.id),
        rawQueryString: 'copy=staff',
        headers: {
          'x-api-key': 'kork-local-web',
          authorization: `Bearer ${tokens.restaurant}`,
          'accept-language': 'nb',
        },
        queryStringParameters: { copy: 'staff' },
        pathParameters: { id: ids.restaurant, listId: list.id },
        requestContext: { requestId: 'bundle-test', http: { method: 'GET', path: pdfPath(list.id) } },
        isBase64Encoded: false,
      };
      const eventFile = join(out, 'event.json');
      writeFileSync(eventFile, JSON.stringify(event));
      const script = `
        import { readFileSync, writeFileSync } from 'node:fs';
        const { handler } = await import(${JSON.stringify(pathToFileURL(join(dir, 'index.mjs')).href)});
        const event = JSON.parse(readFileSync(${JSON.stringify(eventFile)}, 'utf8'));
        const result = await handler(event, { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 29000 });
        writeFileSync(${JSON.stringify(join(out, 'result.json'))}, JSON.stringify(result));
      `;
      // Not a synchronous call: the S3 emulator the logo is read from runs in this process.
      await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        cwd: out,
        env: process.env,
        timeout: 60_000,
      });
      const result = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8')) as {
        statusCode: number;
        isBase64Encoded: boolean;
        body: string;
        headers: Record<string, string>;
      };
      expect(result.statusCode).toBe(200);
      expect(result.isBase64Encoded).toBe(true);
      expect(result.headers['content-type']).toBe('application/pdf');
      const bytes = Buffer.from(result.body, 'base64');
      // The WebP logo was converted (sharp beside the bundle) and embedded.
      expect(bytes.toString('latin1')).toContain('/Subtype /Image');
      const read = await readPdf(bytes);
      expect(pdfTexts(read)).toEqual(modelTexts(await modelOf(list.id, true)));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
