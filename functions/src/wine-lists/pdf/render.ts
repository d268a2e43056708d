/**
 * The wine list PDF (docs/wine-lists.md, "PDF"): draws the pages `layoutWineList` made, block by block,
 * where the layout puts them — the editor's preview draws the same blocks, so the two cannot disagree.
 * Text uses the list's embedded fonts (subsets of the WOFF files, never a standard PDF font), stars are
 * drawn polygons, the QR code is filled squares with a link over it, the logo is fitted into its box.
 */
import type { WineListFont } from '@kork/shared';
import type {
  Block,
  ImageBlock,
  LaidOutList,
  QrBlock,
  RuleBlock,
  StarsBlock,
  TextBlock,
} from '@kork/shared/wine-list-layout';
import { faceKey } from '@kork/shared/wine-list-layout/fonts';
import { qrModules } from '@kork/shared/wine-list-layout/qr';
import PDFDocument from 'pdfkit';
import { fontFile } from './assets';

export interface PdfAssets {
  /** The list's logo, PNG or JPEG (see `printableLogo`). */
  logo?: Uint8Array;
}

export interface PdfMeta {
  title: string;
  /** The restaurant. */
  author: string;
  /** Creation and modification date: the list's `updatedAt`, so the same list gives the same bytes. */
  date?: Date;
  /** The document's language (`nb`, `en`). */
  lang?: string;
}

const FACES = ['regular', 'italic', 'bold'] as const;

type Doc = PDFKit.PDFDocument;

/** The PDF of a laid-out list: one page per laid-out page, `laidOut.width` × `laidOut.height` points. */
export function renderWineListPdf(laidOut: LaidOutList, assets: PdfAssets, meta: PdfMeta): Promise<Buffer> {
  const date = meta.date ?? new Date();
  const doc = new PDFDocument({
    size: [laidOut.width, laidOut.height],
    margin: 0,
    autoFirstPage: false,
    // No default font: pdfkit would otherwise load Helvetica's metrics from its own data files, which a
    // bundle does not carry, and nothing here prints in it.
    font: null,
    compress: true,
    pdfVersion: '1.7',
    lang: meta.lang,
    displayTitle: true,
    info: {
      Title: meta.title,
      Author: meta.author,
      Creator: 'Kork',
      Producer: 'Kork',
      CreationDate: date,
      ModDate: date,
    },
  } as unknown as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const registered = new Set<string>();
  const useFont = (family: WineListFont, face: (typeof FACES)[number]) => {
    const name = `${family}-${face}`;
    if (!registered.has(name)) {
      doc.registerFont(name, fontFile(family, face));
      registered.add(name);
    }
    doc.font(name);
  };
  const logo = assets.logo ? Buffer.from(assets.logo) : undefined;
  const qrCache = new Map<string, boolean[][]>();

  for (const page of laidOut.pages) {
    doc.addPage({ size: [laidOut.width, laidOut.height], margin: 0 });
    for (const block of page.blocks) drawBlock(doc, block, { useFont, logo, qrCache });
  }
  doc.end();
  return done;
}

interface DrawContext {
  useFont: (family: WineListFont, face: (typeof FACES)[number]) => void;
  logo: Buffer | undefined;
  qrCache: Map<string, boolean[][]>;
}

function drawBlock(doc: Doc, block: Block, context: DrawContext): void {
  switch (block.kind) {
    case 'text':
      drawText(doc, block, context);
      break;
    case 'stars':
      drawStars(doc, block);
      break;
    case 'rule':
      drawRule(doc, block);
      break;
    case 'qr':
      drawQr(doc, block, context.qrCache);
      break;
    case 'image':
      drawImage(doc, block, context.logo);
      break;
  }
}

/**
 * A line of text at its baseline. Right and centred lines are placed by the line's width as the embedded
 * font measures it (what pdfkit's own `align` does), without its line wrapper: a line the layout has
 * measured to fit is never broken in two by a rounding difference.
 */
function drawText(doc: Doc, block: TextBlock, context: DrawContext): void {
  if (!block.text) return;
  context.useFont(block.face.family, faceKey(block.face));
  doc.fontSize(block.size).fillColor(block.color);
  let x = block.x;
  if (block.align !== 'left') {
    const width = doc.widthOfString(block.text);
    x = block.align === 'right' ? block.x + block.width - width : block.x + (block.width - width) / 2;
  }
  doc.text(block.text, x, block.baseline, { lineBreak: false, baseline: 'alphabetic' });
}

/** The five points and five inner corners of a star in a `size` box whose bottom edge is at `bottom`. */
export function starPolygon(left: number, bottom: number, size: number): [number, number][] {
  const outer = size / 2;
  const inner = outer * 0.4;
  const cx = left + outer;
  // The star's lowest points are at sin(54°) of the outer radius below its centre.
  const cy = bottom - outer * Math.sin(0.3 * Math.PI);
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  return points;
}

/** Gap between stars, as a share of the star's size. */
export const STAR_GAP = 0.15;

/** `count` filled stars of 5, the rest outlined, ending at `x + width`, sitting on the baseline. */
function drawStars(doc: Doc, block: StarsBlock): void {
  const size = block.size;
  const step = size * (1 + STAR_GAP);
  const total = 5 * size + 4 * size * STAR_GAP;
  const left = block.x + block.width - total;
  doc.save();
  doc.lineWidth(Math.max(0.4, size / 16)).lineJoin('round');
  for (let i = 0; i < 5; i++) {
    const points = starPolygon(left + i * step, block.baseline, size);
    doc.polygon(...points);
    if (i < block.count) doc.fillColor(block.color).fill();
    else doc.strokeColor(block.color).stroke();
  }
  doc.restore();
}

/** A thin line: `y` is its middle. */
function drawRule(doc: Doc, block: RuleBlock): void {
  doc.save();
  doc
    .moveTo(block.x, block.y)
    .lineTo(block.x + block.width, block.y)
    .lineWidth(block.thickness)
    .lineCap('butt')
    .strokeColor(block.color)
    .stroke();
  doc.restore();
}

/** The QR code as filled squares (one rectangle per run of dark modules in a row), and a link over it. */
function drawQr(doc: Doc, block: QrBlock, cache: Map<string, boolean[][]>): void {
  let modules = cache.get(block.url);
  if (!modules) {
    modules = qrModules(block.url);
    cache.set(block.url, modules);
  }
  const count = modules.length;
  if (count === 0) return;
  const unit = block.size / count;
  doc.save();
  doc.fillColor('#000000');
  modules.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      // A hair of overlap so viewers do not show seams between neighbouring squares.
      doc.rect(block.x + start * unit, block.y + r * unit, (c - start) * unit + 0.01, unit + 0.01);
    }
  });
  doc.fill();
  doc.restore();
  doc.link(block.x, block.y, block.size, block.size, block.url);
}

/** The logo fitted into its box, centred; nothing when the list has none. */
function drawImage(doc: Doc, block: ImageBlock, logo: Buffer | undefined): void {
  if (!logo || block.width <= 0 || block.height <= 0) return;
  doc.image(logo, block.x, block.y, {
    fit: [block.width, block.height],
    align: 'center',
    valign: 'center',
  });
}
