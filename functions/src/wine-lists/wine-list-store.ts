/**
 * Wine list records: reading them, turning them into API shapes, the page setup as stored, and which
 * cellar wines print now (bottles in stock, in a visible category or none).
 */
import { deflateSync, inflateSync } from 'node:zlib';
import {
  type CellarWine,
  DEFAULT_WINE_LIST_LAYOUT,
  type Locale,
  PAPER_MM,
  type PrintedPrice,
  type WineList,
  type WineListCategory,
  type WineListLayout,
  type WineListLayoutInput,
  type WineListSectionDef,
} from '@kork/shared';
import { originName } from '@kork/shared/vocabulary/names';
import type * as z from 'zod/mini';
import { listCategories } from '../cellar/categories/category-service';
import { type EntityRecord, tables } from '../data/tables';
import { env } from '../platform/env';
import { NotFoundError } from '../platform/errors';

export type WineListRecord = EntityRecord<'wineList'>;

/** The owner's list, strongly consistent; another cellar's list id answers 404. */
export async function listRecordOf(ownerId: string, listId: string): Promise<WineListRecord> {
  const { data } = await tables('wine-lists').wineList.get({ ownerId, id: listId }).go({ consistent: true });
  if (!data) throw new NotFoundError();
  return data;
}

/** Every list of the owner, oldest first. */
export async function listRecordsOf(ownerId: string): Promise<WineListRecord[]> {
  const { data } = await tables('wine-lists').wineList.query.byOwnerKey({ ownerId }).go({ pages: 'all' });
  return data;
}

/** A list by its id alone (the public page). */
export async function listRecordById(listId: string): Promise<WineListRecord | undefined> {
  const { data } = await tables('wine-lists').wineList.query.byId({ id: listId }).go();
  return data[0];
}

export function layoutOf(record: Pick<WineListRecord, 'layout'>): WineListLayout {
  return { ...DEFAULT_WINE_LIST_LAYOUT, ...(record.layout as Partial<WineListLayout>) };
}

/**
 * The page setup as stored: optional texts that are empty or null are left out, and a named paper size
 * carries the paper's own width and height (custom keeps the chosen sides).
 */
export function normalLayout(input: z.infer<typeof WineListLayoutInput>): WineListLayout {
  const layout: WineListLayout = {
    paperSize: input.paperSize,
    orientation: input.orientation,
    width: input.width,
    height: input.height,
    margins: { ...input.margins },
    font: input.font,
    header: { logo: input.header.logo, name: input.header.name },
    pageNumbers: input.pageNumbers,
    glassColumn: input.glassColumn,
    qrCode: input.qrCode,
    sorting: { ...input.sorting },
    lowStockThreshold: input.lowStockThreshold,
  };
  if (input.header.text) layout.header.text = input.header.text;
  if (input.footnote) layout.footnote = input.footnote;
  if (input.privateNote) layout.privateNote = input.privateNote;
  if (input.language) layout.language = input.language;
  if (input.paperSize !== 'custom') {
    layout.width = PAPER_MM[input.paperSize].width;
    layout.height = PAPER_MM[input.paperSize].height;
  }
  return layout;
}

/** The logo's width ÷ height, when it has one. */
export function logoAspectOf(record: Pick<WineListRecord, 'logo' | 'logoWidth' | 'logoHeight'>) {
  if (!record.logo || !record.logoWidth || !record.logoHeight) return undefined;
  return record.logoWidth / record.logoHeight;
}

export function toWineList(record: WineListRecord): WineList {
  const list: WineList = {
    id: record.id,
    ownerId: record.ownerId,
    name: record.name,
    isPublic: record.isPublic,
    wines: record.ownWineIds.map((ownWineId) => ({ ownWineId })),
    layout: layoutOf(record),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    version: record.version,
  };
  if (record.logo) list.logoUrl = record.logo;
  const aspect = logoAspectOf(record);
  if (aspect) list.logoAspect = aspect;
  if (record.lastPrintedAt) list.lastPrintedAt = record.lastPrintedAt;
  return list;
}

/** The list's public page (what its QR code holds). */
export function publicUrlOf(listId: string): string {
  // The guest's page (`/l/…`, server-written HTML): what the QR code and the PDF's link open. The app's
  // `/wine-list/…` keeps working and is linked from that page.
  return new URL(`/l/${listId}`, env.appUrl()).toString();
}

