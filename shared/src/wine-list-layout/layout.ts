import { type PrintedPrice, pageHeightMm, pageWidthMm, type WineListLayout } from '../wine-lists';
import { textWidth } from './fonts';
import {
  BASE,
  clamp,
  drawRows,
  type Faces,
  lineBox,
  MM,
  paragraph,
  type Row,
  rowsHeight,
  space,
  starsWidth,
  textBlock,
  typeScale,
  type Unit,
  WINE_LIST_COLORS,
} from './page-rows';
import { addFooters, paginate } from './paginate';
import type { Block, LaidOutList, PrintedSection, PrintedWine, WineListDocument } from './types';
import { wrapText } from './wrap';

export { MM, starsWidth, typeScale, WINE_LIST_COLORS } from './page-rows';

/**
 * The wine list's layout (docs/wine-lists.md, "Layout"): a classic list set in one family — logo, title
 * and header text centred on the first page, the QR code at its top right, sections under centred
 * capital headings with a thin rule, each wine on two lines (name and vintage in bold; producer, origin
 * and bottle size in small italic grey) with its prices right-aligned, page numbers and the staff note in
 * the bottom margin. Everything is measured with the fonts' own metrics (fonts.ts), so the PDF and the
 * preview draw the same lines on the same pages.
 */

/**
 * Pages of positioned blocks: header (logo, title, header text, QR code) on the first page, sections and
 * wines in order with keep-together rules (a wine never splits across pages, a heading never ends a
 * page), the glass column when on, the footnote after the last wine, page numbers and the staff note.
 */
