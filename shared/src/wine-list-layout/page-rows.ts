import { faceMetrics, printableText } from './fonts';
import type { Block, FontFace, TextBlock, TextRole } from './types';
import { wrapText } from './wrap';

/**
 * What the wine list's pages are made of (see layout.ts): rows of text and shapes measured with the
 * fonts' own metrics, grouped into units that stay together, and the sizes and colours they are set in.
 */

/** Points per millimetre. */
export const MM = 72 / 25.4;

export const WINE_LIST_COLORS = {
  /** Near-black text. */
  text: '#1f1b16',
  /** Warm grey for details, labels, page numbers. */
  muted: '#7a6f63',
  /** Thin rules. */
  rule: '#b8ad9f',
} as const;

/** Gap between stars as a share of their size (the renderers draw five stars `size` wide each). */
const STAR_GAP = 0.15;
/** The five stars' row, `size` points high. */
export function starsWidth(size: number): number {
  return 5 * size + 4 * size * STAR_GAP;
}

/** Sizes at A4; scaled by the page (see `typeScale`). */
export const BASE = {
  title: 24,
  headerText: 12,
  section: 11.5,
  subsection: 11,
  name: 10.5,
  details: 8.5,
  price: 10.5,
  columnLabel: 7.5,
  footnote: 8.5,
  footer: 7.5,
  privateNote: 7,
  qrCaption: 6.5,
  logoMm: 22,
  qrMm: 22,
} as const;

/** Font sizes grow and shrink modestly with the page's area: A5 prints at 0.8 of A4, large pages up to 1.15. */
export function typeScale(widthPt: number, heightPt: number): number {
  const a4 = 595.28 * 841.89;
  return Math.min(1.15, Math.max(0.8, Math.sqrt((widthPt * heightPt) / a4)));
}

/** One line or shape on the page, `height` high, drawn with its top at `top`. */
export interface Row {
  height: number;
  draw(top: number): Block[];
}

/** What the pages are made of: rows that stay together, glued to the next unit when it is a heading. */
export interface Unit {
  rows: Row[];
  /** Space above, left out at the top of a page. */
  spaceBefore: number;
  /** A heading: never the last thing on a page. */
  keepWithNext: boolean;
  /** A wine under price column labels: a page it starts repeats the labels above it. */
  underLabels?: boolean;
}

export interface Faces {
  regular: FontFace;
  italic: FontFace;
  bold: FontFace;
}

/** A text line's height and where its baseline sits below its top. */
export function lineBox(face: FontFace, size: number, leading = 1.25): { height: number; ascent: number } {
  const { unitsPerEm, ascender, descender } = faceMetrics(face);
  const content = ((ascender - descender) / unitsPerEm) * size;
  const height = Math.max(size * leading, content);
  return { height, ascent: (height - content) / 2 + (ascender / unitsPerEm) * size };
}

/** One line of text as a row. */
export function textRow(
  role: TextRole,
  text: string,
  face: FontFace,
  fontSize: number,
  x: number,
  width: number,
  align: TextBlock['align'],
  color: string,
  ownWineId?: string,
): Row {
  const box = lineBox(face, fontSize);
  return {
    height: box.height,
    draw: (rowTop) => [
      textBlock(role, text, face, fontSize, x, width, rowTop + box.ascent, align, color, ownWineId),
    ],
  };
}

/** Text wrapped to `width`, its own line breaks kept, one row a line. */
export function paragraph(
  role: TextRole,
  text: string,
  face: FontFace,
  fontSize: number,
  x: number,
  width: number,
  align: TextBlock['align'],
  color: string,
): Row[] {
  return text
    .split(/\r?\n/)
    .flatMap((line) => wrapText(line, face, fontSize, width))
    .map((line) => textRow(role, line, face, fontSize, x, width, align, color));
}

/** Empty room, `height` high. */
export function space(height: number): Row {
  return { height, draw: () => [] };
}

export function textBlock(
  role: TextRole,
  text: string,
  face: FontFace,
  size: number,
  x: number,
  width: number,
  baseline: number,
  align: TextBlock['align'],
  color: string,
  ownWineId?: string,
): TextBlock {
  const block: TextBlock = {
    kind: 'text',
    role,
    text: printableText(text, face),
    face,
    size,
    x,
    width,
    baseline,
    align,
    color,
  };
  if (ownWineId !== undefined) block.ownWineId = ownWineId;
  return block;
}

export function rowsHeight(rows: readonly Row[]): number {
  return rows.reduce((sum, row) => sum + row.height, 0);
}

export function drawRows(rows: readonly Row[], top: number): Block[] {
  const blocks: Block[] = [];
  let y = top;
  for (const row of rows) {
    blocks.push(...row.draw(y));
    y += row.height;
  }
  return blocks;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));
}
