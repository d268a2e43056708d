import type { CellarWine } from '../cellar-wines';
import type { Locale } from '../locales';
import type { WineListEntry, WineListLayout, WineListSectionDef } from '../wine-lists';
import { producerInName } from '../wine-names';
import { printedPrice } from './prices';
import type { ComposeInput, PrintedSection, PrintedWine, WineListDocument } from './types';

/** The texts a printed list carries, in each language. */
export const WINE_LIST_LABELS = {
  nb: {
    bottle: 'Flaske',
    glass: 'Glass',
    page: 'Side {page} av {pages}',
    qrCaption: 'Skann for vinkartet på mobilen',
    otherWines: 'Andre viner',
  },
  en: {
    bottle: 'Bottle',
    glass: 'Glass',
    page: 'Page {page} of {pages}',
    qrCaption: 'Scan to read this list on your phone',
    otherWines: 'Other wines',
  },
} as const satisfies Record<Locale, WineListDocument['labels'] & { otherWines: string }>;

/** The id of the section that holds the wines of no category. */
export const NO_CATEGORY_SECTION_ID = 'no-category';

/** A number with up to `decimals` decimals, in the locale's decimal mark ("37,5" / "37.5"), none when whole. */
function decimal(value: number, decimals: number, locale: Locale): string {
  const scale = 10 ** decimals;
  const rounded = Math.round(value * scale);
  const whole = Math.trunc(rounded / scale);
  const fraction = Math.abs(rounded % scale);
  if (fraction === 0) return String(whole);
  const digits = String(fraction).padStart(decimals, '0').replace(/0+$/, '');
  return `${whole}${locale === 'nb' ? ',' : '.'}${digits}`;
}

/** A bottle size in litres as a list prints it: "75 cl", "37,5 cl" (nb) / "37.5 cl" (en), "1,5 l" from a litre up. */
export function formatBottleSize(litres: number, locale: Locale): string {
  if (litres >= 1) return `${decimal(litres, 2, locale)}\u00a0l`;
  return `${decimal(litres * 100, 1, locale)}\u00a0cl`;
}

/** A glass size in centilitres: "12 cl", "12,5 cl". */
export function formatGlassSize(centilitres: number, locale: Locale): string {
  return `${decimal(centilitres, 1, locale)}\u00a0cl`;
}

function clean(text: string | undefined | null): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * One chosen wine as the list prints it: names (custom list names where set), origin, sizes and the
 * printed prices in the wine's price format. `printed` is false for 0 bottles or a hidden category.
 */
export function entryOf(
  wine: CellarWine,
  context: {
    locale: Locale;
    defaultGlassSize: number;
    /** Category ids that print (visible, under visible parents). */
    visibleCategoryIds: ReadonlySet<string>;
    lowStockThreshold: number;
    /** Origin text in the request's language, from the wine's country and region. */
    origin?: string;
  },
): WineListEntry {
  const { locale } = context;
  const categoryId = wine.wineListCategoryId ?? null;
  const printed = wine.quantity > 0 && (categoryId === null || context.visibleCategoryIds.has(categoryId));
  const hasGlassPrice = wine.pricePerGlass !== undefined && wine.pricePerGlass !== null;
  const entry: WineListEntry = {
    ownWineId: wine.id,
    name: clean(wine.customListWineName) ?? wine.wineName.trim(),
    vintage: wine.vintage,
    printedBottlePrice: printedPrice(wine.sellingPrice ?? undefined, wine.priceFormat, wine.currency, locale),
    categoryId,
    quantity: wine.quantity,
    printed,
    lowStock: printed && wine.quantity <= context.lowStockThreshold,
  };
  const producer = clean(wine.customListProducerName) ?? clean(wine.producerName);
  if (producer) entry.producer = producer;
  const origin = clean(context.origin);
  if (origin) entry.origin = origin;
  if (wine.showBottleSizeInList && wine.bottleSize > 0)
    entry.bottleSize = formatBottleSize(wine.bottleSize, locale);
  if (wine.sellingPrice !== undefined && wine.sellingPrice !== null) entry.bottlePrice = wine.sellingPrice;
  if (hasGlassPrice) {
    entry.glassPrice = wine.pricePerGlass;
    entry.glassSize = formatGlassSize(wine.glassSize ?? context.defaultGlassSize, locale);
    entry.printedGlassPrice = printedPrice(
      wine.pricePerGlass,
      wine.priceFormat,
      wine.currency,
      locale,
      'glass',
    );
  }
  return entry;
}

const collator = new Intl.Collator('nb', { numeric: true });

/** The value a wine sorts by; undefined sorts last in both directions. */
function sortKey(entry: WineListEntry, by: WineListLayout['sorting']['by']): string | number | undefined {
  switch (by) {
    case 'name':
      return entry.name;
    case 'producer':
      return entry.producer;
    case 'vintage':
      return entry.vintage ?? undefined;
    case 'region':
      return entry.origin;
    case 'price':
      return entry.bottlePrice;
  }
}