export function layoutWineList(document: WineListDocument, layout: WineListLayout): LaidOutList {
  const pageWidth = pageWidthMm(layout) * MM;
  const pageHeight = pageHeightMm(layout) * MM;
  const scale = typeScale(pageWidth, pageHeight);
  const size = (key: Exclude<keyof typeof BASE, 'logoMm' | 'qrMm'>) => BASE[key] * scale;
  const family = layout.font;
  const faces: Faces = {
    regular: { family, weight: 'regular', style: 'normal' },
    italic: { family, weight: 'regular', style: 'italic' },
    bold: { family, weight: 'bold', style: 'normal' },
  };

  const left = clamp(layout.margins.left * MM, 0, pageWidth / 2);
  const right = pageWidth - clamp(layout.margins.right * MM, 0, pageWidth / 2);
  const contentWidth = Math.max(1, right - left);
  const top = clamp(layout.margins.top * MM, 0, pageHeight / 2);
  const marginBottom = clamp(layout.margins.bottom * MM, 0, pageHeight / 2);

  // The footer (page numbers, staff note) sits in the bottom margin, or above it when the margin is too small.
  const footerSize = size('footer');
  const hasFooter = layout.pageNumbers || Boolean(document.privateNote);
  const footerBand = footerSize * 2.2;
  let bottom = pageHeight - marginBottom;
  let footerBaseline = pageHeight - marginBottom / 2 + footerSize * 0.3;
  if (hasFooter && marginBottom < footerBand) {
    bottom = pageHeight - marginBottom - footerBand;
    footerBaseline = bottom + footerBand / 2 + footerSize * 0.3;
  }
  if (bottom - top < 20) bottom = Math.min(pageHeight, top + 20);

  // — Text rows —
  /** The short centred rule under the header and above the footnote. */
  const ornamentRule = (): Row => {
    const width = Math.min(contentWidth * 0.3, 60 * scale);
    return {
      height: 0.6,
      draw: (rowTop) => [
        {
          kind: 'rule',
          x: left + (contentWidth - width) / 2,
          y: rowTop,
          width,
          thickness: 0.6,
          color: WINE_LIST_COLORS.rule,
        },
      ],
    };
  };

  // — Price columns —
  const wines = document.sections.flatMap((section) => section.wines);
  const priceSize = size('price');
  const detailSize = size('details');
  const labelSize = size('columnLabel');
  const starSize = priceSize * 0.72;
  const gap = 10 * scale;
  const priceWidth = (price: PrintedPrice | undefined) =>
    price?.kind === 'text'
      ? textWidth(price.text, faces.regular, priceSize)
      : price?.kind === 'stars'
        ? starsWidth(starSize)
        : 0;
  const needed = (width: number) => (width > 0 ? width / 0.97 + 1 : 0);
  let bottleColumn = needed(
    Math.max(
      layout.glassColumn ? textWidth(document.labels.bottle, faces.italic, labelSize) : 0,
      ...wines.map((wine) => priceWidth(wine.bottlePrice)),
    ),
  );
  let glassColumn = layout.glassColumn
    ? needed(
        Math.max(
          textWidth(document.labels.glass, faces.italic, labelSize),
          ...wines.map((wine) => priceWidth(wine.glassPrice)),
          ...wines.map((wine) => (wine.glassSize ? textWidth(wine.glassSize, faces.italic, detailSize) : 0)),
        ),
      )
    : 0;
  // The prices take at most half the width; longer price texts wrap in their column.
  const priceRoom = contentWidth * 0.5 - (layout.glassColumn ? 2 * gap : gap);
  if (bottleColumn + glassColumn > priceRoom) {
    const factor = Math.max(0, priceRoom) / (bottleColumn + glassColumn);
    bottleColumn *= factor;
    glassColumn *= factor;
  }
  const bottleX = right - bottleColumn;
  const glassX = bottleX - (layout.glassColumn ? gap + glassColumn : 0);
  const nameWidth = Math.max(1, (layout.glassColumn ? glassX : bottleX) - gap - left);

  const units: Unit[] = [];

  // — Header (first page) —
  const header: Row[] = [];
  const qrSize = BASE.qrMm * MM * scale;
  const qrCaptionSize = size('qrCaption');
  const qrWidth = Math.min(qrSize * 1.25, contentWidth);
  const qrRows = (x: number): Row[] => {
    if (!document.qrUrl || !layout.qrCode) return [];
    const url = document.qrUrl;
    const square = Math.min(qrSize, contentWidth);
    const rows: Row[] = [
      {
        height: square,
        draw: (rowTop) => [{ kind: 'qr', url, x: x + (qrWidth - square) / 2, y: rowTop, size: square }],
      },
      space(2 * scale),
    ];
    return rows.concat(
      paragraph(
        'qrCaption',
        document.labels.qrCaption,
        faces.italic,
        qrCaptionSize,
        x,
        qrWidth,
        'center',
        WINE_LIST_COLORS.muted,
      ),
    );
  };
  const withQr = Boolean(document.qrUrl && layout.qrCode);
  // Beside the title when the middle left between two QR widths is still wide enough; else under the header.
  const qrBeside = withQr && contentWidth - 2 * (qrWidth + gap) >= contentWidth * 0.45;
  const headerWidth = qrBeside ? contentWidth - 2 * (qrWidth + gap) : contentWidth;
  const headerX = left + (contentWidth - headerWidth) / 2;
  if (document.hasLogo && layout.header.logo) {
    const aspect = document.logoAspect && document.logoAspect > 0 ? document.logoAspect : 1;
    let height = Math.min(BASE.logoMm * MM * scale, (bottom - top) / 4);
    let width = height * aspect;
    if (width > headerWidth) {
      width = headerWidth;
      height = width / aspect;
    }
    header.push(
      {
        height,
        draw: (rowTop) => [
          { kind: 'image', source: 'logo', x: left + (contentWidth - width) / 2, y: rowTop, width, height },
        ],
      },
      space(8 * scale),
    );
  }
  if (layout.header.name && document.title.trim()) {
    header.push(
      ...paragraph(
        'title',
        document.title,
        faces.regular,
        size('title'),
        headerX,
        headerWidth,
        'center',
        WINE_LIST_COLORS.text,
      ),
    );
  }
  if (document.headerText) {
    header.push(
      space(2 * scale),
      ...paragraph(
        'headerText',
        document.headerText,
        faces.italic,
        size('headerText'),
        headerX,
        headerWidth,
        'center',
        WINE_LIST_COLORS.text,
      ),
    );
  }
  if (qrBeside) {
    // The header and the QR code side by side: the taller decides the height.
    const qr = qrRows(right - qrWidth);
    const stack = header.splice(0);
    const height = Math.max(rowsHeight(stack), rowsHeight(qr));
    header.push({
      height,
      draw: (rowTop) => [...drawRows(stack, rowTop), ...drawRows(qr, rowTop)],
    });
  } else if (withQr) {
    if (header.length > 0) header.push(space(8 * scale));
    header.push(...qrRows(left + (contentWidth - qrWidth) / 2));
  }
  if (header.length > 0) {
    header.push(space(8 * scale), ornamentRule());
    units.push({ rows: header, spaceBefore: 0, keepWithNext: false });
  }

  // — Sections —
  const columnLabels = (): Row => {
    const box = lineBox(faces.italic, labelSize);
    return {
      height: box.height,
      draw: (rowTop) => [
        textBlock(
          'columnLabel',
          document.labels.glass,
          faces.italic,
          labelSize,
          glassX,
          glassColumn,
          rowTop + box.ascent,
          'right',
          WINE_LIST_COLORS.muted,
        ),
        textBlock(
          'columnLabel',
          document.labels.bottle,
          faces.italic,
          labelSize,
          bottleX,
          bottleColumn,
          rowTop + box.ascent,
          'right',
          WINE_LIST_COLORS.muted,
        ),
      ],
    };
  };
  const sectionUnit = (section: PrintedSection): Unit | undefined => {
    const rows: Row[] = [];
    if (section.level === 0) {
      if (section.name) {
        rows.push(
          ...paragraph(
            'section',
            section.name.toLocaleUpperCase('nb'),
            faces.bold,
            size('section'),
            left,
            contentWidth,
            'center',
            WINE_LIST_COLORS.text,
          ),
          space(2 * scale),
          {
            height: 0.5,
            draw: (rowTop) => [
              {
                kind: 'rule',
                x: left,
                y: rowTop,
                width: contentWidth,
                thickness: 0.5,
                color: WINE_LIST_COLORS.rule,
              },
            ],
          },
          space(5 * scale),
        );
      }
      if (layout.glassColumn) rows.push(columnLabels());
    } else if (section.name) {
      rows.push(
        ...paragraph(
          'subsection',
          section.name,
          faces.italic,
          size('subsection'),
          left,
          contentWidth,
          'center',
          WINE_LIST_COLORS.text,
        ),
        space(3 * scale),
      );
    }
    if (rows.length === 0) return undefined;
    return { rows, spaceBefore: (section.level === 0 ? 16 : 10) * scale, keepWithNext: true };
  };

  const nameSize = size('name');
  const nameBox = lineBox(faces.bold, nameSize);
  const detailBox = lineBox(faces.italic, detailSize);
  const wineUnit = (wine: PrintedWine): Unit => {
    const id = wine.ownWineId;
    const nameText = wine.vintage === null ? wine.name : `${wine.name} ${wine.vintage}`;
    const nameLines = wrapText(nameText, faces.bold, nameSize, nameWidth);
    const details = [wine.producer, wine.origin, wine.bottleSize].filter(Boolean).join(' · ');
    const detailLines = details ? wrapText(details, faces.italic, detailSize, nameWidth) : [];
    // Price lines share the name lines' baselines; a price too wide for its column wraps onto more lines.
    const bottleLines = priceLines(wine.bottlePrice, bottleColumn);
    const glassLines = layout.glassColumn && wine.glassPrice ? priceLines(wine.glassPrice, glassColumn) : [];
    const glassSizeLines =
      layout.glassColumn && wine.glassPrice && wine.glassSize
        ? wrapText(wine.glassSize, faces.italic, detailSize, glassColumn)
        : [];
    const leftHeight = nameLines.length * nameBox.height + detailLines.length * detailBox.height;
    const bottleHeight = Math.max(1, bottleLines.length) * nameBox.height;
    const glassHeight =
      Math.max(1, glassLines.length) * nameBox.height + glassSizeLines.length * detailBox.height;
    const height = Math.max(leftHeight, bottleHeight, glassHeight);
    const row: Row = {
      height,
      draw: (rowTop) => {
        const blocks: Block[] = [];
        let y = rowTop;
        for (const line of nameLines) {
          blocks.push(
            textBlock(
              'wineName',
              line,
              faces.bold,
              nameSize,
              left,
              nameWidth,
              y + nameBox.ascent,
              'left',
              WINE_LIST_COLORS.text,
              id,
            ),
          );
          y += nameBox.height;
        }
        for (const line of detailLines) {
          blocks.push(
            textBlock(
              'details',
              line,
              faces.italic,
              detailSize,
              left,
              nameWidth,
              y + detailBox.ascent,
              'left',
              WINE_LIST_COLORS.muted,
              id,
            ),
          );
          y += detailBox.height;
        }
        blocks.push(...drawPrice('price', wine.bottlePrice, bottleLines, bottleX, bottleColumn, rowTop, id));
        if (layout.glassColumn && wine.glassPrice) {
          blocks.push(
            ...drawPrice('glassPrice', wine.glassPrice, glassLines, glassX, glassColumn, rowTop, id),
          );
          let sizeTop = rowTop + Math.max(1, glassLines.length) * nameBox.height;
          for (const line of glassSizeLines) {
            blocks.push(
              textBlock(
                'glassPrice',
                line,
                faces.italic,
                detailSize,
                glassX,
                glassColumn,
                sizeTop + detailBox.ascent,
                'right',
                WINE_LIST_COLORS.muted,
                id,
              ),
            );
            sizeTop += detailBox.height;
          }
        }
        return blocks;
      },
    };
    return { rows: [row], spaceBefore: 5 * scale, keepWithNext: false };
  };
  function priceLines(price: PrintedPrice, width: number): string[] {
    return price.kind === 'text' ? wrapText(price.text, faces.regular, priceSize, width) : [];
  }
  function drawPrice(
    role: 'price' | 'glassPrice',
    price: PrintedPrice,
    lines: string[],
    x: number,
    width: number,
    rowTop: number,
    id: string,
  ): Block[] {
    if (price.kind === 'stars') {
      const stars = Math.min(starSize, width / starsWidth(1));
      return [
        {
          kind: 'stars',
          count: price.stars,
          x,
          width,
          baseline: rowTop + nameBox.ascent,
          size: stars,
          color: WINE_LIST_COLORS.text,
          ownWineId: id,
        },
      ];
    }
    return lines.map((line, i) =>
      textBlock(
        role,
        line,
        faces.regular,
        priceSize,
        x,
        width,
        rowTop + i * nameBox.height + nameBox.ascent,
        'right',
        WINE_LIST_COLORS.text,
        id,
      ),
    );
  }

  for (const section of document.sections) {
    const heading = sectionUnit(section);
    if (heading) {
      // A subsection right under its category's heading sits close to it.
      if (units.at(-1)?.keepWithNext) heading.spaceBefore = 2 * scale;
      units.push(heading);
    }
    section.wines.forEach((wine, i) => {
      const unit = wineUnit(wine);
      unit.underLabels = layout.glassColumn;
      // The first wine under a heading sits closer to it.
      if (i === 0 && heading) unit.spaceBefore = 0;
      units.push(unit);
    });
  }

  if (document.footnote) {
    units.push({
      rows: [
        ornamentRule(),
        space(6 * scale),
        ...paragraph(
          'footnote',
          document.footnote,
          faces.italic,
          size('footnote'),
          left,
          contentWidth,
          'center',
          WINE_LIST_COLORS.text,
        ),
      ],
      spaceBefore: 18 * scale,
      keepWithNext: false,
    });
  }

  const pages = paginate(units, { top, bottom, scale, columnLabels });
  if (hasFooter) {
    addFooters(pages, document, layout, {
      faces,
      footerSize,
      noteSize: size('privateNote'),
      left,
      contentWidth,
      baseline: footerBaseline,
    });
  }

  return { width: pageWidth, height: pageHeight, pages };
}
