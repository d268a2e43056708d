/**
 * Reading a cellar's lists: the overview, one list with its entries as they print now (derived from the
 * cellar at read time, never copied), and the lists that hold a wine.
 */
import type {
  CellarWine,
  Locale,
  WineListDetail,
  WineListEntry,
  WineListMembership,
  WineListSummary,
} from '@kork/shared';
import { entryOf } from '@kork/shared/wine-list-layout/compose';
import { type CellarSnapshot, cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { NotFoundError } from '../platform/errors';
import {
  type CategoryView,
  categoryViewOfOwner,
  layoutOf,
  listLanguageOf,
  listRecordOf,
  listRecordsOf,
  originOf,
  type PrintRecord,
  priceText,
  printRecordOf,
  printsNow,
  publicUrlOf,
  toWineList,
  type WineListRecord,
} from './wine-list-store';

/** The snapshot's wines by id (worked out once per snapshot). */
export function winesById(snapshot: CellarSnapshot): ReadonlyMap<string, CellarWine> {
  return snapshot.derived('wineListWinesById', (s) => new Map(s.wines.map((wine) => [wine.id, wine])));
}

/** Every chosen wine still in the cellar as the list prints it, in the order chosen. */
export function entriesOf(
  record: Pick<WineListRecord, 'ownWineIds' | 'layout'>,
  snapshot: CellarSnapshot,
  categories: CategoryView,
  locale: Locale,
): WineListEntry[] {
  const wines = winesById(snapshot);
  const layout = layoutOf(record);
  const entries: WineListEntry[] = [];
  for (const id of record.ownWineIds) {
    const wine = wines.get(id);
    // A wine deleted from the cellar leaves a reference that simply does not print.
    if (!wine) continue;
    entries.push(
      entryOf(wine, {
        locale,
        defaultGlassSize: snapshot.cellar.defaultGlassSize,
        visibleCategoryIds: categories.visible,
        lowStockThreshold: layout.lowStockThreshold,
        origin: originOf(wine, locale),
      }),
    );
  }
  return entries;
}

/** Marks entries new or repriced since the last print; answers what printed then and not now. */
export function changesSince(
  entries: WineListEntry[],
  record: PrintRecord | undefined,
): { entries: WineListEntry[]; gone: WineListDetail['gone'] } {
  if (!record) return { entries, gone: [] };
  const printedNow = new Set<string>();
  const marked = entries.map((entry) => {
    if (!entry.printed) return entry;
    printedNow.add(entry.ownWineId);
    const before = record[entry.ownWineId];
    if (!before) return { ...entry, change: 'added' as const };
    if (before.price !== priceText(entry.printedBottlePrice, entry.printedGlassPrice))
      return { ...entry, change: 'repriced' as const };
    return entry;
  });
  const gone = Object.entries(record)
    .filter(([ownWineId]) => !printedNow.has(ownWineId))
    .map(([ownWineId, line]) => ({ ownWineId, name: line.name }));
  return { entries: marked, gone };
}

/** `GET …/wine-lists/{listId}`: the list with its entries in the request's language. */
export async function getWineListDetail(
  ownerId: string,
  listId: string,
  locale: Locale,
): Promise<WineListDetail> {
  const [record, snapshot, categories] = await Promise.all([
    listRecordOf(ownerId, listId),
    cellarSnapshot(ownerId),
    categoryViewOfOwner(ownerId),
  ]);
  return detailOf(record, snapshot, categories, locale);
}

/** The detail of a list just read or written. */
export async function detailOf(
  record: WineListRecord,
  snapshot: CellarSnapshot,
  categories: CategoryView,
  locale: Locale,
): Promise<WineListDetail> {
  const printRecord = record.lastPrintedAt ? await printRecordOf(record.ownerId, record.id) : undefined;
  // Its entries as they print: in the list's own language.
  const language = listLanguageOf(record, locale);
  const { entries, gone } = changesSince(entriesOf(record, snapshot, categories, language), printRecord);
  return {
    ...toWineList(record),
    currency: snapshot.cellar.baseCurrency,
    publicUrl: publicUrlOf(record.id),
    sections: categories.sections,
    entries,
    gone,
  };
}

function summaryOf(
  record: WineListRecord,
  wines: ReadonlyMap<string, CellarWine>,
  visible: ReadonlySet<string>,
): WineListSummary {
  let wineCount = 0;
  let printedCount = 0;
  for (const id of record.ownWineIds) {
    const wine = wines.get(id);
    if (!wine) continue;
    wineCount++;
    if (printsNow(wine, visible)) printedCount++;
  }
  const summary: WineListSummary = {
    id: record.id,
    name: record.name,
    isPublic: record.isPublic,
    wineCount,
    printedCount,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
  if (record.logo) summary.logoUrl = record.logo;
  if (record.lastPrintedAt) summary.lastPrintedAt = record.lastPrintedAt;
  return summary;
}

/** `GET …/wine-lists`: every list of the cellar, oldest first. */
export async function listWineLists(ownerId: string): Promise<{ rows: WineListSummary[]; count: number }> {
  const [records, snapshot, categories] = await Promise.all([
    listRecordsOf(ownerId),
    cellarSnapshot(ownerId),
    categoryViewOfOwner(ownerId),
  ]);
  const wines = winesById(snapshot);
  const rows = records.map((record) => summaryOf(record, wines, categories.visible));
  return { rows, count: rows.length };
}

/** `GET …/own-wines/{ownWineId}/wine-lists`: the owner's lists holding the wine (404 for another wine). */
export async function listWineMemberships(
  ownerId: string,
  ownWineId: string,
): Promise<{ rows: WineListMembership[]; count: number }> {
  const snapshot = await cellarSnapshot(ownerId);
  const wine = winesById(snapshot).get(ownWineId);
  if (!wine) throw new NotFoundError();
  const [records, categories] = await Promise.all([listRecordsOf(ownerId), categoryViewOfOwner(ownerId)]);
  const printed = printsNow(wine, categories.visible);
  const rows = records
    .filter((record) => record.ownWineIds.includes(ownWineId))
    .map((record) => ({ id: record.id, name: record.name, isPublic: record.isPublic, printed }));
  return { rows, count: rows.length };
}

/**
 * The catalogue wines of one of the owner's lists, in the list's order, each once (custom wines have
 * none); another cellar's list answers 404. Events copy a list's wines with it.
 */
export async function catalogueWinesOfList(ownerId: string, listId: string): Promise<string[]> {
  const [record, snapshot] = await Promise.all([listRecordOf(ownerId, listId), cellarSnapshot(ownerId)]);
  const wines = winesById(snapshot);
  const ids = new Set<string>();
  for (const id of record.ownWineIds) {
    const wineId = wines.get(id)?.wineId;
    if (wineId) ids.add(wineId);
  }
  return [...ids];
}
