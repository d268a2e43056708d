import type { Block, FontFace, LaidOutList, TextBlock } from '@kork/shared/wine-list-layout';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { readPdf } from './pdf-text';
import { renderWineListPdf, STAR_GAP, starPolygon } from './render';

// A fixed 5 × 5 pattern stands in for a real code: the renderer's business is to draw what it is given.
vi.mock('@kork/shared/wine-list-layout/qr', () => ({
  qrModules: () =>
    [
      [1, 1, 1, 0, 1],
      [1, 0, 1, 0, 0],
      [1, 1, 1, 0, 1],
      [0, 0, 0, 1, 0],
      [1, 0, 1, 0, 1],
    ].map((row) => row.map(Boolean)),
}));

const A5 = { width: 419.53, height: 595.28 };
const serif: FontFace = { family: 'garamond', weight: 'regular', style: 'normal' };
const bold: FontFace = { family: 'garamond', weight: 'bold', style: 'normal' };
const italic: FontFace = { family: 'lora', weight: 'regular', style: 'italic' };

function text(partial: Partial<TextBlock> & Pick<TextBlock, 'text' | 'baseline'>): TextBlock {
  return {
    kind: 'text',
    role: 'wineName',
    face: serif,
    size: 11,
    x: 40,
    width: 300,
    align: 'left',
    color: '#222222',
    ...partial,
  };
}

function list(pages: Block[][]): LaidOutList {
  return { ...A5, pages: pages.map((blocks, i) => ({ number: i + 1, blocks })) };
}

/** The matrix in force for each image painted on the first page, before the page's own flip. */
async function imageMatrices(bytes: Uint8Array): Promise<number[][]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const ops = await (await pdf.getPage(1)).getOperatorList();
  const found: number[][] = [];
  let last: number[] = [];
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i] as unknown;
    if (fn === OPS.transform) last = Array.from(args as ArrayLike<number>);
    if (fn === OPS.paintImageXObject) found.push(last.map((n) => Math.round(n * 100) / 100));
  });
  await pdf.destroy();
  return found;
}

const meta = { title: 'Vinkart', author: 'Fjord Bistro', date: new Date('2026-03-01T12:00:00Z'), lang: 'nb' };

