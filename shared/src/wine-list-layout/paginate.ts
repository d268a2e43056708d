import type { WineListLayout } from '../wine-lists';
import { type Faces, type Row, rowsHeight, textBlock, type Unit, WINE_LIST_COLORS } from './page-rows';
import type { LaidOutPage, WineListDocument } from './types';
import { wrapText } from './wrap';

/** The wine list's units set on pages, and the footer every page gets (see layout.ts). */

/** Where the content goes on a page, and the price column labels a page repeats. */
export interface PageFrame {
  top: number;
  bottom: number;
  scale: number;
  columnLabels: () => Row;
}

/**
 * The units on pages in order: a group of units glued to the next (a heading) moves whole to a new page
 * when it does not fit, and a page that a wine under price columns starts repeats the labels above it.
 */
export function paginate(units: readonly Unit[], frame: PageFrame): LaidOutPage[] {
  const pages: LaidOutPage[] = [];
  let page: LaidOutPage = { number: 1, blocks: [] };
  pages.push(page);
  let y = frame.top;
  let empty = true;
  const newPage = () => {
    page = { number: pages.length + 1, blocks: [] };
    pages.push(page);
    y = frame.top;
    empty = true;
  };
  const unitHeight = (unit: Unit, atTop: boolean) => (atTop ? 0 : unit.spaceBefore) + rowsHeight(unit.rows);
  for (let i = 0; i < units.length; ) {
    let end = i;
    while (end < units.length - 1 && (units[end] as Unit).keepWithNext) end++;
    const group = units.slice(i, end + 1);
    const height = group.reduce((sum, unit, k) => sum + unitHeight(unit, empty && k === 0), 0);
    if (!empty && y + height > frame.bottom) {
      newPage();
      // A section that goes on over the page keeps its price columns labelled.
      if (group[0]?.underLabels) {
        const labels = frame.columnLabels();
        page.blocks.push(...labels.draw(y));
        y += labels.height + 2 * frame.scale;
      }
    }
    for (const unit of group) {
      if (!empty) y += unit.spaceBefore;
      for (const row of unit.rows) {
        // Only a unit taller than a whole page splits (between its rows).
        if (!empty && y + row.height > frame.bottom) newPage();
        page.blocks.push(...row.draw(y));
        y += row.height;
        empty = false;
      }
    }
    i = end + 1;
  }
  return pages;
}

/** What the footer is set in, and where. */
export interface FooterFrame {
  faces: Faces;
  footerSize: number;
  noteSize: number;
  left: number;
  contentWidth: number;
  baseline: number;
}

/** Page numbers ("{page} of {pages}") and the staff note in every page's footer. */
export function addFooters(
  pages: LaidOutPage[],
  document: WineListDocument,
  layout: WineListLayout,
  frame: FooterFrame,
): void {
  const total = pages.length;
  for (const each of pages) {
    if (layout.pageNumbers) {
      const text = document.labels.page
        .replace('{page}', String(each.number))
        .replace('{pages}', String(total));
      each.blocks.push(
        textBlock(
          'pageNumber',
          text,
          frame.faces.regular,
          frame.footerSize,
          frame.left,
          frame.contentWidth,
          frame.baseline,
          'center',
          WINE_LIST_COLORS.muted,
        ),
      );
    }
    if (document.privateNote) {
      const [line = ''] = wrapText(
        document.privateNote,
        frame.faces.italic,
        frame.noteSize,
        frame.contentWidth,
      );
      each.blocks.push(
        textBlock(
          'privateNote',
          line,
          frame.faces.italic,
          frame.noteSize,
          frame.left,
          frame.contentWidth,
          frame.baseline,
          'right',
          WINE_LIST_COLORS.muted,
        ),
      );
    }
  }
}
