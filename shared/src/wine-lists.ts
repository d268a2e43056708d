import * as z from 'zod/mini';
import { SORT_DIRECTIONS, type SortDirection } from './catalog';
import type { CurrencyCode } from './currencies';
import { LIMITS } from './limits';
import { LOCALES, type Locale } from './locales';
import { withBounds } from './messages';
import { crossCheck, idField, isCleanText, listField, numberField, textField } from './schema-primitives';

/**
 * Wine lists (SPEC §3 Wine list): a cellar's printed and public lists of its wines, each with its own
 * page setup. The wines print in the cellar's wine list categories (saved order, hidden ones left out)
 * and follow stock: a wine with 0 bottles never prints (SPEC §4) and returns by itself with its bottles.
 *
 * Lengths are millimetres; prices are minor units of the cellar's base currency (D12).
 */

// — Page setup —

export const PAPER_SIZES = ['A4', 'A5', 'Letter', 'custom'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Portrait width × height in millimetres of the named paper sizes. */
export const PAPER_MM: Record<Exclude<PaperSize, 'custom'>, { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
  Letter: { width: 215.9, height: 279.4 },
};

export const ORIENTATIONS = ['portrait', 'landscape'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** Embedded font families (each with regular, italic and bold faces that print æ, ø, å, é, ü). */
export const WINE_LIST_FONTS = ['garamond', 'lora', 'sourceSans'] as const;
export type WineListFont = (typeof WINE_LIST_FONTS)[number];

export const WINE_LIST_SORT_FIELDS = ['name', 'producer', 'vintage', 'region', 'price'] as const;
export type WineListSortField = (typeof WINE_LIST_SORT_FIELDS)[number];

/** Bounds of a list and its page setup. */
export const WINE_LIST_LIMITS = {
  nameMax: 100,
  headerTextMax: 300,
  footnoteMax: 600,
  privateNoteMax: LIMITS.wineListPrivateNoteMax,
  /** Custom paper, each side. */
  pageMinMm: 80,
  pageMaxMm: 1000,
  marginMaxMm: 60,
  /** Wines chosen for one list. */
  winesMax: 3000,
  /** Lists of one cellar. */
  listsMax: 200,
  lowStockThresholdMax: 1000,
} as const;

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface WineListHeader {
  /** Print the list's logo at the top of the first page. */
  logo: boolean;
  /** Print the list's name as its title. */
  name: boolean;
  /** A line under the title ("Vinkart høsten 2026"). */
  text?: string;
}

export interface WineListSorting {
  by: WineListSortField;
  direction: SortDirection;
}

export interface WineListLayout {
  paperSize: PaperSize;
  orientation: Orientation;
  /** Millimetres; the paper's own for named sizes, chosen for `custom` (portrait sides). */
  width: number;
  height: number;
  margins: Margins;
  font: WineListFont;
  header: WineListHeader;
  footnote?: string;
  pageNumbers: boolean;
  /** A column with the price per glass (and glass size). */
  glassColumn: boolean;
  /** A QR code to the list's public page. */
  qrCode: boolean;
  sorting: WineListSorting;
  /** At most 14 characters (SPEC §5): printed on the staff copy only, never public. */
  privateNote?: string;
  /** The editor marks wines with this many bottles or fewer as running out. */
  lowStockThreshold: number;
  /**
   * The language the list prints in: its fixed texts ("Andre viner" / "Other wines", "Side 1 av 2"),
   * prices and the catalogue's words (countries, regions), whatever the language of whoever prints it.
   * Set for a new list from its creator's language; a list from before prints in the reader's.
   */
  language?: Locale;
}

export const DEFAULT_WINE_LIST_LAYOUT: WineListLayout = {
  paperSize: 'A4',
  orientation: 'portrait',
  width: PAPER_MM.A4.width,
  height: PAPER_MM.A4.height,
  margins: { top: 20, right: 18, bottom: 20, left: 18 },
  font: 'garamond',
  header: { logo: true, name: true },
  pageNumbers: true,
  glassColumn: false,
  qrCode: false,
  sorting: { by: 'name', direction: 'asc' },
  lowStockThreshold: 1,
};

const pageSide = numberField(WINE_LIST_LIMITS.pageMinMm, WINE_LIST_LIMITS.pageMaxMm);
const margin = numberField(0, WINE_LIST_LIMITS.marginMaxMm);
const optionalText = (max: number, lines = false) => z.optional(z.nullable(textField(max, { lines })));

/** The page setup as a form and the API take it: every field, each validated (one schema, both places). */
export const WineListLayoutInput = z
  .object({
    paperSize: z.enum(PAPER_SIZES, { error: 'invalidValue' }),
    orientation: z.enum(ORIENTATIONS, { error: 'invalidValue' }),
    width: pageSide,
    height: pageSide,
    margins: z.object({ top: margin, right: margin, bottom: margin, left: margin }),
    font: z.enum(WINE_LIST_FONTS, { error: 'invalidValue' }),
    header: z.object({
      logo: z.boolean({ error: 'invalidValue' }),
      name: z.boolean({ error: 'invalidValue' }),
      text: optionalText(WINE_LIST_LIMITS.headerTextMax),
    }),
    footnote: optionalText(WINE_LIST_LIMITS.footnoteMax, true),
    pageNumbers: z.boolean({ error: 'invalidValue' }),
    glassColumn: z.boolean({ error: 'invalidValue' }),
    qrCode: z.boolean({ error: 'invalidValue' }),
    sorting: z.object({
      by: z.enum(WINE_LIST_SORT_FIELDS, { error: 'invalidValue' }),
      direction: z.enum(SORT_DIRECTIONS, { error: 'invalidValue' }),
    }),
    privateNote: z.optional(
      z.nullable(
        z.string({ error: 'mustBeText' }).check(
          z.trim(),
          z.normalize('NFC'),
          z.refine((value: string) => isCleanText(value), { error: 'invalidCharacters' }),
          z.maxLength(WINE_LIST_LIMITS.privateNoteMax, {
            error: withBounds('privateNoteTooLong', { max: WINE_LIST_LIMITS.privateNoteMax }),
          }),
        ),
      ),
    ),
    lowStockThreshold: numberField(0, WINE_LIST_LIMITS.lowStockThresholdMax, { int: true }),
    language: z.optional(z.enum(LOCALES, { error: 'invalidValue' })),
  })
  .check(
    // Margins leave at least half of each side for the wines.
    crossCheck(
      ['paperSize', 'orientation', 'width', 'height', 'margins'],
      (layout) => layout.margins.left + layout.margins.right <= pageWidthMm(layout) / 2,
      {
        error: withBounds('marginsTooWide', { max: 50 }),
        path: ['margins', 'left'],
      },
    ),
    crossCheck(
      ['paperSize', 'orientation', 'width', 'height', 'margins'],
      (layout) => layout.margins.top + layout.margins.bottom <= pageHeightMm(layout) / 2,
      {
        error: withBounds('marginsTooWide', { max: 50 }),
        path: ['margins', 'top'],
      },
    ),
  );

/** The printed page's width in mm (orientation applied). */
export function pageWidthMm(
  layout: Pick<WineListLayout, 'paperSize' | 'orientation' | 'width' | 'height'>,
): number {
  const { width, height } = paperMm(layout);
  return layout.orientation === 'landscape' ? Math.max(width, height) : Math.min(width, height);
}

export function pageHeightMm(
  layout: Pick<WineListLayout, 'paperSize' | 'orientation' | 'width' | 'height'>,
): number {
  const { width, height } = paperMm(layout);
  return layout.orientation === 'landscape' ? Math.min(width, height) : Math.max(width, height);
}

function paperMm(layout: Pick<WineListLayout, 'paperSize' | 'width' | 'height'>) {
  return layout.paperSize === 'custom'
    ? { width: layout.width, height: layout.height }
    : PAPER_MM[layout.paperSize];
}

// — Lists —

/** One wine chosen for a list. */
export interface WineListWine {
  ownWineId: string;
}

/** `GET …/wine-lists`: a row per list. */
export interface WineListSummary {
  id: string;
  name: string;
  logoUrl?: string;
  isPublic: boolean;
  /** Wines chosen for the list. */
  wineCount: number;
  /** Of those, the ones that print now (bottles in stock, in a visible category). */
  printedCount: number;
  createdAt: string;
  updatedAt: string;
  /** When the PDF was last downloaded. */
  lastPrintedAt?: string;
}

export interface WineList {
  id: string;
  ownerId: string;
  name: string;
  logoUrl?: string;
  /** The logo's width ÷ height (its pixels as uploaded), for the printed logo's box. */
  logoAspect?: number;
  isPublic: boolean;
  wines: WineListWine[];
  layout: WineListLayout;
  createdAt: string;
  updatedAt: string;
  lastPrintedAt?: string;
  /** Raised by every change: a PATCH may send it back as `expectedVersion` to refuse a stale edit (409). */
  version: number;
}

/** How a wine's price prints (SPEC §3 price format), ready for the layout. */
export type PrintedPrice =
  | { kind: 'text'; text: string }
  | { kind: 'stars'; stars: number }
  | { kind: 'none' };

/** A chosen wine as the list prints it (and as the editor shows it). */
export interface WineListEntry {
  ownWineId: string;
  /** The custom list wine name where set, else the wine's name (without its producer). */
  name: string;
  /** The custom list producer name where set, else the producer. */
  producer?: string;
  vintage: number | null;
  /** "Region, Country" in the request's language. */
  origin?: string;
  /** "37,5 cl", only where the wine's "show bottle size in list" is set. */
  bottleSize?: string;
  /** "12 cl": the wine's glass size, else the cellar's default; only with a price per glass. */
  glassSize?: string;
  /** Minor units, VAT included; absent without a selling price. */
  bottlePrice?: number;
  glassPrice?: number;
  printedBottlePrice: PrintedPrice;
  /** Absent when the wine has no price per glass. */
  printedGlassPrice?: PrintedPrice;
  /** Categories: the wine's (sub)category id, or null for none. */
  categoryId: string | null;
  quantity: number;
  /** Prints now: bottles in stock and not in a hidden category. */
  printed: boolean;
  /** At or below the list's low-stock threshold (and above 0). */
  lowStock: boolean;
  /** Since the PDF was last downloaded: new on the list, or its printed price changed. */
  change?: 'added' | 'repriced';
}

/** A section heading: a visible wine list category (level 0) or subcategory (level 1), in saved order. */
export interface WineListSectionDef {
  id: string;
  name: string;
  level: 0 | 1;
  parentId?: string;
}

/** `GET …/wine-lists/{listId}`: the list with everything its preview and editor show. */
export interface WineListDetail extends WineList {
  currency: CurrencyCode;
  /** The public page's address (absolute), what the QR code holds. */
  publicUrl: string;
  /** Visible categories and subcategories in saved order. */
  sections: WineListSectionDef[];
  /** Every chosen wine, printed or not, in the order chosen. */
  entries: WineListEntry[];
  /** Printed at the last download but not now (sold out, removed, or hidden). */
  gone: { ownWineId: string; name: string }[];
}

/** `GET /api/wine-lists/{listId}`: the public view. No purchase prices, costs, notes or quantities. */
export interface PublicWineList {
  id: string;
  name: string;
  logoUrl?: string;
  restaurant: { id: string; name: string; logo?: string; bookingUrl?: string; menuUrl?: string };
  currency: CurrencyCode;
  glassColumn: boolean;
  font: WineListFont;
  headerText?: string;
  footnote?: string;
  sections: {
    id: string;
    name: string;
    level: 0 | 1;
    wines: PublicWineListWine[];
  }[];
}

export interface PublicWineListWine {
  /** The catalogue wine, for links to its profile. */
  wineId?: string;
  name: string;
  producer?: string;
  vintage: number | null;
  origin?: string;
  bottleSize?: string;
  glassSize?: string;
  printedBottlePrice: PrintedPrice;
  printedGlassPrice?: PrintedPrice;
}

/** A public list in a restaurant's profile or in a wine's "where to find it". */
export interface WineListRef {
  id: string;
  name: string;
  restaurant: { id: string; name: string; logo?: string };
}

/** `GET …/own-wines/{ownWineId}/wine-lists`: the owner's lists that hold a wine. */
export interface WineListMembership {
  id: string;
  name: string;
  isPublic: boolean;
  /** Whether it prints now (in stock, visible category). */
  printed: boolean;
}

// — Requests —

const name = textField(WINE_LIST_LIMITS.nameMax, { min: 1 });
const wineIds = listField(idField, WINE_LIST_LIMITS.winesMax);

/** `POST …/wine-lists`: a new list, or a copy of one (`copyOf`: its wines and page setup, a new name). */
export const NewWineListInput = z.strictObject(
  {
    name,
    isPublic: z.optional(z.boolean({ error: 'invalidValue' })),
    copyOf: z.optional(idField),
    ownWineIds: z.optional(wineIds),
    layout: z.optional(WineListLayoutInput),
  },
  { error: 'unknownField' },
);
export type NewWineListInput = z.infer<typeof NewWineListInput>;

/**
 * `PATCH …/wine-lists/{listId}`: any of these. Wines change by set operations decided on the fresh list
 * (two people adding at once both count): `addOwnWineIds`, `addCategoryIds` (every wine of those
 * categories and their subcategories), `addAllInStock`, `removeOwnWineIds`; or `ownWineIds` replaces the
 * whole choice (in that order). `expectedVersion` refuses the change with 409 when the list moved on.
 */
export const WineListPatch = z.strictObject(
  {
    name: z.optional(name),
    isPublic: z.optional(z.boolean({ error: 'invalidValue' })),
    layout: z.optional(WineListLayoutInput),
    ownWineIds: z.optional(wineIds),
    addOwnWineIds: z.optional(wineIds),
    addCategoryIds: z.optional(listField(idField, 200)),
    addAllInStock: z.optional(z.boolean({ error: 'invalidValue' })),
    removeOwnWineIds: z.optional(wineIds),
    expectedVersion: z.optional(numberField(0, Number.MAX_SAFE_INTEGER, { int: true })),
  },
  { error: 'unknownField' },
);
export type WineListPatch = z.infer<typeof WineListPatch>;

/** `GET …/wine-lists/{listId}/pdf`: `copy=staff` prints the private note; the guest copy never does. */
export const WineListPdfQuery = z.object({
  copy: z.optional(z.enum(['guest', 'staff'], { error: 'invalidValue' })),
});