// — Categories —

export interface CategoryView {
  /** Categories that print: visible, with every ancestor visible. */
  visible: Set<string>;
  /** Visible categories in saved order: each level-0 category, then its level-1 children. */
  sections: WineListSectionDef[];
  /** The ids with every category below them. */
  withDescendants(ids: readonly string[]): Set<string>;
  known: Set<string>;
}

export function categoryViewOf(categories: readonly WineListCategory[]): CategoryView {
  const byParent = new Map<string, WineListCategory[]>();
  for (const category of categories) {
    const parent = category.parentId ?? '';
    const siblings = byParent.get(parent) ?? [];
    siblings.push(category);
    byParent.set(parent, siblings);
  }
  for (const siblings of byParent.values())
    siblings.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  const visible = new Set<string>();
  const sections: WineListSectionDef[] = [];
  const walk = (parentId: string, depth: number) => {
    for (const category of byParent.get(parentId) ?? []) {
      if (!category.isVisible) continue;
      visible.add(category.id);
      if (depth <= 1) {
        const section: WineListSectionDef = { id: category.id, name: category.name, level: depth as 0 | 1 };
        if (depth === 1) section.parentId = parentId;
        sections.push(section);
      }
      walk(category.id, depth + 1);
    }
  };
  walk('', 0);
  return {
    visible,
    sections,
    known: new Set(categories.map((category) => category.id)),
    withDescendants(ids) {
      const found = new Set<string>();
      const add = (id: string) => {
        if (found.has(id)) return;
        found.add(id);
        for (const child of byParent.get(id) ?? []) add(child.id);
      };
      for (const id of ids) add(id);
      return found;
    },
  };
}

export async function categoryViewOfOwner(ownerId: string): Promise<CategoryView> {
  return categoryViewOf((await listCategories(ownerId)).rows);
}

/** Prints now: bottles in stock, and no category or a visible one (the rule `entryOf` applies too). */
export function printsNow(wine: CellarWine, visible: ReadonlySet<string>): boolean {
  return wine.quantity > 0 && (!wine.wineListCategoryId || visible.has(wine.wineListCategoryId));
}

/** "Champagne, France": region and country in `locale` (the catalogue stores them in Norwegian). */
export function originOf(wine: Pick<CellarWine, 'region' | 'country'>, locale: Locale): string | undefined {
  return originName({ country: wine.country, region: wine.region }, locale);
}

/** The language a list prints in: its own, else (a list from before lists had one) the reader's. */
export function listLanguageOf(record: Pick<WineListRecord, 'layout'>, reader: Locale): Locale {
  return layoutOf(record).language ?? reader;
}

// — Print records —

/** What printed for one wine: its bottle and glass price as printed, and its name. */
export interface PrintedLine {
  price: string;
  name: string;
}

export type PrintRecord = Record<string, PrintedLine>;

/**
 * A printed price in a form that does not depend on the language it printed in ("kr 1 290" and
 * "NOK 1,290" are one price; "Pris på forespørsel" and "Price on request" too): its kind and digits.
 */
export function priceText(bottle: PrintedPrice, glass?: PrintedPrice): string {
  const one = (price: PrintedPrice | undefined) =>
    !price || price.kind === 'none'
      ? ''
      : price.kind === 'stars'
        ? `*${price.stars}`
        : `t${price.text.replace(/\D/g, '')}`;
  return `${one(bottle)}|${one(glass)}`;
}

export function packRecord(record: PrintRecord): string {
  return deflateSync(Buffer.from(JSON.stringify(record), 'utf8')).toString('base64');
}

export function unpackRecord(packed: string | undefined): PrintRecord | undefined {
  if (!packed) return undefined;
  return JSON.parse(inflateSync(Buffer.from(packed, 'base64')).toString('utf8')) as PrintRecord;
}

export async function printRecordOf(ownerId: string, listId: string): Promise<PrintRecord | undefined> {
  const { data } = await tables('wine-lists').wineListPrint.get({ ownerId, listId }).go({ consistent: true });
  return unpackRecord(data?.record);
}
