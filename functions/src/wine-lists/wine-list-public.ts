/**
 * What the public sees of lists: a list's page (only a public list of a restaurant whose lists are
 * public, else 404, except to its owner), a restaurant's public lists, and the public lists that print a
 * catalogue wine now. Never purchase prices, costs, notes or quantities: the public page carries only
 * what prints, as `composeWineList` gives it.
 */
import type { Locale, PublicWineList, WineListRef } from '@kork/shared';
import { composeWineList } from '@kork/shared/wine-list-layout';
import { type WineListPublisher, wineListPublishers } from '../accounts/public-profiles';
import { cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { tables } from '../data/tables';
import { NotFoundError } from '../platform/errors';
import { entriesOf, winesById } from './wine-list-reads';
import {
  categoryViewOfOwner,
  layoutOf,
  listRecordById,
  listRecordsOf,
  logoAspectOf,
  printsNow,
  publicUrlOf,
  type WineListRecord,
} from './wine-list-store';

function refOf(record: WineListRecord, publisher: WineListPublisher): WineListRef {
  const restaurant: WineListRef['restaurant'] = { id: publisher.id, name: publisher.name };
  if (publisher.logo) restaurant.logo = publisher.logo;
  return { id: record.id, name: record.name, restaurant };
}

/**
 * `GET /api/wine-lists/{listId}`: the public view. `viewerId` is the signed-in caller, if any: the owner
 * sees their own list whether public or not; everyone else gets 404 unless the list and the restaurant's
 * lists are public.
 */
export async function getPublicWineList(
  listId: string,
  viewerId: string | undefined,
  locale: Locale,
): Promise<PublicWineList> {
  const record = await listRecordById(listId);
  if (!record) throw new NotFoundError();
  const publisher = (await wineListPublishers([record.ownerId])).get(record.ownerId);
  if (!publisher) throw new NotFoundError();
  const isOwner = viewerId === record.ownerId;
  if (!isOwner && !(record.isPublic && publisher.listsPublic)) throw new NotFoundError();
  const [snapshot, categories] = await Promise.all([
    cellarSnapshot(record.ownerId),
    categoryViewOfOwner(record.ownerId),
  ]);
  const layout = layoutOf(record);
  const wines = winesById(snapshot);
  const wineIds = new Map<string, string>();
  for (const id of record.ownWineIds) {
    const wineId = wines.get(id)?.wineId;
    if (wineId) wineIds.set(id, wineId);
  }
  const document = composeWineList(
    {
      title: record.name,
      locale,
      currency: snapshot.cellar.baseCurrency,
      sections: categories.sections,
      entries: entriesOf(record, snapshot, categories, locale),
      publicUrl: publicUrlOf(record.id),
      hasLogo: Boolean(record.logo),
      logoAspect: logoAspectOf(record),
      staff: false,
      wineIds,
    },
    layout,
  );
  const restaurant: PublicWineList['restaurant'] = { id: publisher.id, name: publisher.name };
  if (publisher.logo) restaurant.logo = publisher.logo;
  if (publisher.bookingUrl) restaurant.bookingUrl = publisher.bookingUrl;
  if (publisher.menuUrl) restaurant.menuUrl = publisher.menuUrl;
  const view: PublicWineList = {
    id: record.id,
    name: record.name,
    restaurant,
    currency: snapshot.cellar.baseCurrency,
    glassColumn: layout.glassColumn,
    font: layout.font,
    sections: document.sections.map((section) => ({
      id: section.id,
      name: section.name,
      level: section.level,
      wines: section.wines.map((wine) => {
        const shown: PublicWineList['sections'][number]['wines'][number] = {
          name: wine.name,
          vintage: wine.vintage,
          printedBottlePrice: wine.bottlePrice,
        };
        if (wine.wineId) shown.wineId = wine.wineId;
        if (wine.producer) shown.producer = wine.producer;
        if (wine.origin) shown.origin = wine.origin;
        if (wine.bottleSize) shown.bottleSize = wine.bottleSize;
        if (wine.glassSize) shown.glassSize = wine.glassSize;
        if (wine.glassPrice) shown.printedGlassPrice = wine.glassPrice;
        return shown;
      }),
    })),
  };
  if (record.logo) view.logoUrl = record.logo;
  if (layout.header.text) view.headerText = layout.header.text;
  if (layout.footnote) view.footnote = layout.footnote;
  return view;
}

/** `GET /api/users/{id}/wine-lists`: the restaurant's public lists (none while its lists are private). */
export async function listPublicWineLists(userId: string): Promise<{ rows: WineListRef[]; count: number }> {
  const publisher = (await wineListPublishers([userId])).get(userId);
  if (!publisher) throw new NotFoundError();
  if (!publisher.listsPublic) return { rows: [], count: 0 };
  const records = await listRecordsOf(userId);
  const rows = records.filter((record) => record.isPublic).map((record) => refOf(record, publisher));
  return { rows, count: rows.length };
}

/**
 * `GET /api/wines/{id}/wine-lists`: public lists of public restaurants that print the catalogue wine
 * now. The index names the candidate lists in one query; each is checked against the list itself, the
 * restaurant's setting and the cellar's stock (a wine with 0 bottles does not print).
 */
export async function listWinePublicLists(wineId: string): Promise<{ rows: WineListRef[]; count: number }> {
  const { data: items } = await tables('wine-lists')
    .wineListPublicWine.query.byWine({ wineId })
    .go({ pages: 'all' });
  const byOwner = new Map<string, Set<string>>();
  for (const item of items) {
    const lists = byOwner.get(item.ownerId) ?? new Set<string>();
    lists.add(item.listId);
    byOwner.set(item.ownerId, lists);
  }
  const publishers = await wineListPublishers([...byOwner.keys()]);
  const rows: WineListRef[] = [];
  for (const [ownerId, listIds] of byOwner) {
    const publisher = publishers.get(ownerId);
    if (!publisher?.listsPublic) continue;
    const [snapshot, categories, records] = await Promise.all([
      cellarSnapshot(ownerId),
      categoryViewOfOwner(ownerId),
      listRecordsOf(ownerId),
    ]);
    const wines = winesById(snapshot);
    for (const record of records) {
      if (!listIds.has(record.id) || !record.isPublic) continue;
      const prints = record.ownWineIds.some((id) => {
        const wine = wines.get(id);
        return wine?.wineId === wineId && printsNow(wine, categories.visible);
      });
      if (prints) rows.push(refOf(record, publisher));
    }
  }
  rows.sort((a, b) => a.restaurant.name.localeCompare(b.restaurant.name) || a.name.localeCompare(b.name));
  return { rows, count: rows.length };
}
