import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentSource } from '@kork/functions/adapters/documents';
import { INVOICE_WINES, makeInvoicePng } from '@kork/functions/imports/documents/fixtures/invoice-png';
import { makeScannedPdf, makeVecturaPdf } from '@kork/functions/imports/documents/fixtures/vectura-pdf';
import { invoiceLines } from '@kork/functions/imports/documents/invoice-lines';
import { vecturaLines } from '@kork/functions/imports/documents/vectura-lines';
import { ImportFileError } from '@kork/functions/imports/read/read-line';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDocuments } from './documents-local';

const dataDir = mkdtempSync(join(tmpdir(), 'kork-ocr-'));
const documents = createLocalDocuments(dataDir);
afterAll(async () => {
  await documents.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const source = (bytes: Uint8Array, contentType: string): DocumentSource => ({
  bucket: 'imports',
  key: 'uploads/u/i',
  bytes,
  contentType,
});

/** OCR shares two cores with the rest of the suite; one page takes seconds. */
const OCR_TIMEOUT = 120_000;

describe('the local document reader', () => {
  it(
    'reads a photographed Vinmonopolet invoice: every number, name, quantity and price',
    async () => {
      const png = await makeInvoicePng(INVOICE_WINES);
      const text = await documents.readText(source(png, 'image/png'), 'invoice');
      const line = text.pages[0]?.lines.find((l) => l.text.startsWith('1234567'));
      expect(line?.left).toBeGreaterThan(0.05);
      expect(line?.left).toBeLessThan(0.08);
      expect(line?.words?.length).toBe(8);
      const lines = invoiceLines(text);
      expect(lines.map((l) => l.parsed.vinmonopoletNumber)).toEqual(INVOICE_WINES.map((w) => w.number));
      expect(lines.map((l) => l.parsed.quantity)).toEqual(INVOICE_WINES.map((w) => w.quantity));
      expect(lines.map((l) => l.parsed.purchasePriceWvat)).toEqual(INVOICE_WINES.map((w) => w.unitPrice));
      expect(lines.every((l) => l.issues.length === 0)).toBe(true);
      expect(lines[0]?.parsed).toMatchObject({ wineName: 'Barolo', vintage: 2019, bottleSize: 0.75 });
      expect(lines[1]?.parsed.wineName).toBe('Chablis Premier Cru Montmains');
      expect(lines[2]?.parsed).toMatchObject({ wineName: 'Champagne Brut', vintage: null, bottleSize: 1.5 });
      expect(lines[13]?.parsed).toMatchObject({ wineName: 'Sauternes', vintage: 2015, bottleSize: 0.375 });
    },
    OCR_TIMEOUT,
  );

  it(
    'turns a phone photo by its EXIF orientation and enlarges a small one',
    async () => {
      const jpeg = await makeInvoicePng(INVOICE_WINES.slice(0, 3), { width: 700, exifRotated: true });
      const lines = invoiceLines(await documents.readText(source(jpeg, 'image/jpeg'), 'invoice'));
      expect(
        lines.map((l) => [l.parsed.vinmonopoletNumber, l.parsed.quantity, l.parsed.purchasePriceWvat]),
      ).toEqual(INVOICE_WINES.slice(0, 3).map((w) => [w.number, w.quantity, w.unitPrice]));
    },
    OCR_TIMEOUT,
  );

  it('reads a Vectura PDF through its text layer, with the words where they are printed', async () => {
    const pdf = await makeVecturaPdf([
      { number: '123456', name: 'Barolo DOCG 2019 75 cl', quantity: 12, unit: 'fl', price: 24_500 },
      {
        number: '2345678',
        name: 'Chablis 1er Cru Montmains 2021',
        quantity: 2,
        unit: 'kart 6 x 75 cl',
        price: 18_950,
        pack: 6,
      },
      { number: '34567', name: 'Champagne Brut NV 150 cl', quantity: 3, unit: 'fl', price: 102_000 },
      {
        number: '45678',
        name: 'Grüner Veltliner Smaragd 2022',
        quantity: 6,
        unit: 'flaske',
        price: 1_120_000,
      },
    ]);
    const text = await documents.readText(source(pdf, 'application/pdf'), 'document');
    const header = text.pages[0]?.lines.find((l) => l.text.startsWith('Varenr'));
    expect(header?.text).toBe('Varenr (Vectura) Varenavn Antall Enhet Pris Beløp');
    expect(header?.words?.[0]?.left).toBeCloseTo(40 / 595.28, 3);
    expect(vecturaLines(text).map((l) => [l.parsed, l.issues])).toEqual([
      [
        {
          wineName: 'Barolo DOCG',
          vecturaNumber: '123456',
          vintage: 2019,
          bottleSize: 0.75,
          quantity: 12,
          purchasePriceWovat: 24_500,
        },
        [],
      ],
      [
        {
          wineName: 'Chablis 1er Cru Montmains',
          vecturaNumber: '2345678',
          vintage: 2021,
          bottleSize: 0.75,
          quantity: 12,
          purchasePriceWovat: 18_950,
        },
        [],
      ],
      [
        {
          wineName: 'Champagne Brut',
          vecturaNumber: '34567',
          vintage: null,
          bottleSize: 1.5,
          quantity: 3,
          purchasePriceWovat: 102_000,
        },
        [],
      ],
      [
        {
          wineName: 'Grüner Veltliner Smaragd',
          vecturaNumber: '45678',
          vintage: 2022,
          quantity: 6,
          purchasePriceWovat: 1_120_000,
        },
        [],
      ],
    ]);
  });

  it('fails a corrupt PDF, a corrupt image and a scanned PDF with an import file error', async () => {
    const pdf = await makeVecturaPdf([]);
    const corruptPdf = new Uint8Array(pdf.subarray(0, 400));
    const corruptImage = new Uint8Array((await makeInvoicePng([])).subarray(0, 300));
    await expect(documents.readText(source(corruptPdf, 'application/pdf'), 'document')).rejects.toMatchObject(
      {
        name: 'ImportFileError',
        code: 'importFileUnreadable',
      },
    );
    await expect(
      documents.readText(source(new TextEncoder().encode('no pdf at all'), 'application/pdf'), 'document'),
    ).rejects.toBeInstanceOf(ImportFileError);
    await expect(documents.readText(source(corruptImage, 'image/png'), 'invoice')).rejects.toMatchObject({
      code: 'importFileUnreadable',
    });
    await expect(
      documents.readText(source(await makeScannedPdf(), 'application/pdf'), 'invoice'),
    ).rejects.toMatchObject({
      code: 'importFileUnreadable',
      detail: expect.stringMatching(/scan.*photo/),
    });
  });
});