function compareKeys(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** The list's order: by the chosen field and direction, missing values last, ties by name then id. */
export function compareEntries(sorting: WineListLayout['sorting']) {
  const sign = sorting.direction === 'desc' ? -1 : 1;
  return (a: WineListEntry, b: WineListEntry): number => {
    const keyA = sortKey(a, sorting.by);
    const keyB = sortKey(b, sorting.by);
    if (keyA === undefined || keyB === undefined) {
      if (keyA !== keyB) return keyA === undefined ? 1 : -1;
    } else {
      const order = compareKeys(keyA, keyB) * sign;
      if (order !== 0) return order;
    }
    const byName = collator.compare(a.name, b.name);
    if (byName !== 0) return byName;
    return a.ownWineId < b.ownWineId ? -1 : a.ownWineId > b.ownWineId ? 1 : 0;
  };
}

function printedWine(entry: WineListEntry, wineIds: ReadonlyMap<string, string> | undefined): PrintedWine {
  const wine: PrintedWine = {
    ownWineId: entry.ownWineId,
    name: entry.name,
    vintage: entry.vintage,
    bottlePrice: entry.printedBottlePrice,
  };
  const wineId = wineIds?.get(entry.ownWineId);
  if (wineId) wine.wineId = wineId;
  // The producer prints only when the name does not already say it ("Krug Grande Cuvée" by Krug).
  if (entry.producer && !producerInName(entry.producer, entry.name)) wine.producer = entry.producer;
  if (entry.origin) wine.origin = entry.origin;
  if (entry.bottleSize) wine.bottleSize = entry.bottleSize;
  if (entry.printedGlassPrice) {
    wine.glassPrice = entry.printedGlassPrice;
    if (entry.glassSize) wine.glassSize = entry.glassSize;
  }
  return wine;
}

/**
 * Sections in the categories' saved order (category, its own wines, then each subcategory), wines sorted
 * by the list's sorting within each; only entries that print; no empty sections. Wines of no category
 * follow in a last section, "Andre viner" / "Other wines" (unnamed when it is the only one); wines of a
 * category that is not among the sections (hidden, or under a hidden parent) are left out.
 */
export function composeWineList(input: ComposeInput, layout: WineListLayout): WineListDocument {
  const labels = WINE_LIST_LABELS[input.locale] ?? WINE_LIST_LABELS.en;
  const topLevel = input.sections.filter((section) => section.level === 0);
  const topIds = new Set(topLevel.map((section) => section.id));
  const children = new Map<string, WineListSectionDef[]>();
  for (const section of input.sections) {
    if (section.level !== 1 || !section.parentId || !topIds.has(section.parentId)) continue;
    const list = children.get(section.parentId) ?? [];
    list.push(section);
    children.set(section.parentId, list);
  }

  const byCategory = new Map<string | null, WineListEntry[]>();
  for (const entry of input.entries) {
    if (!entry.printed) continue;
    const list = byCategory.get(entry.categoryId) ?? [];
    list.push(entry);
    byCategory.set(entry.categoryId, list);
  }
  const compare = compareEntries(layout.sorting);
  const winesOf = (categoryId: string | null): PrintedWine[] =>
    (byCategory.get(categoryId) ?? []).sort(compare).map((entry) => printedWine(entry, input.wineIds));

  const sections: PrintedSection[] = [];
  const seen = new Set<string>();
  for (const parent of topLevel) {
    if (seen.has(parent.id)) continue;
    seen.add(parent.id);
    const own = winesOf(parent.id);
    const subsections: PrintedSection[] = [];
    for (const child of children.get(parent.id) ?? []) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      const wines = winesOf(child.id);
      if (wines.length > 0) subsections.push({ id: child.id, name: child.name, level: 1, wines });
    }
    if (own.length === 0 && subsections.length === 0) continue;
    sections.push({ id: parent.id, name: parent.name, level: 0, wines: own }, ...subsections);
  }
  const uncategorised = winesOf(null);
  if (uncategorised.length > 0) {
    sections.push({
      id: NO_CATEGORY_SECTION_ID,
      name: sections.length > 0 ? labels.otherWines : '',
      level: 0,
      wines: uncategorised,
    });
  }

  const document: WineListDocument = {
    title: input.title,
    hasLogo: input.hasLogo,
    sections,
    labels: { bottle: labels.bottle, glass: labels.glass, page: labels.page, qrCaption: labels.qrCaption },
  };
  const headerText = clean(layout.header.text);
  if (headerText) document.headerText = headerText;
  const footnote = clean(layout.footnote);
  if (footnote) document.footnote = footnote;
  const privateNote = clean(layout.privateNote);
  if (input.staff && privateNote) document.privateNote = privateNote;
  if (layout.qrCode && input.publicUrl) document.qrUrl = input.publicUrl;
  if (input.logoAspect !== undefined) document.logoAspect = input.logoAspect;
  return document;
}
