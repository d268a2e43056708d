import type { WineListLayout } from '../wine-lists';
import type { LaidOutList, WineListDocument } from './types';

/**
 * Pages of positioned blocks: header (logo, title, header text, QR code) on the first page, sections and
 * wines in order with keep-together rules (a wine never splits across pages, a heading never ends a
 * page), the glass column when on, the footnote after the last wine, page numbers and the staff note.
 */
export function layoutWineList(_document: WineListDocument, _layout: WineListLayout): LaidOutList {
  throw new Error('not implemented');
}
