import type { CurrencyCode } from '../currencies';
import type { Locale } from '../locales';
import type { PrintedPrice, WineListEntry, WineListFont, WineListSectionDef } from '../wine-lists';

/**
 * One layout, two renderers: `composeWineList` turns a list's wines into sections of printed wines, and
 * `layoutWineList` turns those and the page setup into pages of positioned blocks. The editor's preview
 * (SVG) and the PDF (pdfkit) draw exactly these blocks, so they cannot disagree on what goes on which
 * page. Every length here is in PDF points (1/72 inch), origin at the page's top-left corner.
 */

export type FontWeight = 'regular' | 'bold';
export type FontStyle = 'normal' | 'italic';

export interface FontFace {
  family: WineListFont;
  weight: FontWeight;
  style: FontStyle;
}

/** What a printed line is, so renderers and tests can tell them apart. */
export type TextRole =
  | 'title'
  | 'headerText'
  | 'columnLabel'
  | 'section'
  | 'subsection'
  | 'wineName'
  | 'producer'
  | 'details'
  | 'price'
  | 'glassPrice'
  | 'footnote'
  | 'pageNumber'
  | 'privateNote'
  | 'qrCaption';

export interface TextBlock {
  kind: 'text';
  role: TextRole;
  text: string;
  face: FontFace;
  /** Font size in points. */
  size: number;
  /** Left edge of the line's box; with `align: 'right'` the text ends at `x + width`, centred within it for 'center'. */
  x: number;
  width: number;
  /** The alphabetic baseline. */
  baseline: number;
  align: 'left' | 'right' | 'center';
  /** CSS colour, `#rrggbb`. */
  color: string;
  /** The wine a wine line belongs to. */
  ownWineId?: string;
}

export interface ImageBlock {
  kind: 'image';
  /** Only the list's logo is drawn. */
  source: 'logo';
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface QrBlock {
  kind: 'qr';
  /** What the code holds: the list's public page. */
  url: string;
  x: number;
  y: number;
  size: number;
}

/** A price printed as stars (price format `stars`): `count` filled of 5, right-aligned to `x + width`. */
export interface StarsBlock {
  kind: 'stars';
  count: number;
  x: number;
  width: number;
  baseline: number;
  size: number;
  color: string;
  ownWineId?: string;
}

export interface RuleBlock {
  kind: 'rule';
  x: number;
  y: number;
  width: number;
  thickness: number;
  color: string;
}

export type Block = TextBlock | ImageBlock | QrBlock | StarsBlock | RuleBlock;

export interface LaidOutPage {
  /** 1-based. */
  number: number;
  blocks: Block[];
}

export interface LaidOutList {
  /** Points. */
  width: number;
  height: number;
  pages: LaidOutPage[];
}

/** A wine as it prints, in its section. */
export interface PrintedWine {
  ownWineId: string;
  wineId?: string;
  name: string;
  producer?: string;
  vintage: number | null;
  origin?: string;
  bottleSize?: string;
  glassSize?: string;
  bottlePrice: PrintedPrice;
  glassPrice?: PrintedPrice;
}

export interface PrintedSection {
  id: string;
  /** '' for the wines of no category when the list has no other sections (no heading printed). */
  name: string;
  level: 0 | 1;
  wines: PrintedWine[];
}

/** A list ready for the layout: sections in order, wines sorted, only what prints. */
export interface WineListDocument {
  title: string;
  headerText?: string;
  footnote?: string;
  /** Only on the staff copy. */
  privateNote?: string;
  /** The public page's address, when the QR code is on. */
  qrUrl?: string;
  /** Whether the list has a logo to print (its pixels are the renderer's business). */
  hasLogo: boolean;
  /** The logo's width ÷ height, for its box (default 1). */
  logoAspect?: number;
  sections: PrintedSection[];
  /** Texts in the list's language. */
  labels: {
    bottle: string;
    glass: string;
    /** "Side {page} av {pages}" / "Page {page} of {pages}". */
    page: string;
    /** Under the QR code. */
    qrCaption: string;
  };
}

/** What `composeWineList` needs besides the page setup. */
export interface ComposeInput {
  title: string;
  locale: Locale;
  currency: CurrencyCode;
  sections: readonly WineListSectionDef[];
  entries: readonly WineListEntry[];
  publicUrl?: string;
  hasLogo: boolean;
  logoAspect?: number;
  /** The staff copy prints the private note. */
  staff?: boolean;
  /** Catalogue ids of the entries (for the public page's links), by ownWineId. */
  wineIds?: ReadonlyMap<string, string>;
}