describe('renderWineListPdf', () => {
  it('draws one page per laid-out page, at the list’s size', async () => {
    const laidOut = list([
      [text({ text: 'Første side', baseline: 60 })],
      [text({ text: 'Andre side', baseline: 60 })],
      [text({ text: 'Tredje side', baseline: 60 })],
    ]);
    const read = await readPdf(await renderWineListPdf(laidOut, {}, meta));
    expect(read.pages).toHaveLength(3);
    for (const page of read.pages) {
      expect(page.width).toBeCloseTo(A5.width, 1);
      expect(page.height).toBeCloseTo(A5.height, 1);
    }
    expect(read.pages.map((p) => p.items.map((i) => i.text).join(''))).toEqual([
      'Første side',
      'Andre side',
      'Tredje side',
    ]);
  });

  it('puts text on its baseline, left, right and centred as laid out', async () => {
    const laidOut = list([
      [
        text({ text: 'Château Margaux', baseline: 100, x: 40 }),
        text({
          text: 'kr 1 250',
          role: 'price',
          baseline: 100,
          x: 300,
          width: 80,
          align: 'right',
          face: bold,
        }),
        text({ text: 'Side 1 av 1', role: 'pageNumber', baseline: 560, x: 40, width: 340, align: 'center' }),
      ],
    ]);
    const [page] = (await readPdf(await renderWineListPdf(laidOut, {}, meta))).pages;
    const byText = new Map(page?.items.map((i) => [i.text, i]));
    const name = byText.get('Château Margaux');
    const price = byText.get('kr 1 250');
    const number = byText.get('Side 1 av 1');
    expect(name?.x).toBeCloseTo(40, 1);
    expect(name?.baseline).toBeCloseTo(100, 1);
    expect(price?.baseline).toBeCloseTo(100, 1);
    expect((price?.x ?? 0) + (price?.width ?? 0)).toBeCloseTo(380, 0);
    expect((number?.x ?? 0) + (number?.width ?? 0) / 2).toBeCloseTo(40 + 340 / 2, 0);
  });

  it('embeds subsets of the list’s fonts and no standard font', async () => {
    const laidOut = list([
      [
        text({ text: 'Blåbær og østers', baseline: 80 }),
        text({ text: 'Rødvin', baseline: 100, face: bold }),
        text({ text: 'Côtes du Rhône', baseline: 120, face: italic }),
      ],
    ]);
    const bytes = await renderWineListPdf(laidOut, {}, meta);
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+EBGaramond/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Lora-Italic/);
    expect(raw).not.toMatch(/Helvetica|Times-Roman|Courier/);
    const [page] = (await readPdf(bytes)).pages;
    expect(page?.items.map((i) => i.text)).toEqual(['Blåbær og østers', 'Rødvin', 'Côtes du Rhône']);
  });

  it('sets the title, the restaurant as author and Kork as creator, and gives the same bytes twice', async () => {
    const laidOut = list([[text({ text: 'Vin på glass', baseline: 80 })]]);
    const first = await renderWineListPdf(laidOut, {}, meta);
    const second = await renderWineListPdf(laidOut, {}, meta);
    expect(first.equals(second)).toBe(true);
    const { info } = await readPdf(first);
    expect(info.Title).toBe('Vinkart');
    expect(info.Author).toBe('Fjord Bistro');
    expect(info.Creator).toBe('Kork');
  });

  it('draws stars, rules and the QR code as vector shapes, with a link to the list', async () => {
    const laidOut = list([
      [
        { kind: 'stars', count: 3, x: 300, width: 80, baseline: 100, size: 9, color: '#222222' },
        { kind: 'rule', x: 40, y: 120, width: 340, thickness: 0.5, color: '#999999' },
        { kind: 'qr', url: 'https://kork.example/wine-lists/abc', x: 320, y: 30, size: 60 },
      ],
    ]);
    const bytes = await renderWineListPdf(laidOut, {}, { ...meta, title: 'Stjerner' });
    const read = await readPdf(bytes);
    expect(read.pages[0]?.items).toEqual([]);
    expect(read.links[0]).toEqual(['https://kork.example/wine-lists/abc']);
    // No font at all: shapes only.
    expect(bytes.toString('latin1')).not.toContain('/Font');
  });

  it('places a star’s points inside its box, resting on the baseline', () => {
    const points = starPolygon(10, 100, 10);
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(10 - 1e-9);
    expect(Math.max(...xs)).toBeLessThanOrEqual(20 + 1e-9);
    expect(Math.max(...ys)).toBeCloseTo(100, 6);
    expect(Math.min(...ys)).toBeGreaterThan(90 - 1e-9);
    expect(STAR_GAP).toBeGreaterThan(0);
  });

  it('fits a PNG or JPEG logo into its box', async () => {
    const png = await sharp({
      create: { width: 200, height: 100, channels: 3, background: { r: 120, g: 20, b: 40 } },
    })
      .png()
      .toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    for (const logo of [png, jpeg]) {
      const laidOut = list([[{ kind: 'image', source: 'logo', x: 40, y: 30, width: 120, height: 40 }]]);
      const bytes = await renderWineListPdf(laidOut, { logo }, meta);
      expect(bytes.toString('latin1')).toContain('/Subtype /Image');
      // Fitted: 200 × 100 into 120 × 40 is 80 × 40, centred at x = 40 + 20 (top-down page coordinates).
      expect(await imageMatrices(bytes)).toEqual([[80, 0, 0, -40, 60, 70]]);
    }
  });

  it('leaves the logo’s box empty when there is no logo', async () => {
    const laidOut = list([[{ kind: 'image', source: 'logo', x: 40, y: 30, width: 120, height: 40 }]]);
    const raw = (await renderWineListPdf(laidOut, {}, meta)).toString('latin1');
    expect(raw).not.toContain('/Subtype /Image');
  });
});
